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

    /// A right-to-left page's columns read right to left; the same page in Latin letters left to
    /// right (`ReadingOrderTests`).
    func testRightToLeftColumnsReadRightColumnFirst() {
        var page = SyntheticPage()
        let (right, left) = ("\u{5D9}\u{5DE}\u{5D9}\u{5DF}", "\u{5E9}\u{5DE}\u{5D0}\u{5DC}")   // "right", "left"
        page.addLines([hebrewLine(left, 7), hebrewLine(left, 6, seed: 1), hebrewLine(left, 7, seed: 2)], x: 100, y: 200)
        page.addLines([hebrewLine(right, 7), hebrewLine(right, 6, seed: 1), hebrewLine(right, 7, seed: 2)], x: 650, y: 200)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.count, 2, "\(blocks.map(\.text))")
        XCTAssertTrue(blocks[0].text.hasPrefix(right), "the right-hand column first: \(blocks.map(\.text))")
        XCTAssertFalse(blocks[0].text.contains(left))
        XCTAssertTrue(blocks[1].text.hasPrefix(left))
        XCTAssertTrue(blocks[0].box.minX > blocks[1].box.maxX)
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
