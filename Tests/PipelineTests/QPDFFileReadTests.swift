import Foundation
import QPDF
import XCTest

/// `QPDFDocument(path:)` reads a file of up to its limit into memory and qpdf parses it from
/// there; a larger file (limit 0 here) is read by qpdf through its own `FILE`. Both must see the
/// same document and report the same faults, named by the file's path.
final class QPDFFileReadTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/extract")

    private func path(_ name: String) -> String { Self.folder.appendingPathComponent(name).path }

    func testAFileReadIntoMemoryIsTheDocumentQPDFReadsFromTheFile() throws {
        for name in ["born_digital.pdf", "forms.pdf", "mixed_sizes.pdf", "born_digital_image_codes.pdf", "page_tree_odd_kid.pdf"] {
            let inMemory = try QPDFDocument(path: path(name))
            let fromFile = try QPDFDocument(path: path(name), inMemoryLimit: 0)
            XCTAssertGreaterThan(inMemory.pageCount, 0, name)
            XCTAssertEqual(inMemory.pageCount, fromFile.pageCount, name)
            for index in 0..<inMemory.pageCount {
                // The font that page_tree_odd_kid.pdf's tree holds as a page has no content: both fail.
                XCTAssertEqual(outcome { try inMemory.drawing(ofPage: index) }, outcome { try fromFile.drawing(ofPage: index) },
                               "\(name) page \(index + 1)")
            }
        }
    }

    private func outcome(_ body: () throws -> PageDrawing) -> String {
        do { return String(describing: try body()) } catch { return "error: \(error)" }
    }

    func testAnEncryptedFileInMemoryOpensWithItsPasswordOnly() throws {
        // scripts/fixtures/extract.py: user password "s3cret".
        XCTAssertThrowsError(try QPDFDocument(path: path("encrypted_user.pdf")))
        XCTAssertThrowsError(try QPDFDocument(path: path("encrypted_user.pdf"), password: "wrong"))
        XCTAssertGreaterThan(try QPDFDocument(path: path("encrypted_user.pdf"), password: "s3cret").pageCount, 0)
    }

    func testFaultsNameTheFileEitherWay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qpdf-read-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let junk = folder.appendingPathComponent("not-a-pdf.pdf").path
        try Data(repeating: 0x41, count: 5_000).write(to: URL(fileURLWithPath: junk))
        let empty = folder.appendingPathComponent("empty.pdf").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let missing = folder.appendingPathComponent("missing.pdf").path
        for file in [junk, empty, missing, folder.path] {
            for limit in [QPDFDocument.inMemoryLimit, 0] {
                XCTAssertThrowsError(try QPDFDocument(path: file, inMemoryLimit: limit), "\(file) limit \(limit)") { error in
                    XCTAssertTrue(String(describing: error).contains(file), "\(file) limit \(limit): \(error)")
                }
            }
        }
    }

    func testTheFileIsReadOnceTheDocumentNoLongerDependsOnIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qpdf-snapshot-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("copy.pdf").path
        try FileManager.default.copyItem(atPath: path("mixed_sizes.pdf"), toPath: copy)
        let document = try QPDFDocument(path: copy)
        let before = try document.drawing(ofPage: 0)
        // Truncated under the open document (a file rewritten in place): pages not loaded yet
        // still read from the snapshot.
        XCTAssertEqual(truncate(copy, 10), 0)
        XCTAssertEqual(try document.drawing(ofPage: document.pageCount - 1), try QPDFDocument(path: path("mixed_sizes.pdf")).drawing(ofPage: document.pageCount - 1))
        XCTAssertEqual(try document.drawing(ofPage: 0), before)
    }
}
