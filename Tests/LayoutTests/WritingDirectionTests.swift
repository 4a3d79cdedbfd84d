import DocumentModel
import XCTest
@testable import Layout

/// A line of a right-to-left script reads from right to left: its text (and its block's) keeps
/// the words in reading order, while its words stay sorted left to right for the geometry.
final class WritingDirectionTests: XCTestCase {
    // Hebrew words of one sentence in reading order ("the records of the archive are open").
    private let hebrew = ["\u{5E8}\u{5E9}\u{5D5}\u{5DE}\u{5D5}\u{5EA}", "\u{5D4}\u{5D0}\u{5E8}\u{5DB}\u{5D9}\u{5D5}\u{5DF}",
                          "\u{5E4}\u{5EA}\u{5D5}\u{5D7}\u{5D5}\u{5EA}", "2025"]

    func testRightToLeftLineTextIsInReadingOrder() {
        var page = SyntheticPage()
        // Drawn left to right on the page, the last word read comes first.
        page.add(hebrew.reversed().joined(separator: " "), x: 100, y: 100)
        page.add(prose(8), x: 100, y: 124)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.text), [hebrew.joined(separator: " ") + " " + prose(8)], "\(blocks.map(\.text))")
        let line = TextLine(words: page.lines[0].words, source: 0)
        XCTAssertEqual(line.words.map(\.box.minX), line.words.map(\.box.minX).sorted(), "the words stay left to right")
    }

    func testLatinRunInsideARightToLeftLineKeepsItsOrder() {
        var page = SyntheticPage()
        let reading = [hebrew[0], "Bill", "Clinton", hebrew[1], "2025", hebrew[2]]
        // Drawn: the Hebrew words and the number from right to left, "Bill Clinton" left to right.
        page.add([hebrew[2], "2025", hebrew[1], "Bill", "Clinton", hebrew[0]].joined(separator: " "), x: 100, y: 100)
        XCTAssertEqual(page.analyze().map(\.text), [reading.joined(separator: " ")])
    }

    /// `n` Hebrew words as drawn on a page (left to right, so the reading order reversed),
    /// beginning in reading order with `first`.
    private func hebrewLine(_ first: String, _ n: Int, seed: Int = 0) -> String {
        let filler = (0..<n).map { hebrew[($0 * 2 + seed) % 3] }
        return ([first] + filler).reversed().joined(separator: " ")
    }

    /// Adds `text` ending at `right`, as right-to-left text is set (`SyntheticPage.add`'s widths).
    private func addRightAligned(_ text: String, right: Int, y: Int, to page: inout SyntheticPage, size: Double = 20) {
        let tokens = text.split(separator: " ")
        let width = tokens.reduce(0.0) { $0 + Double($1.count) * 0.5 * size } + Double(tokens.count - 1) * 0.3 * size
        page.add(text, x: right - Int(width.rounded()), y: y, size: size)
    }

    /// A right-to-left page's columns read right to left; the same page in Latin letters left to
    /// right (`ReadingOrderTests`). Each column's lines end at its right edge, as such text is
    /// set, and make one paragraph.
    func testRightToLeftColumnsReadRightColumnFirst() {
        var page = SyntheticPage()
        let (right, left) = ("\u{5D9}\u{5DE}\u{5D9}\u{5DF}", "\u{5E9}\u{5DE}\u{5D0}\u{5DC}")   // "right", "left"
        for (k, n) in [7, 6, 4].enumerated() {
            addRightAligned(hebrewLine(left, n, seed: k), right: 520, y: 200 + 24 * k, to: &page)
            addRightAligned(hebrewLine(right, n, seed: k), right: 1100, y: 200 + 24 * k, to: &page)
        }
        let blocks = page.analyze()
        XCTAssertEqual(blocks.count, 2, "\(blocks.map(\.text))")
        XCTAssertTrue(blocks[0].text.hasPrefix(right), "the right-hand column first: \(blocks.map(\.text))")
        XCTAssertFalse(blocks[0].text.contains(left))
        XCTAssertTrue(blocks[1].text.hasPrefix(left))
        XCTAssertTrue(blocks[0].box.minX > blocks[1].box.maxX)
    }

    /// The right-hand column of a right-to-left page stops at a comma and the left-hand one
    /// carries on: the second block `continues` the first, as the next column does on a
    /// left-to-right page (`ContinuationTests`).
    func testRightToLeftParagraphContinuesInTheLeftColumn() {
        var page = SyntheticPage()
        for (k, n) in [7, 6, 7].enumerated() {
            // The last line's last word, drawn left-most, ends at the comma.
            var drawn = hebrewLine(hebrew[k], n, seed: k).split(separator: " ").map(String.init)
            if k == 2 { drawn[0] += "," }
            let rightLine = drawn.joined(separator: " ")
            addRightAligned(rightLine, right: 1100, y: 200 + 24 * k, to: &page)
            addRightAligned(hebrewLine(hebrew[(k + 1) % 3], n, seed: k + 1), right: 520, y: 200 + 24 * k, to: &page)
        }
        let blocks = page.analyze()
        XCTAssertEqual(blocks.count, 2, "\(blocks.map(\.text))")
        XCTAssertTrue(blocks[0].text.hasSuffix(","), blocks[0].text)
        XCTAssertEqual(blocks.map(\.continues), [false, true])
    }

    /// On a right-to-left page a lone line high on the left is still read before a line below it
    /// on the right (Breuel's rules, mirrored), and margin lines on one row read right to left.
    func testRightToLeftMarginRowReadsFromTheRight() {
        var page = SyntheticPage()
        page.add("30", x: 1000, y: 42, size: 16)
        page.add(hebrewLine(hebrew[0], 3), x: 400, y: 40, size: 16)
        page.addLines([hebrewLine(hebrew[1], 9), hebrewLine(hebrew[2], 8, seed: 1)], x: 100, y: 200)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.prefix(2).map(\.kind), [.header, .header], "\(blocks.map(\.text))")
        XCTAssertEqual(blocks.prefix(2).map(\.text).first, "30", "the page number on the right comes first")
        XCTAssertTrue(blocks[1].text.hasPrefix(hebrew[0]))
    }

    /// A right-to-left page is laid out as its mirror image: bullets at the right of their items
    /// make a list, each item's text in reading order and its box on the page as drawn.
    func testRightToLeftBulletsAtTheRightMakeAList() {
        var page = SyntheticPage()
        addRightAligned(hebrewLine(hebrew[0], 9), right: 1100, y: 100, to: &page)
        for k in 0..<3 {
            // The bullet at the right edge, its item's words set from 30 pixels left of it.
            page.add("\u{2022}", x: 1090, y: 160 + 24 * k)
            addRightAligned(hebrewLine(hebrew[k], 4, seed: k), right: 1060, y: 160 + 24 * k, to: &page)
        }
        let blocks = page.analyze()
        let list = blocks.first { $0.kind == .list }
        XCTAssertEqual(list?.listItems.count, 3, "\(blocks.map { ($0.kind, $0.text) })")
        XCTAssertEqual(list?.listItems.map(\.markerType), Array(repeating: .bullet, count: 3))
        XCTAssertEqual(list?.listItems.map { String($0.text.split(separator: " ")[0]) }, Array(hebrew.prefix(3)))
        for item in list?.listItems ?? [] {
            XCTAssertLessThanOrEqual(item.box.maxX, 1100)
            XCTAssertGreaterThan(item.box.minX, 700, "the item's box where the page draws it")
        }
    }

    /// A ruled table on a right-to-left page: its first column is its right-most, and each
    /// cell keeps its box on the page.
    func testRightToLeftTableColumnsCountFromTheRight() {
        var page = SyntheticPage()
        addRightAligned(hebrewLine(hebrew[0], 9), right: 1000, y: 40, to: &page)
        for y in [100, 150, 200] { page.hLine(y: y, from: 100, to: 1000) }
        for x in [100, 400, 700, 1000] { page.vLine(x: x, from: 100, to: 200) }
        let cells = [[hebrew[0], hebrew[1], "2024"], [hebrew[2], hebrew[0], "2025"]]   // each row from the right
        for (r, row) in cells.enumerated() {
            for (c, text) in row.enumerated() { addRightAligned(text, right: 990 - 300 * c, y: 115 + 50 * r, to: &page) }
        }
        let table = page.analyze().first { $0.kind == .table }
        XCTAssertEqual(table?.columnCount, 3)
        let first = table?.tableCells.first { $0.row == 0 && $0.column == 0 }
        XCTAssertEqual(first?.text, hebrew[0])
        XCTAssertGreaterThanOrEqual(first?.box.minX ?? 0, 700, "column 0 is the right-most")
        XCTAssertEqual(table?.text.split(separator: "\n").first.map(String.init), "\(hebrew[0])\t\(hebrew[1])\t2024")
    }

    func testDirectionFollowsTheMajorityOfLetters() {
        func words(_ texts: [String]) -> [Word] {
            texts.enumerated().map { Word(text: $1, confidence: 90, box: Box(x: 10 * $0, y: 0, width: 8, height: 10)) }
        }
        XCTAssertTrue(WritingDirection.isRightToLeft(words(hebrew)))
        XCTAssertTrue(WritingDirection.isRightToLeft(words(hebrew + ["Snow"])), "a Latin word inside a Hebrew line")
        XCTAssertFalse(WritingDirection.isRightToLeft(words(["Pope", "John-Paul", "II", hebrew[0]])))
        XCTAssertFalse(WritingDirection.isRightToLeft(words(["caf\u{E9}", "\u{3B1}\u{3B2}\u{3B3}", "\u{434}\u{43E}\u{43C}", "2025"])))
        // Arabic presentation forms, as many PDFs carry them.
        XCTAssertTrue(WritingDirection.isRightToLeft(words(["\u{FEE3}\u{FEE8}\u{FE8E}\u{FE91}\u{FECA}"])))
    }
}
