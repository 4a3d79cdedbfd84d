import DocumentModel
import Imaging
import OCR
import XCTest
@testable import Pipeline

/// Dot leaders (a table of contents' ". . . . 6") read from the page: Tesseract reads them as a
/// few dots with invented letters and digits ("2...", "eee ee ete"); quire replaces what it read
/// over a run of evenly spaced dots on the baseline with one "." per dot.
final class DotLeaderTests: XCTestCase {
    /// 14-px x-height letters with their bottoms on y = 120, and `count` dots on the baseline
    /// every `step` pixels from x = 300.
    private func line(dots count: Int, step: Int = 20, dotBottom: Int = 120, dotSize: Int = 4) -> [Box] {
        let letters = (0..<8).map { Box(x: 100 + $0 * 22, y: 100, width: 16, height: 20) }
        let dots = (0..<count).map { Box(x: 300 + $0 * step, y: dotBottom - dotSize, width: dotSize, height: dotSize) }
        return letters + dots + [Box(x: 320 + count * step, y: 100, width: 14, height: 20)]
    }
    private let lineBox = Box(x: 100, y: 96, width: 600, height: 30)

    func testEvenlySpacedDotsOnTheBaselineAreALeader() {
        let leaders = DotLeaders.find(in: line(dots: 12), line: lineBox, xHeight: 14)
        XCTAssertEqual(leaders.count, 1)
        XCTAssertEqual(leaders.first?.count, 12)
    }

    func testWhatIsNoLeader() {
        XCTAssertEqual(DotLeaders.find(in: line(dots: 3), line: lineBox, xHeight: 14).count, 0, "too few dots")
        XCTAssertEqual(DotLeaders.find(in: line(dots: 12, dotBottom: 128), line: lineBox, xHeight: 14).count, 0,
                       "a rule's bits under the baseline")
        XCTAssertEqual(DotLeaders.find(in: line(dots: 12, step: 6), line: lineBox, xHeight: 14).count, 0,
                       "close-set dots (Tesseract reads them)")
        XCTAssertEqual(DotLeaders.find(in: line(dots: 12, dotSize: 12), line: lineBox, xHeight: 14).count, 0,
                       "letter-sized blobs")
        var uneven = line(dots: 0)
        uneven += [300, 318, 350, 356, 400, 470].map { Box(x: $0, y: 116, width: 4, height: 4) }
        XCTAssertEqual(DotLeaders.find(in: uneven, line: lineBox, xHeight: 14).count, 0, "specks at random")
        // A letter between the dots splits the run: two runs of 5, each a leader.
        var split = line(dots: 11)
        split.removeAll { $0.x == 400 }
        split.append(Box(x: 398, y: 100, width: 14, height: 20))
        XCTAssertEqual(DotLeaders.find(in: split, line: lineBox, xHeight: 14).map(\.count), [5, 5])
        XCTAssertEqual(DotLeaders.find(in: line(dots: 12).filter { $0.height < 10 }, line: lineBox, xHeight: 14).count, 0,
                       "no letters, no baseline")
    }

    /// The words read over a leader go (an invented "2..."), a word reaching into it stays with
    /// the dots under it ("Counting.."), and every other dot becomes a "." word.
    func testWordsReadOverALeaderAreReplacedByItsDots() throws {
        let dots = (0..<10).map { Box(x: 300 + $0 * 20, y: 116, width: 4, height: 4) }
        func word(_ text: String, _ x: Int, _ width: Int) -> Word {
            Word(text: text, confidence: 60, box: Box(x: x, y: 100, width: width, height: 20))
        }
        let words = [word("Counting..", 180, 128), word("2...", 360, 50), word("6", 520, 14)]
        let line = Line(text: "Counting.. 2... 6", confidence: 60, box: Box(x: 180, y: 100, width: 354, height: 20),
                        words: words, stage: .fast)
        let read = try XCTUnwrap(DotLeaders.applying([dots], to: line))
        XCTAssertEqual(read.words.map(\.text), ["Counting.."] + Array(repeating: ".", count: 9) + ["6"])
        XCTAssertEqual(read.text, "Counting.. . . . . . . . . . 6")
        XCTAssertEqual(read.words.filter { $0.text == "." }.map(\.box), Array(dots.dropFirst()))
        XCTAssertNil(DotLeaders.applying([], to: line))
    }

    func testOnlyLinesWithDotsOrWideGapsAreLookedAt() {
        func line(_ words: [(String, Int)]) -> Line {
            let ws = words.map { Word(text: $0.0, confidence: 90, box: Box(x: $0.1, y: 0, width: 40, height: 14)) }
            return Line(text: "", confidence: 90, box: Box(x: 0, y: 0, width: 900, height: 14), words: ws, stage: .fast)
        }
        XCTAssertTrue(DotLeaders.mayHoldLeader(line([("Intro", 0), ("....", 50)]), xHeight: 10))
        XCTAssertTrue(DotLeaders.mayHoldLeader(line([("Intro", 0), ("6", 500)]), xHeight: 10))
        XCTAssertFalse(DotLeaders.mayHoldLeader(line([("Intro", 0), ("to", 50), ("it.", 100)]), xHeight: 10))
    }

    /// A generated table of contents (scripts/fixtures/ocr.py): every entry keeps its title and
    /// page number with only dots between them, close-set dots stay as Tesseract reads them, and
    /// the bits of a dashed rule under the last line make no line of dots.
    private let entries = 5

    func testATableOfContentsReadsWithItsLeaders() throws {
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        let page = try ocr.recognize(try RecognizeFixture.image("toc_leaders.png"), deadline: 60)
        for (title, number) in [("Introduction", "1"), ("Counting", "6"), ("Factorization", "14"), ("Expansion", "5"), ("Conclusions", "27")] {
            let line = try XCTUnwrap(page.lines.first { $0.words.contains { $0.text == title } }, title)
            let words = line.words.map(\.text)
            XCTAssertEqual(words.last, number, line.text)
            // After the title's last word: only dots, then the number.
            let leader = words.dropLast().drop { $0 != "." }
            XCTAssertGreaterThanOrEqual(leader.count, 20, line.text)
            XCTAssertTrue(leader.allSatisfy { $0 == "." }, line.text)
        }
        let total = try XCTUnwrap(page.lines.first { $0.text.contains("12.00") })
        XCTAssertFalse(total.words.contains { $0.text == "." }, total.text)
        XCTAssertEqual(page.lines.filter { $0.words.contains { $0.text == "." } }.count, entries, "\(page.lines.map(\.text))")
    }
}
