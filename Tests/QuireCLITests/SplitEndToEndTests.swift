import Foundation
import XCTest

/// `split:` through the real binary: generated batch scans (scripts/fixtures/split.py) become
/// logical documents (separator barcodes in Code 128 and QR, patch-code T and 2 sheets, ASN
/// labels, TAG barcodes, blank backs), in the archive, in exports and in `status`.
final class SplitEndToEndTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/split")

    private struct Expected: Decodable {
        struct Document: Decodable { var asn: Int?; var tags: [String]; var pages: [Int] }
        var pages: [String]
        var documents: [Document]
    }

    private static func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: fixtures.appendingPathComponent("expected.json")))
    }

    /// The pipeline file: no OCR (the split needs only barcodes and ink), PDF pages at 100 dpi.
    private func write(_ box: QuireSandbox, _ yaml: String) throws {
        try """
            name: split
            database: out/quire.sqlite
            inputs:
              - path: in
                min_file_age: 0
            ocr:
              enabled: false
            layout:
              enabled: false
            data_detection:
              enabled: false

            """.appending(yaml).write(toFile: box.pipeline, atomically: true, encoding: .utf8)
    }

    private static func pipeline(_ extra: String = "") -> String {
        """
        extract:
          dpi: 100
        barcodes:
          symbologies: [qr, code128]
        split:
          separators: ["PATCH T", "PATCH 2"]
          keep_separator_pages: false
          asn_prefix: ASN
          tags: {"TAG:(.*)": "\\\\1"}
          patch_codes: true
          blank_pages: drop
        \(extra)
        """
    }

    /// `document_splits` rows of a file as (pages, asn, tags).
    private func documents(_ box: QuireSandbox, _ file: String) throws -> [String] {
        try box.query("""
            SELECT pages || ' ' || COALESCE(asn, '-') || ' ' || tags FROM logical_documents
            WHERE path LIKE '%/\(file)' ORDER BY first_page
            """)
    }

    private func rendered(_ documents: [Expected.Document]) -> [String] {
        documents.map { "\($0.pages.map(String.init).joined(separator: ",")) \($0.asn.map(String.init) ?? "-") \($0.tags.joined(separator: ","))" }
    }

    func testTheGeneratedBatchAndItsDegradedScanSplitExactly() throws {
        let box = try QuireSandbox(files: [])
        try box.add(Self.fixtures.appendingPathComponent("batch.tif"), as: "batch.tif")
        try box.add(Self.fixtures.appendingPathComponent("degraded.pdf"), as: "degraded.pdf")
        try write(box, Self.pipeline())
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let expected = try Self.expected()
        // Every separator, ASN and tag found, no false split, in the clean batch and in its
        // degraded first 18 pages (1° skew, blur, JPEG).
        XCTAssertEqual(try documents(box, "batch.tif"), rendered(expected.documents))
        let pagesInDegraded = try box.scalar("SELECT page_count FROM documents WHERE path LIKE '%degraded.pdf'")
        XCTAssertEqual(pagesInDegraded, 18)
        let degradedTruth = expected.documents.filter { $0.pages.allSatisfy { $0 <= 18 } }
        XCTAssertEqual(try documents(box, "degraded.pdf"), rendered(degradedTruth))
        // Blank backs (noise, dust, punch holes, a dark border, show-through) are found, and
        // nothing else is blank.
        let blanks = expected.pages.enumerated().filter { $0.element == "blank" }.map { String($0.offset + 1) }
        XCTAssertEqual(try box.query("SELECT page_number FROM pages p JOIN documents d ON d.id = p.document_id WHERE d.path LIKE '%batch.tif' AND blank = 1 ORDER BY page_number"), blanks)
        XCTAssertEqual(try box.query("SELECT page_number FROM pages p JOIN documents d ON d.id = p.document_id WHERE d.path LIKE '%degraded.pdf' AND blank = 1 ORDER BY page_number"),
                       blanks.filter { Int($0)! <= 18 })
        // The patch sheets, read from the image.
        XCTAssertEqual(try box.query("SELECT DISTINCT patch_code FROM pages WHERE patch_code IS NOT NULL ORDER BY 1"), ["PATCH 2", "PATCH T"])
        XCTAssertEqual(try box.query("SELECT DISTINCT separator FROM logical_documents WHERE separator IS NOT NULL ORDER BY 1"), ["PATCH 2", "PATCH T"])
        // docs/schema.md's examples.
        XCTAssertEqual(try box.query("SELECT first_page || '-' || last_page FROM logical_documents WHERE asn = 102 AND path LIKE '%batch.tif'"), ["5-9"])
        XCTAssertEqual(try box.query("SELECT count(*) FROM logical_documents, json_each('[\"' || replace(tags, ',', '\",\"') || '\"]') t WHERE t.value = 'contract'"), ["2"])
        // The degraded copy holds the batch's first three ASNs again: the same ASN on two
        // documents is a problem, one line per ASN.
        let status = try box.run(["status", box.pipeline, "--check"])
        XCTAssertEqual(status.status, 1, status.stdout + status.stderr)
        let lines = (status.stdout + status.stderr).split(separator: "\n").filter { $0.contains("split: ASN") }
        XCTAssertEqual(lines.count, 3, status.stdout + status.stderr)

        // Changing what the split keeps redoes the split alone: no barcode reading again.
        try write(box, Self.pipeline().replacingOccurrences(of: "keep_separator_pages: false", with: "keep_separator_pages: true"))
        let again = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(Set(try box.query("SELECT stage FROM page_stages WHERE run_id = 2")), ["split"])
        XCTAssertEqual(try box.query("SELECT pages FROM logical_documents WHERE path LIKE '%batch.tif' AND part = 2"), ["4,5,6,8,9"])
    }

    /// A batch cut into page ranges over shards (`quire plan`) is split again at `quire merge`,
    /// over all its pages: the same logical documents as one machine makes.
    func testABatchCutAcrossShardsIsSplitOverAllItsPagesAtMerge() throws {
        let box = try QuireSandbox(files: [])
        try box.add(Self.fixtures.appendingPathComponent("batch.tif"), as: "batch.tif")
        try write(box, Self.pipeline())
        XCTAssertEqual(try box.run(["plan", box.pipeline, "--shards", "3"]).status, 0)
        for shard in 0..<3 {
            let run = try box.run(["run", box.pipeline, "--shard", "\(shard)/3", "--quiet"])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let merge = try box.run(["merge", box.pipeline])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), try Self.expected().pages.count)
        XCTAssertEqual(try documents(box, "batch.tif"), rendered(try Self.expected().documents))
        // Merging again changes nothing.
        XCTAssertEqual(try box.run(["merge", box.pipeline]).status, 0)
        XCTAssertEqual(try documents(box, "batch.tif"), rendered(try Self.expected().documents))
    }

    func testProblemsAreLinesInStatus() throws {
        let box = try QuireSandbox(files: [])
        try box.add(Self.fixtures.appendingPathComponent("sheets.tif"), as: "sheets.tif")
        // TAG:… payloads read as ASNs that do not parse; the file does not start with a separator.
        try write(box, Self.pipeline("  require_separator: true").replacingOccurrences(of: "asn_prefix: ASN", with: "asn_prefix: \"TAG:\""))
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let status = try box.run(["status", box.pipeline])
        XCTAssertTrue(status.stdout.contains("Split problems:"), status.stdout)
        XCTAssertTrue(status.stdout.contains("page 1: the file does not start with a separator sheet"), status.stdout)
        let check = try box.run(["status", box.pipeline, "--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stdout.contains("split: ") && check.stdout.contains("sheets.tif page 1"), check.stdout)
    }

    /// 300 pages (the five committed sheets repeated: separator, first page with an ASN label,
    /// content, blank back, patch T, content) into 100 logical documents and their exports.
    func testA300PageBatchBecomesLogicalDocumentsAndExports() throws {
        let box = try QuireSandbox(files: [])
        // Sheets: 0 first page (ASN00101 QR), 1 content, 2 blank, 3 Code 128 separator, 4 patch T.
        let unit = [3, 0, 1, 2, 4, 1]
        let order = (0..<50).flatMap { _ in unit }
        let batch = box.inputs.appendingPathComponent("batch300.tif")
        try BatchTIFF.write(from: Self.fixtures.appendingPathComponent("sheets.tif"), order: order, to: batch)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: batch.path)
        try write(box, Self.pipeline().replacingOccurrences(of: "symbologies: [qr, code128]", with: "symbologies: [qr, code128]\n  try_harder: false"))
        let started = Date()
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        print("300-page batch: \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 300)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM logical_documents"), 100)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM logical_documents WHERE asn = 101"), 50)
        XCTAssertEqual(try box.query("SELECT pages FROM logical_documents WHERE part IN (1, 2, 100) ORDER BY part"), ["2,3", "6", "300"])
        XCTAssertEqual(try box.scalar("SELECT sum(blank) FROM pages"), 50)

        let out = box.dir.appendingPathComponent("exports")
        let export = try box.run(["export", box.pipeline, "--format", "json,markdown,alto,pdf", "--out", out.path])
        XCTAssertEqual(export.status, 0, export.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        XCTAssertEqual(files.count, 400, "\(files.prefix(8))")
        XCTAssertTrue(files.contains("batch300.tif.ASN00101.doc-001.json"), "\(files.prefix(8))")
        XCTAssertTrue(files.contains("batch300.tif.doc-002.pdf"), "\(files.prefix(8))")
        // A part holds only its pages: the first, two pages (separator and blank back left out).
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("batch300.tif.ASN00101.doc-001.json")))
        let pages = ((json as? [String: Any])?["pages"] as? [[String: Any]] ?? []).compactMap { $0["pageNumber"] as? Int }
        XCTAssertEqual(pages, [2, 3])
        let pdf = try ChildProcess.run("/usr/bin/qpdf", ["--show-npages", out.appendingPathComponent("batch300.tif.ASN00101.doc-001.pdf").path])
        XCTAssertEqual(pdf.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "2")
        // The same ASN on 50 documents is one line of status --check.
        let check = try box.run(["status", box.pipeline, "--check"])
        XCTAssertTrue(check.stdout.contains("split: ASN 101 is on 50 documents"), check.stdout)
    }
}
