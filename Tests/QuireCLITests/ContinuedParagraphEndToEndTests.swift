import Foundation
import XCTest

/// Paragraphs set in two pieces, through the real binary on a born-digital PDF: the piece at
/// the head of the next column continues the one at the foot of the left column (page text
/// reads it as one paragraph), and the document pass marks the paragraph carried on to page 2.
final class ContinuedParagraphEndToEndTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/layout/continued.pdf")

    func testParagraphsContinuedInTheNextColumnAndOnTheNextPage() throws {
        let box = try QuireSandbox(files: [])
        try box.add(Self.fixture, as: "continued.pdf")
        try box.writePipeline(ocr: false, barcodes: false, extra: "run: {workers: 1}")
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let continued = try box.query("""
            SELECT p.page_number || ':' || substr(b.text, 1, 18) FROM blocks b JOIN pages p ON p.id = b.page_id
            WHERE b.continues = 1 ORDER BY p.page_number, b.reading_order
            """)
        XCTAssertEqual(continued, ["1:latter survey were", "2:on with this parag"])
        let page1 = try box.query("SELECT text FROM page_text WHERE page_number = 1").joined(separator: "\n")
        XCTAssertTrue(page1.contains("and the results of the latter survey were"), page1)
        let json = try box.query("SELECT structure_json FROM pages WHERE page_number = 1").joined(separator: "\n")
        XCTAssertTrue(json.contains("\"continues\":true"), json)
    }
}
