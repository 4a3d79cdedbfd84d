import DocumentModel
import XCTest

/// A page's word statistics (`pages.mean_confidence`, `pages.low_confidence_words`), taken over
/// its lines' words without gathering them into one array.
final class PageTextStatisticsTests: XCTestCase {
    private func line(_ confidences: [Double]) -> Line {
        Line(text: "", confidence: 0, box: Box(x: 0, y: 0, width: 1, height: 1),
             words: confidences.map { Word(text: "w", confidence: $0, box: Box(x: 0, y: 0, width: 1, height: 1)) }, stage: .fast)
    }

    func testMeanAndLowConfidenceCountOverEveryLinesWords() {
        let confidences: [[Double]] = [[91.5, 12.25], [], [59.999, 60, 0.1 + 0.2], [100]]
        let page = PageText(source: .ocr, lines: confidences.map(line))
        let all = confidences.flatMap { $0 }
        // Summed in reading order: the same double as the sum over the words' array.
        XCTAssertEqual(page.meanConfidence.bitPattern, (all.reduce(0, +) / Double(all.count)).bitPattern)
        XCTAssertEqual(page.lowConfidenceWordCount(below: 60), 3)
        XCTAssertEqual(page.lowConfidenceWordCount(below: 0), 0)
        let empty = PageText(source: .ocr, lines: [line([]), line([])])
        XCTAssertEqual(empty.meanConfidence, 0)
        XCTAssertEqual(empty.lowConfidenceWordCount(below: 60), 0)
        XCTAssertEqual(PageText(source: .textLayer, lines: []).meanConfidence, 0)
    }
}
