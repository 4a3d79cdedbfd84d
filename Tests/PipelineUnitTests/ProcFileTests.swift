import Foundation
import XCTest
@testable import Pipeline

final class ProcFileTests: XCTestCase {
    /// A /proc file far longer than one read comes whole: every mapping of /proc/self/smaps has
    /// its closing `VmFlags` line (Foundation's readers stopped after about 4 KB).
    func testALongProcFileIsReadWhole() throws {
        let smaps = try XCTUnwrap(ProcFile.read("/proc/self/smaps"))
        XCTAssertGreaterThan(smaps.utf8.count, 16_384, "a test process maps more than 16 KB of smaps")
        XCTAssertTrue(smaps.hasSuffix("\n"))
        let lines = smaps.split(separator: "\n")
        let mappings = lines.filter { line in
            guard let range = line.split(separator: " ").first else { return false }
            let ends = range.split(separator: "-")
            return ends.count == 2 && ends.allSatisfy { UInt64($0, radix: 16) != nil }
        }
        XCTAssertEqual(lines.filter { $0.hasPrefix("VmFlags:") }.count, mappings.count)
    }

    func testAMissingFileIsNil() {
        XCTAssertNil(ProcFile.read("/proc/self/no-such-file"))
    }
}
