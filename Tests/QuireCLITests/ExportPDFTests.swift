import Foundation
import XCTest
import XML

/// `export --format pdf` on `samples/`: qpdf accepts every file, pages keep their count and
/// size, and poppler's `pdftotext` gives back the stored words (CER ≤ 2 %) at the stored boxes.
final class ExportPDFTests: XCTestCase {
    struct Tool { var status: Int32; var out: String }

    static func tool(_ path: String, _ arguments: [String]) throws -> Tool {
        let result = try ChildProcess.run(path, arguments)
        return Tool(status: result.status, out: result.stdout)
    }

    /// `pdfinfo -f 1 -l N`: each page's size in points.
    static func pageSizes(_ pdf: String) throws -> [[Double]] {
        let info = try tool("/usr/bin/pdfinfo", ["-f", "1", "-l", "9999", pdf]).out
        return info.split(separator: "\n").filter { $0.hasPrefix("Page") && $0.contains(" size:") }.map { line in
            line.split(separator: " ").compactMap { Double($0) }.dropFirst().prefix(2).map { $0 }
        }
    }

    struct Word { var page: Int; var text: String; var box: [Double] }

    /// `pdftotext -bbox`: words with boxes in points, per page.
    static func extractedWords(_ pdf: String) throws -> [Word] {
        let html = try XMLParser.parseXML(Array(try tool("/usr/bin/pdftotext", ["-bbox", pdf, "-"]).out.utf8))   // XHTML: attribute case kept
        let pages = html.descendants { $0.name == "page" }
        return pages.enumerated().flatMap { index, page in
            page.descendants { $0.name == "word" }.map { w in
                Word(page: index + 1, text: w.text,
                     box: ["xMin", "yMin", "xMax", "yMax"].map { Double(w.attributes[$0] ?? "") ?? -1 })
            }
        }
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    func testSearchablePDFsGiveBackTheStoredWordsAtTheirPlaces() throws {
        let run = try XCTUnwrap(ExportEndToEndTests.samples, "the sample run could not start")
        XCTAssertEqual(run.status, 0, run.stderr)
        let box = run.box
        let out = box.dir.appendingPathComponent("pdf")
        let result = try box.run(["export", box.database, "--format", "pdf", "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let documents = try box.query("SELECT id || '|' || path || '|' || kind || '|' || page_count FROM documents ORDER BY path")
        XCTAssertEqual(documents.count, 5)
        for row in documents {
            let f = row.split(separator: "|").map(String.init)
            let (id, path, kind, pageCount) = (f[0], f[1], f[2], Int(f[3]) ?? 0)
            let name = (path as NSString).lastPathComponent
            let pdf = out.appendingPathComponent(name + ".pdf").path

            XCTAssertEqual(try Self.tool("/usr/bin/qpdf", ["--check", pdf]).status, 0, "qpdf --check \(name)")
            let sizes = try Self.pageSizes(pdf)
            XCTAssertEqual(sizes.count, pageCount, name)
            let expectedSizes: [[Double]] = kind == "pdf" ? try Self.pageSizes(path) : try box.query(
                "SELECT (width * 72.0 / dpi) || '|' || (height * 72.0 / dpi) FROM pages WHERE document_id = \(id) ORDER BY page_number"
            ).map { $0.split(separator: "|").compactMap { Double($0) } }
            for (got, want) in zip(sizes, expectedSizes) {
                XCTAssertEqual(got[0], want[0], accuracy: 0.5, name); XCTAssertEqual(got[1], want[1], accuracy: 0.5, name)
            }

            let extracted = try Self.extractedWords(pdf)
            let stored: [Word] = try box.query("""
                SELECT p.page_number || '|' || (w.x * 72.0 / p.dpi) || '|' || (w.y * 72.0 / p.dpi) || '|' ||
                       ((w.x + w.width) * 72.0 / p.dpi) || '|' || ((w.y + w.height) * 72.0 / p.dpi) || '|' || w.text
                FROM words w JOIN pages p ON p.id = w.page_id
                WHERE p.document_id = \(id) AND p.text_source = 'ocr' ORDER BY p.page_number, w.line_id, w.word_order
                """).map { row in
                let f = row.split(separator: "|", maxSplits: 5).map(String.init)
                return Word(page: Int(f[0])!, text: f[5], box: f[1...4].compactMap(Double.init))
            }
            if kind == "pdf" && stored.isEmpty {
                // Born-digital: its own text, no second layer (the text is not doubled).
                let original = try Self.tool("/usr/bin/pdftotext", [path, "-"]).out
                XCTAssertEqual(try Self.tool("/usr/bin/pdftotext", [pdf, "-"]).out, original, name)
                continue
            }
            XCTAssertGreaterThan(stored.count, 5, name)
            // Each stored word is matched with the extracted word nearest to its box's centre.
            var offsets: [Double] = []
            var matched: [String] = []
            for word in stored {
                let (cx, cy) = ((word.box[0] + word.box[2]) / 2, (word.box[1] + word.box[3]) / 2)
                let nearest = extracted.filter { $0.page == word.page }.min { a, b in
                    hypot((a.box[0] + a.box[2]) / 2 - cx, (a.box[1] + a.box[3]) / 2 - cy)
                        < hypot((b.box[0] + b.box[2]) / 2 - cx, (b.box[1] + b.box[3]) / 2 - cy)
                }
                guard let nearest else { matched.append(""); continue }
                matched.append(nearest.text)
                // Horizontal edges are the word's; vertical ones the line's (one font size per line).
                offsets.append(max(abs(nearest.box[0] - word.box[0]), abs(nearest.box[2] - word.box[2])))
                // A token with no letter or digit (a table ruling OCR read as "|") has a box of its
                // own height, not its line's: its glyph sits on the line, not in the box's middle.
                if word.text.contains(where: { $0.isLetter || $0.isNumber }) {
                    XCTAssertLessThanOrEqual(abs((nearest.box[1] + nearest.box[3]) / 2 - cy), 6, "\(name): \(word.text)")
                }
            }
            let want = Array(stored.map(\.text).joined(separator: " ")), got = Array(matched.joined(separator: " "))
            let cer = Double(Self.editDistance(want, got)) / Double(max(1, want.count))
            XCTAssertLessThanOrEqual(cer, 0.02, "\(name): CER \(cer)")
            let close = offsets.filter { $0 <= 2 }.count
            XCTAssertGreaterThanOrEqual(Double(close) / Double(max(1, offsets.count)), 0.98, "\(name): \(offsets.sorted().suffix(5))")
            // Plain pdftotext finds the same words.
            let plain = Set(try Self.tool("/usr/bin/pdftotext", [pdf, "-"]).out.split(whereSeparator: \.isWhitespace).map(String.init))
            let found = stored.filter { plain.contains($0.text) }.count
            XCTAssertGreaterThanOrEqual(Double(found) / Double(stored.count), 0.98, name)
        }
    }

    /// An encrypted PDF input: the pipeline's password variables open it, the output keeps its
    /// encryption, and without the password the document fails alone (exit 1) with qpdf's reason.
    func testEncryptedPDFUsesThePipelinePasswords() throws {
        let box = try QuireSandbox(files: [])
        try FileManager.default.copyItem(at: QuireSandbox.fixtures.deletingLastPathComponent().appendingPathComponent("extract/encrypted_user.pdf"),
                                         to: box.inputs.appendingPathComponent("encrypted_user.pdf"))
        try """
            name: e2e
            database: out/quire.sqlite
            inputs:
              - path: in
                min_file_age: 0
                passwords: [QUIRE_TEST_PDF_PASSWORD]
            extract:
              text_layer: never
            barcodes:
              enabled: false
            """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        let env = ["QUIRE_TEST_PDF_PASSWORD": "s3cret"]
        let run = try box.run(["run", box.pipeline, "--quiet"], environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        let out = box.dir.appendingPathComponent("pdf").path
        let export = try box.run(["export", box.pipeline, "--format", "pdf", "--out", out], environment: env)
        XCTAssertEqual(export.status, 0, export.stderr)
        let pdf = out + "/encrypted_user.pdf.pdf"
        XCTAssertEqual(try Self.tool("/usr/bin/qpdf", ["--check", "--password=s3cret", pdf]).status, 0)
        XCTAssertNotEqual(try Self.tool("/usr/bin/pdftotext", [pdf, "-"]).status, 0, "still encrypted")
        XCTAssertTrue(try Self.tool("/usr/bin/pdftotext", ["-upw", "s3cret", pdf, "-"]).out.contains("Secret Memo"))
        let noPassword = try box.run(["export", box.database, "--format", "pdf", "--out", out + "-2"])
        XCTAssertEqual(noPassword.status, 1)
        XCTAssertTrue(noPassword.stderr.contains("encrypted_user.pdf [pdf]: encrypted PDF needs a password (export with the pipeline file"), noPassword.stderr)
        // The pipeline's variable unset: said so, not qpdf's "invalid password" (issue 38, item 12).
        let unset = try box.run(["export", box.pipeline, "--format", "pdf", "--out", out + "-3"])
        XCTAssertEqual(unset.status, 1)
        XCTAssertTrue(unset.stderr.contains("encrypted_user.pdf [pdf]: encrypted PDF needs a password (variable #1 of input 1 is not set)"), unset.stderr)
        XCTAssertFalse(unset.stderr.contains("invalid password"), unset.stderr)
        let wrong = try box.run(["export", box.pipeline, "--format", "pdf", "--out", out + "-4"], environment: ["QUIRE_TEST_PDF_PASSWORD": "nope"])
        XCTAssertTrue(wrong.stderr.contains("none of the set password variables of input 1 opens it"), wrong.stderr)
    }
}
