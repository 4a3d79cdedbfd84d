import Foundation
import XCTest

/// `export --format pdfa`: every file passes `PDFAChecks` (image inputs, born-digital, scanned
/// and mixed PDFs, a turned and a skewed scan, a PDF with transparency), carries quire's
/// metadata, gives back the stored words, and comes out straight.
final class ExportPDFATests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pdfa")
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples")

    func makeBox() throws -> QuireSandbox {
        let box = try QuireSandbox(files: [])
        for folder in [Self.fixtures, Self.samples] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
            where [".pdf", ".png", ".jpg", ".tif"].contains(where: name.hasSuffix) {
                try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: box.inputs.appendingPathComponent(name))
            }
        }
        try """
            name: pdfa
            database: out/quire.sqlite
            inputs:
              - path: in
                min_file_age: 0
            extract:
              detect_orientation: true
              deskew: true
            export:
              pdf:
                deskew: true
            """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        return box
    }

    func testEveryPDFAExportPassesTheChecksAndCarriesTheArchivesMetadata() throws {
        let box = try makeBox()
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let out = box.dir.appendingPathComponent("pdfa").path
        let export = try box.run(["export", box.pipeline, "--format", "pdfa", "--out", out])
        XCTAssertEqual(export.status, 0, export.stderr)
        let rows = try box.query("SELECT path || '|' || sha256 || '|' || page_count || '|' || COALESCE(document_date, '') FROM documents ORDER BY path")
        XCTAssertEqual(rows.count, 9)
        for row in rows {
            let f = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let name = (f[0] as NSString).lastPathComponent, pdf = out + "/" + name + ".pdf"
            try PDFAChecks.assertConforms(pdf)
            let info = try ChildProcess.run("/usr/bin/pdfinfo", ["-meta", pdf]).stdout
            XCTAssertTrue(info.contains("urn:sha256:" + f[1]), "\(name): the link back to the archive")
            XCTAssertTrue(info.contains("<xmpTPg:NPages>\(f[2])</xmpTPg:NPages>"), name)
            if !f[3].isEmpty { XCTAssertTrue(info.contains("<rdf:li>\(f[3])</rdf:li>"), "\(name): the document date") }
            XCTAssertTrue(info.contains("<rdf:li>en</rdf:li>"), "\(name): the language")
            // The stored words come back (bag of words, OCR'd pages).
            let stored = try box.query("""
                SELECT w.text FROM words w JOIN pages p ON p.id = w.page_id JOIN documents d ON d.id = p.document_id
                WHERE d.path = '\(f[0])' AND p.text_source = 'ocr'
                """)
            guard !stored.isEmpty else { continue }
            let extracted = Set(try ChildProcess.run("/usr/bin/pdftotext", [pdf, "-"]).stdout.split(whereSeparator: \.isWhitespace).map(String.init))
            let found = stored.filter { extracted.contains($0) }.count
            XCTAssertGreaterThanOrEqual(Double(found) / Double(stored.count), 0.99, "\(name): \(found)/\(stored.count) words")
        }
        // The transparent PDF went through Ghostscript and kept its own text.
        XCTAssertTrue(try ChildProcess.run("/usr/bin/pdftotext", [out + "/transparency.pdf.pdf", "-"]).stdout.contains("Northwind Records Office"))
        // Upright: the quarter-turned scan is shown turned back.
        XCTAssertTrue(try ChildProcess.run("/usr/bin/pdfinfo", [out + "/turned.png.pdf"]).stdout.contains("Page rot:        90"))
        // PNG scans go in as they are: the image stream is the PNG's IDAT data (its predictors
        // kept), not samples decoded and compressed again (≈ 9 % larger on scanned pages).
        for name in ["skewed.png", "turned.png", "barcodes.png"] {
            let pdf = out + "/" + name + ".pdf"
            let images = try ChildProcess.run("/usr/bin/pdfimages", ["-list", pdf]).stdout.split(separator: "\n").dropFirst(2)
            XCTAssertEqual(images.count, 1, name)
            let f = images.first?.split(separator: " ").map(String.init) ?? []
            guard f.count > 10 else { XCTFail("\(name): \(images)"); continue }
            let raw = box.dir.appendingPathComponent(name + ".stream").path
            XCTAssertEqual(try ChildProcess.run("/bin/sh", ["-c", "qpdf --show-object=\(f[10]) --raw-stream-data \"$1\" > \"$2\"", "_", pdf, raw]).status, 0)
            let png = try Data(contentsOf: box.inputs.appendingPathComponent(name))
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: raw)), Self.idat(png), "\(name): the PNG's data as it is")
            XCTAssertLessThan(try FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int ?? .max, png.count + 100_000, name)
        }
        // The document's date is chosen once, with how.
        XCTAssertEqual(try box.query("SELECT document_date || ' ' || document_date_source FROM documents WHERE path LIKE '%skewed.png'"),
                       ["2024-03-14 first_page_top"])

        // Straight: quire reads its own exports again and measures what skew is left.
        let again = try QuireSandbox(files: [])
        for name in ["skewed.png.pdf", "turned.png.pdf"] {
            try FileManager.default.copyItem(atPath: out + "/" + name, toPath: again.inputs.appendingPathComponent(name).path)
        }
        try """
            name: again
            database: out/quire.sqlite
            inputs:
              - path: in
                min_file_age: 0
            extract:
              detect_orientation: true
              deskew: true
              text_layer: never
            """.write(toFile: again.pipeline, atomically: true, encoding: .utf8)
        XCTAssertEqual(try again.run(["run", again.pipeline, "--quiet"]).status, 0)
        // The pages decode: OCR reads them again (the PNG predictors were declared right).
        XCTAssertEqual(try again.scalar("SELECT count(*) FROM pages WHERE (SELECT count(*) FROM words WHERE page_id = pages.id) > 20"), 2)
        for row in try again.query("SELECT rotation || '|' || skew FROM pages") {
            let f = row.split(separator: "|")
            XCTAssertEqual(Int(f[0]), 0, "upright")
            XCTAssertLessThanOrEqual(abs(Double(f[1]) ?? 9), 0.2, "residual skew")
        }
    }

    /// The concatenated data of a PNG's IDAT chunks.
    static func idat(_ png: Data) -> Data {
        let bytes = [UInt8](png)
        var at = 8, out = Data()
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self) == "IDAT" {
                out.append(contentsOf: bytes[(at + 8)..<(at + 8 + length)])
            }
            at += 12 + length
        }
        return out
    }

    func testPDFAndPDFATogetherAreRefused() throws {
        let box = try makeBox()
        let both = try box.run(["export", box.pipeline, "--format", "pdf,pdfa", "--out", box.dir.appendingPathComponent("x").path])
        XCTAssertNotEqual(both.status, 0)
        XCTAssertTrue(both.stderr.contains("same file"), both.stderr)
    }
}
