import DocumentModel
import XCTest
@testable import Pipeline

/// Re-reading is paid for in modelled cost, so a page gets the same re-reads on every run.
final class RereadBudgetTests: XCTestCase {
    func testBudgetIsAShareOfTheFastPassAndRefusesWhatDoesNotFit() {
        var budget = RereadBudget(share: 0.1, ofFastPass: 2.0)
        XCTAssertEqual(budget.left, 0.2, accuracy: 1e-12)
        XCTAssertTrue(budget.spend(0.15))
        XCTAssertFalse(budget.spend(0.1), "0.05 left")
        XCTAssertEqual(budget.left, 0.05, accuracy: 1e-12, "a refused cost takes nothing")
        XCTAssertTrue(budget.spend(0.05))
        XCTAssertFalse(budget.spend(0.001))
    }

    func testCostGrowsWithPixelsAndLineLength() {
        // A 300-dpi page of 60 lines, 1,300 × 30 px each: the LSTM's steps dominate.
        let page = RecognitionCost.page(pixels: 2480 * 3508, lines: Array(repeating: (1300, 30), count: 60))
        XCTAssertEqual(page, 0.07 * 8.7 + 0.0015 * 60 * 1300 / 30, accuracy: 0.01)
        // One of its lines enlarged to 80 px high costs a few percent of the page.
        let line = RecognitionCost.line(width: 3467, height: 80)
        XCTAssertGreaterThan(line / page, 0.01)
        XCTAssertLessThan(line / page, 0.05)
        XCTAssertGreaterThan(RecognitionCost.line(width: 2000, height: 80), RecognitionCost.line(width: 1000, height: 80))
    }

    /// The same page read twice at `accurate` gives the same text, words and boxes: what is
    /// re-read no longer depends on how busy the machine happens to be.
    func testTheSamePageReadsAlikeOnEveryRun() throws {
        var settings = OCRSettings()
        settings.level = .accurate
        let image = try RecognizeFixture.image("degraded.png")
        let first = try TextRecognizer(settings: settings).recognize(image, deadline: 120)
        let second = try TextRecognizer(settings: settings).recognize(image, deadline: 120)
        XCTAssertTrue(first.lines.contains { $0.stage == .accurate })
        XCTAssertEqual(first, second)
    }
}
