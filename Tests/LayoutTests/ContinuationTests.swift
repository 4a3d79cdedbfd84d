import DocumentModel
import XCTest
@testable import Layout

/// Paragraphs set in two pieces by a column break or a float (`Continuations`).
final class ContinuationTests: XCTestCase {
    func testTextThatStopsMidSentenceAndCarriesOn() {
        XCTAssertTrue(Continuations.textContinues("extends the results of the", "latter paper. This"))
        XCTAssertTrue(Continuations.textContinues("the results of the infor-", "mation we had"))
        XCTAssertTrue(Continuations.textContinues("apples, pears,", "Bob's plums"))
        XCTAssertTrue(Continuations.textContinues("as in (see [12]", "and below)"))
        XCTAssertFalse(Continuations.textContinues("the end of it.", "then a new start"))
        XCTAssertFalse(Continuations.textContinues("he said “stop.”", "then left"))
        XCTAssertFalse(Continuations.textContinues("as follows:", "the list"))
        XCTAssertFalse(Continuations.textContinues("the end of it", "The next paragraph"))
        XCTAssertFalse(Continuations.textContinues("", "text"))
    }

    /// A paragraph stopping mid-sentence at the foot of the left column carries on at the head
    /// of the right one: two blocks, the second `continues` the first. A paragraph that closes
    /// its sentence is followed by a new one.
    func testParagraphContinuedInTheNextColumn() {
        func page(leftEnd: String) -> [Block] {
            var page = SyntheticPage()
            page.add("Results", x: 100, y: 160, size: 28, bold: true)
            page.addLines([prose(8), prose(8, seed: 1), prose(8, seed: 2), leftEnd], x: 100, y: 200)
            page.addLines(["carried on here " + prose(5), prose(8, seed: 3), prose(8, seed: 4) + "."], x: 650, y: 200)
            return page.analyze()
        }
        let split = page(leftEnd: "and the reading of the").filter { $0.kind == .paragraph }
        XCTAssertEqual(split.count, 2)
        XCTAssertEqual(split.map(\.continues), [false, true])
        let closed = page(leftEnd: "and the reading ends.").filter { $0.kind == .paragraph }
        XCTAssertEqual(closed.map(\.continues), [false, false])
    }

    /// The head of the next column, after a paragraph at the foot of the left one or one filling
    /// it; not a fragment below it or beside it on the same row (receipts: "Ow" | "med By:").
    func testOnlyTheHeadOfTheNextColumnOpensIt() {
        XCTAssertTrue(Continuations.opensNextColumn(Box(x: 650, y: 200, width: 500, height: 300),
                                                   after: Box(x: 100, y: 900, width: 500, height: 400)))
        XCTAssertTrue(Continuations.opensNextColumn(Box(x: 650, y: 200, width: 500, height: 300),
                                                   after: Box(x: 100, y: 200, width: 500, height: 1200)))
        XCTAssertFalse(Continuations.opensNextColumn(Box(x: 66, y: 324, width: 70, height: 20),
                                                    after: Box(x: 39, y: 254, width: 281, height: 86)))
        XCTAssertFalse(Continuations.opensNextColumn(Box(x: 747, y: 1021, width: 30, height: 20),
                                                    after: Box(x: 304, y: 999, width: 332, height: 30)))
    }

    /// A figure set between the two pieces of a paragraph in one column: the piece after it continues.
    func testParagraphContinuedAfterAFigure() {
        var page = OCRPage()
        page.addLines([prose(12), prose(12, seed: 1) + " and the"], y: 150)
        page.figures = [Box(x: 300, y: 300, width: 900, height: 500)]
        page.add("Figure 2. A chart of the readings.", x: 500, y: 830)
        page.addLines(["reading goes on " + prose(10, seed: 2), prose(12, seed: 3) + "."], y: 950)
        let blocks = page.analyze()
        let paragraphs = blocks.filter { $0.kind == .paragraph }
        XCTAssertEqual(paragraphs.count, 2, "\(blocks.map(\.kind))")
        XCTAssertEqual(paragraphs.map(\.continues), [false, true])
    }
}
