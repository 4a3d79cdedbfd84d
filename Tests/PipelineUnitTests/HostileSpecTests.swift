import Foundation
import XCTest
@testable import Pipeline

/// Hostile pipeline files and settings (issue 15, items 13–15, and 17's pipe leak).
final class HostileSpecTests: XCTestCase {
    func testPasswordEntriesAreNeverEchoed() throws {
        let sandbox = try SpecSandbox()
        // A password written where a variable's NAME belongs: it looks like a name, so it
        // passes the name check, and must still never be printed.
        let text = """
            name: t
            database: quire.db
            inputs:
              - path: scans
                passwords: [PDF_PW, Summer2024secret, '${Autumn2024secret}', 'Winter 2024!']
            """
        let result = sandbox.validate(text)
        let printed = result.diagnostics.map(\.description).joined(separator: "\n")
        for secret in ["Summer2024secret", "Autumn2024secret", "Winter 2024"] {
            XCTAssertFalse(printed.contains(secret), printed)
        }
        XCTAssertTrue(printed.contains("variable #2 of input 1 is not set"), printed)
        XCTAssertTrue(printed.contains("variable #3 of input 1 is written as '${…}'"), printed)
        XCTAssertTrue(printed.contains("variable #4 of input 1 is not an environment variable name"), printed)
    }

    func testPipelineFileOverOneMiBIsRefusedUnread() throws {
        let sandbox = try SpecSandbox()
        // 2 MiB of unknown keys: refused from its size, with one diagnostic.
        let line = String(repeating: "k", count: 60) + ": 1\n"
        var text = minimalHeader
        while text.utf8.count <= 2 << 20 { text += String(text.utf8.count) + line }
        try text.write(toFile: sandbox.pipelinePath, atomically: true, encoding: .utf8)
        let result = sandbox.loader().validate(path: sandbox.pipelinePath)
        XCTAssertNil(result.spec)
        XCTAssertEqual(result.diagnostics.count, 1)
        XCTAssertTrue(result.diagnostics[0].message.contains("limited to 1048576 bytes (1 MiB)"), result.diagnostics[0].message)
    }

    func testPrintedDiagnosticsAreCapped() throws {
        let sandbox = try SpecSandbox()
        let text = minimalHeader + (1...300).map { "unknown_key_\($0): 1\n" }.joined()
        let result = sandbox.validate(text)
        XCTAssertEqual(result.errors.count, 300)
        let printed = PipelineFileError(path: sandbox.pipelinePath, diagnostics: result.diagnostics).description
            .split(separator: "\n")
        XCTAssertEqual(printed.count, 50 + 1)
        XCTAssertEqual(printed.last.map(String.init), "… and 250 more problems in \(sandbox.pipelinePath)")
    }

    func testWorkerMemoryMinimumFollowsTheLargestPageAllowed() throws {
        let sandbox = try SpecSandbox()
        // 256 MiB cannot hold one page at the default 100-megapixel budget.
        let tooSmall = sandbox.validate(minimalHeader + "run:\n  worker_memory_mib: 256\n")
        XCTAssertNil(tooSmall.spec)
        let message = tooSmall.errors.first?.description ?? ""
        XCTAssertTrue(message.contains("run.worker_memory_mib: one page of up to 100 megapixels"), message)
        XCTAssertTrue(message.hasSuffix("raise run.worker_memory_mib to 1024"), message)
        XCTAssertEqual(tooSmall.errors.first?.line, 5)
        // With room for a smaller pixel budget, that is the other way out (32 MP: max(480, 512)).
        let lower = sandbox.validate(minimalHeader + "run:\n  worker_memory_mib: 512\n")
        let lowerMessage = lower.errors.first?.description ?? ""
        XCTAssertTrue(lowerMessage.hasSuffix("raise run.worker_memory_mib to 1024 or lower extract.max_megapixels to 32"), lowerMessage)
        // A small budget still needs 384 + 4 MiB per megapixel (4 MP: 400).
        let floor = sandbox.validate(minimalHeader + "extract:\n  max_megapixels: 4\nrun:\n  worker_memory_mib: 320\n")
        XCTAssertTrue(floor.errors.first?.description.hasSuffix("raise run.worker_memory_mib to 400") ?? false, "\(floor.errors)")
        // With a budget of an A4 page at 300 dpi (8.7 MP), 512 MiB is enough.
        let fits = sandbox.validate(minimalHeader + "extract:\n  max_megapixels: 9\nrun:\n  worker_memory_mib: 512\n")
        XCTAssertEqual(fits.errors, [])
        // A large budget with the default cap (4096 MiB) is reported at max_megapixels.
        let huge = sandbox.validate(minimalHeader + "extract:\n  max_megapixels: 1000\n")
        XCTAssertTrue(huge.errors.first?.description.contains("extract.max_megapixels: one page of up to 1000 megapixels") ?? false,
                      "\(huge.errors)")
    }

    func testFailedPipeDoesNotLeakTheOnesAlreadyMade() throws {
        // Leave exactly two free descriptor slots: room for one pipe, so the second pipe() fails
        // with EMFILE. Every other slot below the limit is filled with /dev/null.
        let highest = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { Int32($0) }.max() ?? 2
        var saved = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &saved)
        var tight = saved
        tight.rlim_cur = rlim_t(highest + 9)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &tight)
        var fillers: [Int32] = []
        defer {
            fillers.forEach { close($0) }
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &saved)
        }
        while case let fd = open("/dev/null", O_RDONLY | O_CLOEXEC), fd >= 0 { fillers.append(fd) }
        close(fillers.removeLast()); close(fillers.removeLast())
        XCTAssertThrowsError(try WorkerProcess(index: 0, start: .exec(executable: "/bin/true", arguments: [], environment: [:]),
                                               events: EventQueue<CoordinatorEvent>()))
        // Both slots are free again: the pipe made before the failure was closed.
        for _ in 0..<2 {
            let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
            XCTAssertGreaterThanOrEqual(fd, 0, "a descriptor leaked")
            if fd >= 0 { fillers.append(fd) }
        }
    }
}
