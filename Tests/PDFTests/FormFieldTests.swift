import DocumentModel
import Imaging
import XCTest
@testable import PDF

/// Filled-in form values (scripts/fixtures/extract.py `forms.pdf`) join the text layer where
/// their widgets draw them.
final class FormFieldTests: XCTestCase {
    private func page(_ number: Int) throws -> PDFPage {
        try PDFDocument(path: Fixture.path("forms.pdf")).page(number)
    }

    /// The darkest grey level (0 black ... 255 white) inside `box` of `image`.
    private func darkest(_ image: Image, in box: Box) throws -> Int {
        try image.withGrayBytes { bytes, width, height, stride in
            var least = 255
            for y in max(0, box.minY)..<min(height, box.maxY) {
                for x in max(0, box.minX)..<min(width, box.maxX) { least = min(least, Int(bytes[y * stride + x])) }
            }
            return least
        }
    }

    func testFilledFormValuesJoinTheTextLayer() throws {
        let page = try page(1)
        XCTAssertFalse(page.contentGlyphs().contains { $0.scalar == "J" }, "the content should not hold the values")
        let text = page.textLayer(dpi: 150)
        let words = Dictionary(text.words.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
        for expected in ["Name:", "Jane", "Q.", "Public", "Portugal", "Notes:"] {
            XCTAssertNotNil(words[expected], "missing \(expected) in \(text.words.map(\.text))")
        }
        XCTAssertTrue(text.lines.contains { $0.text == "Line one" } && text.lines.contains { $0.text == "Line two" },
                      "\(text.lines.map(\.text))")
        XCTAssertNil(words["1234"], "a password field's value must not be read")
        XCTAssertNil(words["Hidden"], "a hidden field's value must not be read")
        // Each value sits where its widget draws it: on ink, right of its label, on its row.
        let image = try page.render(dpi: 150)
        for value in ["Jane", "Public", "Portugal", "Line", "two"] {
            let box = try XCTUnwrap(words[value]).box
            XCTAssertLessThan(try darkest(image, in: box), 100, "\(value) at \(box) is on blank paper")
        }
        let name = try XCTUnwrap(words["Name:"]).box, jane = try XCTUnwrap(words["Jane"]).box
        XCTAssertGreaterThan(jane.minX, name.maxX)
        XCTAssertEqual(Double(jane.midY), Double(name.midY), accuracy: Double(name.height))
    }

    /// On a page displayed with /Rotate 90 the value runs down the page like its label.
    func testFormValuesOnATurnedPageFollowTheTurn() throws {
        let page = try page(2)
        XCTAssertTrue(page.isQuarterTurned)
        let text = page.textLayer(dpi: 150)
        let image = try page.render(dpi: 150)
        var previous: Box?
        for value in ["Rotated", "value", "42"] {
            let box = try XCTUnwrap(text.words.first { $0.text == value }, "\(text.words.map(\.text))").box
            if value.count > 2 { XCTAssertGreaterThan(box.height, box.width, value) }
            XCTAssertLessThan(try darkest(image, in: box), 100, "\(value) at \(box) is on blank paper")
            if let previous { XCTAssertGreaterThan(box.minY, previous.minY, value) }
            previous = box
        }
    }

    /// The page's turn is the one that maps the fields' (unrotated) rectangles onto the
    /// widgets' (turned) ones.
    func testTurnFoundFromWidgetRectangles() {
        let display = (width: 612.0, height: 792.0)
        let fields = [FormLayout.Rect(x0: 150, y0: 532, x1: 350, y1: 554), FormLayout.Rect(x0: 40, y0: 20, x1: 90, y1: 40)]
        for turn in 0..<4 {
            let shown = turn % 2 == 0 ? display : (width: display.height, height: display.width)
            let widgets = fields.map { FormLayout.turnedYUp($0, quarterTurns: turn, display: shown) }
            XCTAssertEqual(FormLayout.quarterTurns(fields: fields, widgets: widgets, display: shown), turn)
        }
        XCTAssertEqual(FormLayout.quarterTurns(fields: fields, widgets: [], display: display), 0)
        // Turned a quarter clockwise, the unrotated page's top left is the displayed top right.
        let corner = FormLayout.displayPoint(x: 0, y: 612, quarterTurns: 1, display: (width: 612, height: 792))
        XCTAssertEqual(corner.x, 612); XCTAssertEqual(corner.y, 0)
    }
}
