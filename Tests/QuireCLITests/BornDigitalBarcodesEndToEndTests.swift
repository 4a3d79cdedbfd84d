import Foundation
import XCTest

/// Born-digital pages and barcodes end to end (issue 35): the real binary and worker processes,
/// the stored rows of a page whose content decides how it is searched.
final class BornDigitalBarcodesEndToEndTests: XCTestCase {
    func testEachBarcodeRowSaysWhenAndWhyAPageWasNotSearched() throws {
        let box = try QuireSandbox(files: [])
        try box.add(QuireSandbox.fixtures.deletingLastPathComponent().appendingPathComponent("extract/born_digital_codes.pdf"),
                    as: "codes.pdf")
        try box.writePipeline()
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try box.query("SELECT page_number, status, text_source FROM pages ORDER BY page_number"),
                       ["1|done|text_layer", "2|done|text_layer", "3|done|text_layer", "4|done|text_layer"])
        let rows = try box.query("""
            SELECT p.page_number, s.status, coalesce(s.error, '') FROM page_stages s JOIN pages p ON p.id = s.page_id
            WHERE s.stage = 'barcodes' ORDER BY p.page_number
            """)
        XCTAssertEqual(rows.count, 4, rows.joined(separator: "\n"))
        XCTAssertTrue(rows[0].hasPrefix("1|done|not searched: the page's content draws text, rulings and frames only"), rows[0])
        XCTAssertEqual(rows[1], "2|done|")
        XCTAssertEqual(rows[2], "3|done|")
        XCTAssertTrue(rows[3].hasPrefix("4|done|not searched: the page's content is too complex to render"), rows[3])
        XCTAssertTrue(rows[3].contains("1001 form XObjects") && rows[3].contains("its text was kept"), rows[3])
        XCTAssertEqual(try box.query("SELECT p.page_number, b.payload FROM barcodes b JOIN pages p ON p.id = b.page_id ORDER BY 1"),
                       ["2|QUIRE-128", "3|quire-image-42"])
        // The page over the budget keeps its text (searchable).
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM page_fts WHERE page_fts MATCH 'dotted'"), 1)
    }
}
