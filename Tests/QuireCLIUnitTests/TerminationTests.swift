import Pipeline
import XCTest
@testable import QuireCLI

final class TerminationTests: XCTestCase {
    struct Busy: ExitCodeProviding {
        var exitCode: ExitCode { .databaseBusy }
        var description: String { "another run holds /data/q.db" }
    }
    struct Unexpected: Error {}

    func testEachErrorMapsToOneCodeAndMessage() {
        let fileError = PipelineFileError(path: "p.yaml", diagnostics: [
            Diagnostic(file: "p.yaml", line: 7, column: 3, message: "unknown key 'levle' in 'ocr' (did you mean 'level'?)"),
            Diagnostic(file: "p.yaml", line: 9, column: 1, message: "odd", severity: .warning),
        ])
        let cases: [(any Error, ExitCode, String)] = [
            (UsageError("missing command"), .usage, "Error: missing command\nUsage: quire <command> [options]"),
            (fileError, .invalidPipeline,
             "p.yaml:7:3: unknown key 'levle' in 'ocr' (did you mean 'level'?)\np.yaml:9:1: warning: odd\nError: 'p.yaml' is not a valid pipeline file (1 problem)."),
            (Busy(), .databaseBusy, "Error: another run holds /data/q.db"),
            (CommandFailure(.databaseUnusable, "cannot open q.db: disk I/O error"), .databaseUnusable, "Error: cannot open q.db: disk I/O error"),
            (CommandFailure(.interrupted, "stop"), .interrupted, "Interrupted."),
            (CancellationError(), .interrupted, "Interrupted."),
            (Unexpected(), .internalError, "Error: internal error: Unexpected()"),
        ]
        for (error, code, prefix) in cases {
            let end = termination(for: error)
            XCTAssertEqual(end.exitCode, code, "\(error)")
            XCTAssertEqual(end.stream, .stderr)
            XCTAssertTrue(end.message.hasPrefix(prefix), "\(error): \(end.message)")
        }
    }

    func testExitCodeValues() {
        XCTAssertEqual(ExitCode.allCases.map(\.rawValue), [0, 1, 64, 65, 66, 70, 74, 75, 130])
    }
}
