import DocumentModel
import Foundation
@testable import Export
import XCTest

/// Markdown from a document value: heading levels, nested lists with their markers, escaping,
/// running headers left out, barcodes and page breaks, failed pages marked.
final class MarkdownRendererTests: XCTestCase {
    let box = Box(x: 0, y: 0, width: 10, height: 10)

    /// A paragraph carried on past a figure and onto the next page is written as one paragraph.
    func testContinuedParagraphIsOneParagraph() {
        let page1 = StoredPage(number: 1, status: .done, blocks: [
            Block(kind: .paragraph, readingOrder: 0, text: "the results of the infor-", box: box),
            Block(kind: .figure, readingOrder: 1, text: "", box: box),
            Block(kind: .paragraph, readingOrder: 2, text: "mation we had and", box: box, continues: true),
            Block(kind: .footer, readingOrder: 3, text: "1", box: box),
        ])
        let page2 = StoredPage(number: 2, status: .done, blocks: [
            Block(kind: .paragraph, readingOrder: 0, text: "more of it.", box: box, continues: true),
            Block(kind: .paragraph, readingOrder: 1, text: "A new one.", box: box),
        ])
        let doc = StoredDocument(id: 1, path: "/in/c.pdf", sha256: nil, kind: "pdf", status: "done", error: nil, pages: [page1, page2])
        let md = String(decoding: MarkdownRenderer().render(doc)[0].bytes, as: UTF8.self)
        XCTAssertEqual(md, "<!-- page 1 -->\n\nthe results of the information we had and more of it.\n\n<!-- figure -->\n\n<!-- page 2 -->\n\nA new one.\n")
    }

    func testStructureBecomesMarkdown() throws {
        let items = [
            ListItem(order: 0, marker: "1.", markerType: .decimal, depth: 0, text: "First", box: box),
            ListItem(order: 1, marker: "a)", markerType: .lowerLetter, depth: 1, text: "Nested *one*", box: box),
            ListItem(order: 2, marker: "•", markerType: .bullet, depth: 0, text: "Bullet", box: box),
        ]
        let page1 = StoredPage(number: 1, status: .done, blocks: [
            Block(kind: .header, readingOrder: 0, text: "ACME running header", box: box),
            Block(kind: .title, readingOrder: 1, text: "The Title", box: box),
            Block(kind: .heading, readingOrder: 2, text: "Section", box: box, level: 2),
            Block(kind: .paragraph, readingOrder: 3, text: "# not a heading\n2. not a list [x] <b>", box: box),
            Block(kind: .list, readingOrder: 4, text: "", box: box, listItems: items),
        ], barcodes: [Barcode(symbology: .qr, payload: "https://x.example/a`b", corners: []),
                      Barcode(symbology: .ean13, payload: "9780306406157", corners: [], supplementalPayload: "51295")])
        let page2 = StoredPage(number: 2, status: .failed, error: "boom", failedStage: "ocr")
        let doc = StoredDocument(id: 1, path: "/in/a.pdf", sha256: nil, kind: "pdf", status: "failed", error: nil, pages: [page1, page2])
        let md = String(decoding: MarkdownRenderer().render(doc)[0].bytes, as: UTF8.self)
        let lines = md.components(separatedBy: "\n")
        XCTAssertFalse(md.contains("running header"), md)
        XCTAssertTrue(lines.contains("# The Title"), md)
        XCTAssertTrue(lines.contains("### Section"), "level 2 under the title: \(md)")
        XCTAssertTrue(lines.contains("\\# not a heading"), md)
        XCTAssertTrue(lines.contains("2\\. not a list \\[x\\] \\<b\\>"), md)
        XCTAssertTrue(lines.contains("1. First"), md)
        XCTAssertTrue(lines.contains("    - a) Nested \\*one\\*"), md)
        XCTAssertTrue(lines.contains("- Bullet"), md)
        XCTAssertTrue(lines.contains("Barcode (qr): `https://x.example/a'b`"), md)
        XCTAssertTrue(lines.contains("Barcode (ean13): `9780306406157` add-on `51295`"), md)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try JSONRenderer(generatorVersion: "test", includeWords: false).render(doc)[0].bytes)) as? [String: Any])
        let codes = try XCTUnwrap(((json["pages"] as? [[String: Any]])?.first?["barcodes"]) as? [[String: Any]])
        XCTAssertEqual(codes.map { $0["supplementalPayload"] as? String }, [nil, "51295"])
        XCTAssertEqual(lines.filter { $0.hasPrefix("<!-- page ") }, ["<!-- page 1 -->", "<!-- page 2 -->"])
        XCTAssertTrue(lines.contains("> **Page 2 has no results** (failed in ocr: boom)."), md)

        let text = String(decoding: TextRenderer().render(doc)[0].bytes, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "\u{0C}").count, 2)
        XCTAssertTrue(text.hasSuffix("[page 2 has no results: failed in ocr: boom]\n"), text)
    }
}
