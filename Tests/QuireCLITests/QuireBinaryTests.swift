import Foundation
import XCTest

/// End to end: runs the built `quire` executable and checks output and exit codes.
final class QuireBinaryTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/spec")

    /// The products folder holds the test bundle and the executable (`.build/<triple>/debug`).
    static var binary: URL? {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("quire"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("quire"),
        ] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent().appendingPathComponent("quire") }
          + [packageRoot.appendingPathComponent(".build/debug/quire")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Outcome { var status: Int32; var stdout: String; var stderr: String }

    func quire(_ arguments: String...) throws -> Outcome {
        let binary = try XCTUnwrap(Self.binary, "the quire executable was not built next to the tests (run `swift build` first)")
        let result = try ChildProcess.run(binary.path, arguments,
                                          environment: ["ARCHIVE_PDF_PASSWORD": "not-a-real-password", "TESSDATA_PREFIX": nil])
        return Outcome(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    func testHelp() throws {
        let r = try quire("--help")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("Usage: quire <command> [options]"))
        XCTAssertTrue(r.stdout.contains("validate PIPELINE"))
        XCTAssertEqual(r.stderr, "")
        let sub = try quire("help", "status")
        XCTAssertEqual(sub.status, 0)
        XCTAssertTrue(sub.stdout.contains("Usage: quire status PIPELINE|DB [--json] [--check]"))
    }

    func testVersion() throws {
        let r = try quire("--version")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "quire 0.1.0\n")
    }

    func testUsageErrorExits64() throws {
        let r = try quire("run", "p.yaml", "--workers", "zero")
        XCTAssertEqual(r.status, 64)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, """
        Error: option '--workers' expects a whole number from 1 to 64, found 'zero'
        Usage: quire run PIPELINE [--workers N] [--progress auto|plain|json] [--quiet] [--log-file PATH] [--dry-run] [--all] [--shard i/N|auto]
        See 'quire run --help'.

        """)
    }

    func testValidateGoodFile() throws {
        let path = Self.fixtures.appendingPathComponent("complete.yaml").path
        let r = try quire("validate", path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("ok: \(path) (2 inputs, OCR eng+deu balanced, 3 barcode symbologies, 2 workers"), r.stdout)
        XCTAssertEqual(r.stderr, "")
    }

    func testValidateBadFileExits65WithEveryDiagnostic() throws {
        let path = Self.fixtures.appendingPathComponent("bad.yaml").path
        let r = try quire("validate", path)
        XCTAssertEqual(r.status, 65)
        XCTAssertEqual(r.stdout, "")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5, r.stderr)
        XCTAssertTrue(lines[0].hasPrefix("\(path):4:5: input folder does not exist: "), lines[0])
        XCTAssertEqual(lines[1], "\(path):7:3: unknown key 'levle' in 'ocr' (did you mean 'level'?)")
        XCTAssertEqual(lines[2], "\(path):9:21: barcodes.symbologies: unknown symbology 'QRcode' (did you mean 'qr'?)")
        XCTAssertEqual(lines[3], "\(path):11:12: run.workers: must be between 1 and 64, found 0")
        XCTAssertEqual(lines[4], "Error: '\(path)' is not a valid pipeline file (4 problems).")
    }

    func testValidateMissingFileExits65() throws {
        let r = try quire("validate", "/no/such/pipeline.yaml")
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.hasPrefix("/no/such/pipeline.yaml: no such file\n"), r.stderr)
    }
}
