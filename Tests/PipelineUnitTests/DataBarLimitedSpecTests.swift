import DocumentModel
import XCTest
@testable import Pipeline

/// `gs1DataBarLimited` (read by quire's own decoder) is a symbology name of the pipeline file.
final class DataBarLimitedSpecTests: XCTestCase {
    func testTheNameIsAcceptedAndAllIncludesIt() throws {
        let sandbox = try SpecSandbox()
        let head = "name: t\ndatabase: quire.db\ninputs: [scans]\nbarcodes:\n  symbologies: "
        let named = sandbox.validate(head + "[gs1DataBar, gs1DataBarLimited]\n")
        XCTAssertEqual(named.diagnostics, [])
        XCTAssertEqual(try XCTUnwrap(named.spec).barcodes.symbologies, [.gs1DataBar, .gs1DataBarLimited])
        XCTAssertTrue(try XCTUnwrap(sandbox.validate(head + "all\n").spec).barcodes.symbologies.contains(.gs1DataBarLimited))
        XCTAssertEqual(Symbology(rawValue: "gs1DataBarLimited"), .gs1DataBarLimited)
        // Other spellings are pointed to it.
        let other = sandbox.validate(head + "[DataBar-Limited]\n")
        XCTAssertNil(other.spec)
        XCTAssertTrue(other.diagnostics.contains { $0.message.contains("(did you mean 'gs1DataBarLimited'?)") }, "\(other.diagnostics)")
    }
}
