import DocumentModel
import XCTest
@testable import Layout

final class ReadingOrderTests: XCTestCase {
    func testSingleColumnReadsTopToBottom() {
        var page = SyntheticPage()
        page.addLines(["alpha one two three", "beta four five six", "gamma seven eight"], x: 100, y: 100)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.count, 1)
        XCTAssertEqual(blocks[0].text, "alpha one two three beta four five six gamma seven eight")
    }

    func testTwoColumnsReadLeftColumnFirst() {
        var page = SyntheticPage()
        page.addLines(["left one " + prose(6), "left two " + prose(6, seed: 1), "left three " + prose(6, seed: 2)], x: 100, y: 200)
        page.addLines(["right one " + prose(6), "right two " + prose(6, seed: 1), "right three " + prose(6, seed: 2)], x: 650, y: 200)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map { String($0.text.prefix(9)) }, ["left one ", "right one"])
        XCTAssertTrue(blocks[0].text.contains("left three"))
        XCTAssertFalse(blocks[0].text.contains("right"))
        XCTAssertEqual(blocks.map(\.readingOrder), [0, 1])
    }

    func testFullWidthHeadingBetweenColumnSectionsStaysInPlace() {
        var page = SyntheticPage()
        page.addLines(["top left " + prose(6), "top left end " + prose(5)], x: 100, y: 200)
        page.addLines(["top right " + prose(6), "top right end " + prose(5)], x: 650, y: 200)
        page.add("A Heading Across Both Columns", x: 400, y: 320, size: 30)
        page.addLines(["bottom left " + prose(6), "bottom left end " + prose(5)], x: 100, y: 400)
        page.addLines(["bottom right " + prose(6), "bottom right end " + prose(5)], x: 650, y: 400)
        let texts = page.analyze().map(\.text)
        let order = ["top left", "top right", "A Heading", "bottom left", "bottom right"].map { key in
            texts.firstIndex { $0.hasPrefix(key) } ?? -1
        }
        XCTAssertEqual(order, [0, 1, 2, 3, 4], "\(texts)")
    }

    func testLoneRightLineAboveIsReadBeforeLineBelowLeft() {
        let boxes = [Box(x: 100, y: 300, width: 300, height: 20), Box(x: 800, y: 100, width: 200, height: 20)]
        XCTAssertEqual(ReadingOrder.order(boxes), [1, 0])
    }

    /// Boxes from a real arXiv page: display formula (13) on the right, a short left-hand line
    /// below it, then formula (14) with a piece of it ("r = ε S(z)") just left of (13)'s edge.
    /// The piece's column (the left-hand line) reaches up to (13), which made it precede (13),
    /// while (13) precedes formula (14) and (14) its piece: a cycle, which put the left-hand
    /// line before (13). Rule-1 edges win over such a rule-2 edge.
    func testFormulaPieceLeftOfAFormulaAboveCausesNoJump() {
        let boxes = [Box(x: 675, y: 1559, width: 884, height: 37), Box(x: 178, y: 1655, width: 491, height: 25),
                     Box(x: 608, y: 1739, width: 951, height: 76), Box(x: 595, y: 1798, width: 81, height: 24)]
        XCTAssertEqual(ReadingOrder.order(boxes, tolerance: 4), [0, 1, 2, 3])
    }

    /// A short left-hand line 1.6 formula heights below a display formula on the right is read
    /// after the formula: the line's column does not reach up to the formula's level.
    func testShortLineWellBelowARightHandFormulaComesAfterIt() {
        let boxes = [Box(x: 675, y: 1559, width: 884, height: 37), Box(x: 178, y: 1655, width: 491, height: 25),
                     Box(x: 687, y: 1735, width: 872, height: 60), Box(x: 595, y: 1804, width: 81, height: 19)]
        let order = ReadingOrder.order(boxes, tolerance: 5)
        XCTAssertLessThan(order.firstIndex(of: 0)!, order.firstIndex(of: 1)!, "\(order)")
    }

    /// Many copies of the contradictory shape (a cycle each) side by side and one under the
    /// other: past the repair's edge limit the cycles are broken at the top-most element, and
    /// every box still comes out once.
    func testManyCyclesPastTheRepairLimitStillGiveEveryBoxOnce() {
        let shape = [Box(x: 675, y: 1559, width: 884, height: 37), Box(x: 178, y: 1655, width: 491, height: 25),
                     Box(x: 608, y: 1739, width: 951, height: 76), Box(x: 595, y: 1798, width: 81, height: 24)]
        var boxes: [Box] = []
        for k in 0..<60 {
            for b in shape { boxes.append(Box(x: b.x + (k % 3) * 1700, y: b.y + (k / 3) * 400 - 1500, width: b.width, height: b.height)) }
        }
        let order = ReadingOrder.order(boxes, tolerance: 4)
        XCTAssertEqual(order.sorted(), Array(boxes.indices))
    }

    func testHorizontalRulingSeparatesColumnSections() {
        // Two stacked two-column sections separated by a full-width rule: the rule stops rule 2.
        let boxes = [Box(x: 100, y: 100, width: 300, height: 20), Box(x: 600, y: 100, width: 300, height: 20),
                     Box(x: 100, y: 300, width: 300, height: 20), Box(x: 600, y: 300, width: 300, height: 20)]
        let sep = Box(x: 50, y: 200, width: 1000, height: 2)
        XCTAssertEqual(ReadingOrder.order(boxes, separators: [sep]), [0, 1, 2, 3])
        XCTAssertEqual(ReadingOrder.order(boxes), [0, 2, 1, 3])
    }
}

/// Reading order on two-column OCR pages with a full-width figure and footnotes.
final class OCRReadingOrderTests: XCTestCase {
    /// Columns 100…950 and 1050…1900 on a 2000-px page; 40-px text, 56-px pitch.
    private func column(_ page: inout OCRPage, _ x: Int, _ y: Int, _ tag: String, lines: Int) {
        page.addLines((0..<lines).map { "\(tag) " + prose(5, seed: $0) }, x: x, y: y)
    }

    func testFullWidthFigureAndCaptionSitBetweenColumnSections() {
        var page = OCRPage()
        column(&page, 100, 200, "Upleft", lines: 5); column(&page, 1050, 200, "Upright", lines: 5)
        page.figures = [Box(x: 300, y: 560, width: 1400, height: 500)]
        page.add("Figure 1. Both columns share this figure.", x: 300, y: 1130)
        column(&page, 100, 1260, "Lowleft", lines: 5); column(&page, 1050, 1260, "Lowright", lines: 5)
        let blocks = page.analyze()
        let order = blocks.map { $0.kind == .figure ? "figure" : String($0.text.prefix { $0 != " " }) }
        XCTAssertEqual(order, ["Upleft", "Upright", "figure", "Figure", "Lowleft", "Lowright"])
    }

    func testFootnoteClosingTheLeftColumnIsReadAfterTheRightColumn() {
        var page = OCRPage()
        column(&page, 100, 1500, "Left", lines: 8); column(&page, 1050, 1500, "Right", lines: 14)
        page.addLines(["1 " + prose(7, seed: 9), prose(6, seed: 10)], x: 100, y: 2100, pitch: 40, size: 28)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .paragraph, .footnote])
        XCTAssertTrue(blocks[1].text.hasPrefix("Right"))
    }
}
