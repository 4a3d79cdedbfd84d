import Foundation
import XCTest

/// The sample pipeline over `samples/`, checked against `samples/expected.json` (written by
/// `scripts/make-samples.py` with the facts each sample holds). OCR facts are robust ones:
/// words present, most table cells right.
final class SamplesEndToEndTests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Expected: Decodable, Sendable {
        struct File: Decodable, Sendable {
            var file: String
            var pages: Int
            var words: [String]?
            var page_words: [[String]]?
            var title: String?
            var headings: [String]?
            var lists: [List]?
            var tables: [Table]?
            var barcodes: [Code]?
            var detected: [Detected]?
        }
        struct Detected: Decodable, Hashable, Sendable { var type: String; var value: String; var currency: String? }
        struct List: Decodable, Sendable { var page: Int; var marker: String; var items: [String] }
        struct Table: Decodable, Sendable { var rows: Int; var columns: Int; var cells: [[String]] }
        struct Code: Decodable, Hashable, Sendable { var symbology: String; var payload: String }
        var files: [File]
    }

    /// One run shared by the tests (OCR of the samples takes a few seconds).
    static let run: (box: QuireSandbox, expected: Expected, status: Int32, stderr: String)? = {
        guard let box = try? QuireSandbox(files: []),
              let data = try? Data(contentsOf: repo.appendingPathComponent("samples/expected.json")),
              let expected = try? JSONDecoder().decode(Expected.self, from: data) else { return nil }
        let pipeline = (try? String(contentsOf: repo.appendingPathComponent("pipelines/samples.yml"), encoding: .utf8)) ?? ""
        let yaml = pipeline
            .replacingOccurrences(of: "../out/samples.sqlite", with: box.database)
            .replacingOccurrences(of: "path: ../samples", with: "path: \(repo.path)/samples")
        try? yaml.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        guard let result = try? box.run(["run", box.pipeline, "--quiet"]) else { return nil }
        return (box, expected, result.status, result.stderr)
    }()

    private func sample(_ name: String) throws -> (QuireSandbox, Expected.File) {
        let run = try XCTUnwrap(Self.run, "the sample run could not start")
        XCTAssertEqual(run.status, 0, run.stderr)
        return (run.box, try XCTUnwrap(run.expected.files.first { $0.file == name }))
    }

    private func text(_ box: QuireSandbox, _ file: String, page: Int? = nil) throws -> String {
        try box.query("SELECT text FROM page_text WHERE path LIKE '%/\(file)'" + (page.map { " AND page_number = \($0)" } ?? ""))
            .joined(separator: "\n")
    }

    private func barcodes(_ box: QuireSandbox, _ file: String) throws -> Set<Expected.Code> {
        Set(try box.query("""
            SELECT b.symbology || '|' || b.payload FROM barcodes b JOIN pages p ON p.id = b.page_id
            JOIN documents d ON d.id = p.document_id WHERE d.path LIKE '%/\(file)'
            """).map { row in
            let parts = row.split(separator: "|", maxSplits: 1).map(String.init)
            return Expected.Code(symbology: parts[0], payload: parts.count > 1 ? parts[1] : "")
        })
    }

    /// The cells ("row,col" → text) of the file's largest table (most cells): a page may hold
    /// smaller ones too (an invoice's totals or its key-value header block).
    private func tableCells(_ box: QuireSandbox, _ file: String) throws -> [String: String] {
        var tables: [String: [String: String]] = [:]
        for row in try box.query("""
            SELECT b.id || '|' || c.row || ',' || c.col || '|' || c.text FROM table_cells c JOIN blocks b ON b.id = c.block_id
            JOIN pages p ON p.id = b.page_id JOIN documents d ON d.id = p.document_id WHERE d.path LIKE '%/\(file)'
            """) {
            let parts = row.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            tables[parts[0], default: [:]][parts[1]] = parts.count > 2 ? parts[2] : ""
        }
        return tables.values.max { $0.count < $1.count } ?? [:]
    }

    /// Data detection over the stored words: the invoice's date, email, phone (E.164) and
    /// amounts (GBP), in the `detected` view and in the page's structure JSON.
    func testInvoiceDataIsDetectedWithNormalisedValues() throws {
        let (box, expected) = try sample("invoice-scan.pdf")
        let wanted = try XCTUnwrap(expected.detected)
        let rows = Set(try box.query("""
            SELECT type || '|' || value || '|' || COALESCE(currency, '') FROM detected WHERE path LIKE '%/invoice-scan.pdf'
            """))
        for item in wanted {
            XCTAssertTrue(rows.contains("\(item.type)|\(item.value)|\(item.currency ?? "")"), "\(item) not in \(rows.sorted())")
        }
        let json = try box.query("""
            SELECT p.structure_json FROM pages p JOIN documents d ON d.id = p.document_id WHERE d.path LIKE '%/invoice-scan.pdf'
            """).joined()
        struct Structure: Decodable { struct Item: Decodable { var type: String; var value: String; var boxes: [[Int]] }; var detectedData: [Item] }
        let structure = try JSONDecoder().decode(Structure.self, from: Data(json.utf8))
        XCTAssertTrue(structure.detectedData.contains { $0.type == "email" && $0.value == "accounts@acme-supplies.example" && $0.boxes.count == 1 })
        // No tracking numbers, IBANs or flight numbers on an invoice that has none.
        XCTAssertEqual(try box.scalar("""
            SELECT count(*) FROM detected WHERE type IN ('tracking_number', 'iban', 'flight_number')
            """), 0)
    }

    func testBornDigitalReportHasItsTitleHeadingsListsAndTable() throws {
        let (box, expected) = try sample("report.pdf")
        XCTAssertEqual(try box.query("""
            SELECT b.text FROM blocks b JOIN pages p ON p.id = b.page_id JOIN documents d ON d.id = p.document_id
            WHERE d.path LIKE '%/report.pdf' AND b.kind = 'title'
            """), [expected.title!])
        let headings = try box.query("SELECT text FROM blocks WHERE kind = 'heading'")
        for heading in expected.headings! { XCTAssertTrue(headings.contains(heading), "\(heading) in \(headings)") }
        for list in expected.lists! {
            let items = try box.query("""
                SELECT li.marker_type || '|' || li.text FROM list_items li JOIN blocks b ON b.id = li.block_id
                JOIN pages p ON p.id = b.page_id JOIN documents d ON d.id = p.document_id
                WHERE d.path LIKE '%/report.pdf' AND p.page_number = \(list.page) ORDER BY b.reading_order, li.item_order
                """)
            XCTAssertEqual(items, list.items.map { "\(list.marker)|\($0)" })
        }
        let table = try XCTUnwrap(expected.tables?.first)
        let cells = try tableCells(box, "report.pdf")
        XCTAssertEqual(cells.count, table.rows * table.columns, "\(cells)")
        for (r, row) in table.cells.enumerated() {
            for (c, value) in row.enumerated() { XCTAssertEqual(cells["\(r),\(c)"], value, "cell \(r),\(c)") }
        }
        XCTAssertEqual(try box.query("""
            SELECT DISTINCT p.text_source FROM pages p JOIN documents d ON d.id = p.document_id WHERE d.path LIKE '%/report.pdf'
            """), ["text_layer"])
    }

    func testScannedInvoiceWordsTableAndBarcodes() throws {
        let (box, expected) = try sample("invoice-scan.pdf")
        let text = try text(box, "invoice-scan.pdf")
        let found = expected.words!.filter { text.contains($0) }
        XCTAssertGreaterThanOrEqual(found.count, expected.words!.count - 1, "found \(found) in:\n\(text)")
        XCTAssertEqual(try barcodes(box, "invoice-scan.pdf"),
                       Set(expected.barcodes!))
        let table = try XCTUnwrap(expected.tables?.first)
        let cells = try tableCells(box, "invoice-scan.pdf")
        var right = 0
        for (r, row) in table.cells.enumerated() {
            for (c, value) in row.enumerated() where cells["\(r),\(c)"]?.contains(value) == true { right += 1 }
        }
        XCTAssertGreaterThanOrEqual(Double(right) / Double(table.rows * table.columns), 0.8, "\(cells)")
        XCTAssertGreaterThan(try box.scalar("""
            SELECT CAST(p.mean_confidence AS INTEGER) FROM pages p JOIN documents d ON d.id = p.document_id WHERE d.path LIKE '%/invoice-scan.pdf'
            """), 80)
    }

    func testBarcodeSheetYieldsEveryCode() throws {
        let (box, expected) = try sample("barcodes.png")
        XCTAssertEqual(try barcodes(box, "barcodes.png"), Set(expected.barcodes!))
    }

    /// Issue 12 point 5: barcodes are not text. Where the barcode stage runs, no stored word
    /// lies inside a found symbol's quadrilateral, and the page's structure lists the symbols.
    func testNoWordInsideASymbolAndTheStructureListsTheSymbols() throws {
        let (box, expected) = try sample("barcodes.png")
        let page = "(SELECT p.id FROM pages p JOIN documents d ON d.id = p.document_id WHERE d.path LIKE '%/barcodes.png')"
        let quads = try box.query("SELECT x0, y0, x1, y1, x2, y2, x3, y3 FROM barcodes WHERE page_id = \(page)").map { row in
            let v = row.split(separator: "|").compactMap { Double($0) }
            return [(v[0], v[1]), (v[2], v[3]), (v[4], v[5]), (v[6], v[7])]
        }
        XCTAssertEqual(quads.count, expected.barcodes?.count)
        let words = try box.query("SELECT text, x + width / 2.0, y + height / 2.0 FROM words WHERE page_id = \(page)")
        XCTAssertGreaterThan(words.count, 0, "the sheet's captions are still read")
        for word in words {
            let parts = word.split(separator: "|", omittingEmptySubsequences: false)
            let (x, y) = (Double(parts[parts.count - 2])!, Double(parts[parts.count - 1])!)
            for quad in quads {
                XCTAssertFalse(Self.inside(quad, x, y), "word '\(word)' lies inside a symbol \(quad)")
            }
        }
        let json = try box.query("SELECT structure_json FROM pages WHERE id = \(page)").joined()
        let structure = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let listed = (structure?["barcodes"] as? [[String: Any]]) ?? []
        XCTAssertEqual(Set(listed.compactMap { b in (b["symbology"] as? String).map { "\($0)|\(b["payload"] as? String ?? "")" } }),
                       Set(expected.barcodes!.map { "\($0.symbology)|\($0.payload)" }))
        XCTAssertTrue(listed.allSatisfy { ($0["box"] as? [Int])?.count == 4 }, json)
    }

    private static func inside(_ q: [(Double, Double)], _ x: Double, _ y: Double) -> Bool {
        var sign = 0.0
        for i in q.indices {
            let a = q[i], b = q[(i + 1) % q.count]
            let cross = (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return sign != 0
    }

    func testFaxPagesAndReceiptPhoto() throws {
        let (box, fax) = try sample("fax.tif")
        for (i, words) in fax.page_words!.enumerated() {
            let text = try text(box, "fax.tif", page: i + 1)
            let found = words.filter { text.contains($0) }
            XCTAssertGreaterThanOrEqual(found.count, words.count - 1, "page \(i + 1): \(found) in:\n\(text)")
        }
        let (_, receipt) = try sample("receipt-photo.jpg")
        let text = try text(box, "receipt-photo.jpg")
        let words = receipt.words ?? []
        let found = words.filter { text.contains($0) }
        XCTAssertGreaterThanOrEqual(Double(found.count), Double(words.count) * 0.8, "\(found) in:\n\(text)")
    }
}
