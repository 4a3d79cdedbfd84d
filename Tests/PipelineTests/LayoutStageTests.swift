import CLeptonica
import DocumentModel
import Foundation
import Imaging
import XCTest
@testable import Pipeline

final class LayoutStageTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/layout").standardized

    private func word(_ text: String, _ x: Int, _ y: Int, size: Int = 42, bold: Bool = false) -> Word {
        Word(text: text, confidence: 90, box: Box(x: x, y: y, width: text.count * size / 2, height: size), isBold: bold)
    }

    private func line(_ words: [Word]) -> Line {
        Line(text: words.map(\.text).joined(separator: " "), confidence: 90,
             box: Box.enclosing(words.map(\.box))!, words: words, stage: .fast)
    }

    /// OCR-like text for the fixture page: the words where scripts/fixtures/layout.py drew them.
    private func fixtureText() -> PageText {
        var lines = [line([word("Quarterly", 300, 250, size: 70), word("Figures", 640, 250, size: 70)])]
        for i in 0..<6 {
            let y = 450 + 60 * i
            var x = 300
            lines.append(line(["Prose", "line", "\(i)", "with", "ordinary", "words,", "digits", "0123"].map { text in
                defer { x += text.count * 21 + 12 }
                return word(text, x, y)
            }))
        }
        let xs = [300, 900, 1400, 1900], ys = [1100, 1200, 1300, 1400, 1500]
        let cells = [["Region", "Sales", "", "Change"], ["North", "120", "130", "+8%"], ["South", "98", "91", "-7%"],
                     ["East", "143", "150", "+5%"], ["West", "77", "80", "+4%"]]
        for (r, row) in cells.enumerated() {
            lines.append(line(row.enumerated().filter { !$0.element.isEmpty }.map { word($0.element, xs[$0.offset] + 20, ys[r] + 25) }))
        }
        return PageText(source: .ocr, lines: lines)
    }

    func testFixturePageRulingsMakeOneTableWithSpanningHeaderCell() throws {
        let pix = try XCTUnwrap(pixRead(fixtures.appendingPathComponent("ruled-table-300dpi.png").path))
        let image = Image(owning: pix)
        let rulings = try LayoutStage.rulings(in: image)
        XCTAssertGreaterThanOrEqual(rulings.count, 10)
        let blocks = LayoutStage.analyze(text: fixtureText(), rulings: rulings, width: image.width, height: image.height,
                                         settings: LayoutSettings())
        let tables = blocks.filter { $0.kind == .table }
        XCTAssertEqual(tables.count, 1, "the heading underline is not a table")
        let t = try XCTUnwrap(tables.first)
        XCTAssertEqual(t.rowCount, 5); XCTAssertEqual(t.columnCount, 4)
        XCTAssertEqual(t.tableCells.first { $0.row == 0 && $0.column == 1 }?.columnSpan, 2)
        XCTAssertEqual(t.tableCells.first { $0.row == 3 && $0.column == 2 }?.text, "150")
        XCTAssertEqual(blocks.first?.kind, .title)
        XCTAssertEqual(blocks.filter { $0.kind == .paragraph }.count, 1)
    }

    func testStructureJSONIsVisionShaped() throws {
        var lines = [line([word("Report", 100, 60, size: 90)])]
        lines.append(line([word("•", 100, 200), word("first", 160, 200)]))
        lines.append(line([word("•", 100, 260), word("second", 160, 260)]))
        let blocks = LayoutStage.analyze(text: PageText(source: .ocr, lines: lines), rulings: [], width: 2000, height: 2800,
                                         settings: LayoutSettings())
        let json = LayoutStage.structureJSON(blocks)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["title"] as? String, "Report")
        let lists = try XCTUnwrap(object["lists"] as? [[String: Any]])
        let items = try XCTUnwrap(lists.first?["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["text"] as? String }, ["first", "second"])
        XCTAssertEqual(items.first?["markerType"] as? String, "bullet")
        XCTAssertNotNil(object["tables"] as? [Any])
        XCTAssertNotNil(object["paragraphs"] as? [Any])
    }

    func testFigureAndCaptionLinkInStructureJSON() throws {
        var lines = (0..<3).map { r in line((0..<6).map { word("text\($0)", 100 + 200 * $0, 100 + 60 * r) }) }
        lines.append(line([word("Figure", 100, 1000), word("1.", 300, 1000), word("Growth", 400, 1000), word("by", 650, 1000),
                           word("year.", 750, 1000)]))
        let region = Box(x: 100, y: 400, width: 1000, height: 500)
        let blocks = LayoutStage.analyze(text: PageText(source: .ocr, lines: lines), rulings: [], figures: [region],
                                         width: 2000, height: 2800, settings: LayoutSettings())
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(LayoutStage.structureJSON(blocks).utf8)) as? [String: Any])
        let figures = try XCTUnwrap(object["figures"] as? [[String: Any]])
        XCTAssertEqual(figures.count, 1)
        XCTAssertEqual(figures.first?["box"] as? [Int], [100, 400, 1000, 500])
        XCTAssertEqual(figures.first?["caption"] as? String, "Figure 1. Growth by year.")
        let captions = try XCTUnwrap(object["captions"] as? [[String: Any]])
        XCTAssertEqual(captions.first?["captionOf"] as? Int, figures.first?["readingOrder"] as? Int)
    }

    func testTableJSONHasRangesAndDisabledLayoutGivesNothing() throws {
        var lines: [Line] = []
        for r in 0..<3 { lines.append(line((0..<3).map { word("c\(r)\($0)", 100 + 400 * $0, 100 + 60 * r) })) }
        let text = PageText(source: .ocr, lines: lines)
        let blocks = LayoutStage.analyze(text: text, rulings: [], width: 2000, height: 2800, settings: LayoutSettings())
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(LayoutStage.structureJSON(blocks).utf8)) as? [String: Any])
        let tables = try XCTUnwrap(object["tables"] as? [[String: Any]])
        let rows = try XCTUnwrap(tables.first?["rows"] as? [[[String: Any]]])
        XCTAssertEqual(rows.count, 3)
        XCTAssertEqual(rows[1][2]["columnRange"] as? [Int], [2, 3])
        XCTAssertEqual(rows[1][2]["text"] as? String, "c12")
        var off = LayoutSettings(); off.enabled = false
        XCTAssertTrue(LayoutStage.analyze(text: text, rulings: [], width: 2000, height: 2800, settings: off).isEmpty)
        let doc = LayoutStage.analyzeDocument(pages: [.init(text: text, rulings: [], width: 2000, height: 2800)], settings: LayoutSettings())
        XCTAssertEqual(doc.first?.first?.kind, .table)
    }
}
