import DocumentModel
import XCTest
@testable import PDF

final class TextLayerBuilderTests: XCTestCase {
    /// Glyphs of `text` laid out left to right from (x, y), 6 pt wide, 10 pt tall, spaces included.
    private func run(_ text: String, x: Double, y: Double, font: String = "Helvetica") -> [Glyph] {
        text.unicodeScalars.enumerated().map { i, s in
            Glyph(scalar: s, x0: x + Double(i) * 6, y0: y, x1: x + Double(i) * 6 + 6, y1: y + 10, fontName: font, fontSize: 10)
        }
    }

    func testWhitespaceAndNewlinesSplitWordsAndLines() {
        let newline = Glyph(scalar: "\n", x0: 0, y0: 0, x1: 0, y1: 0)
        let glyphs = run("Hello big", x: 10, y: 10, font: "ABCDEF+Arial-BoldMT") + [newline] + run("world", x: 10, y: 30)
        let text = TextLayerBuilder.pageText(from: glyphs, scale: 2)
        XCTAssertEqual(text.lines.map(\.text), ["Hello big", "world"])
        XCTAssertEqual(text.lines[0].words[0].box, Box(x: 20, y: 20, width: 60, height: 20))
        XCTAssertEqual(text.lines[0].words[0].fontSize, 20)
        XCTAssertTrue(text.lines[0].isBold)
        XCTAssertFalse(text.lines[1].isBold)
        XCTAssertEqual(text.lines[1].box, Box(x: 20, y: 60, width: 60, height: 20))
    }

    func testGeometryBreaksWhatTheTextRunJoins() {
        // Two columns poppler emitted as one run without spaces or newlines.
        let glyphs = run("left", x: 10, y: 10) + run("right", x: 300, y: 10) + run("below", x: 10, y: 40)
        let text = TextLayerBuilder.pageText(from: glyphs, scale: 1)
        XCTAssertEqual(text.lines.map(\.text), ["left right", "below"])
    }

    func testBoldFontNames() {
        XCTAssertTrue(TextLayerBuilder.isBoldFont("Helvetica-Bold"))
        XCTAssertTrue(TextLayerBuilder.isBoldFont("XYZ+Inter-SemiBold"))
        XCTAssertTrue(TextLayerBuilder.isBoldFont("Arial Black"))
        XCTAssertFalse(TextLayerBuilder.isBoldFont("Times-Roman"))
    }
}

final class TextLayerFrameTests: XCTestCase {
    func testVerticalTextGroupsAlongItsReadingDirection() {
        // "ab cd" written top to bottom at x 100...110, then a second line to its left.
        func column(_ text: String, x: Double) -> [Glyph] {
            text.unicodeScalars.enumerated().map { i, s in
                Glyph(scalar: s, x0: x, y0: 10 + Double(i) * 6, x1: x + 10, y1: 16 + Double(i) * 6)
            }
        }
        let glyphs = column("ab cd", x: 100) + column("ef", x: 80)
        let text = TextLayerBuilder.pageText(from: glyphs, scale: 1)
        XCTAssertEqual(text.lines.map(\.text), ["ab cd", "ef"])
        XCTAssertEqual(text.lines[0].words[0].box, Box(x: 100, y: 10, width: 10, height: 12))
    }
}
