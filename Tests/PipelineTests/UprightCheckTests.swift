import DocumentModel
import Imaging
import OCR
import XCTest
@testable import Pipeline

/// Orientation detection runs only when the first reading may come from a turned page and its
/// lines do not show it upright (`UprightCheck`).
final class UprightCheckTests: XCTestCase {
    private func line(_ text: String, confidence: Double, y: Int, standing: Bool = false) -> Line {
        var x = 100
        let words = text.split(separator: " ").map { t -> Word in
            let w = Word(text: String(t), confidence: confidence,
                         box: standing ? Box(x: 100, y: y + x, width: 30, height: 20 * t.count)
                                       : Box(x: x, y: y, width: 20 * t.count, height: 30))
            x += 20 * t.count + 15
            return w
        }
        let box = Box.enclosing(words.map(\.box))!
        return Line(text: text, confidence: confidence, box: box, words: words, stage: .fast)
    }

    /// An upright receipt whose smudges read as many weak fragments: the mean confidence is
    /// poor (so `mayBeTurned` asks), but six long lines read confidently: no orientation detection.
    func testAnUprightPageWithNoiseNeedsNoOrientationDetection() {
        let text = ["TOTAL AMOUNT 45.60", "CASH TENDERED 50.00", "CHANGE DUE 4.40", "THANK YOU PLEASE COME AGAIN",
                    "GST SUMMARY AMOUNT TAX", "INVOICE NUMBER 100234"]
        var lines = text.enumerated().map { line($1, confidence: 88, y: 100 + 50 * $0) }
        for i in 0..<8 { lines.append(line("xX ~~ ;. ,, '' ii", confidence: 15, y: 500 + 50 * i)) }
        let reading = PageText(source: .ocr, lines: lines)
        XCTAssertLessThan(reading.meanConfidence, Preprocessor.uprightReadingConfidence)
        XCTAssertTrue(Preprocessor.mayBeTurned(reading))
        XCTAssertTrue(UprightCheck.readsUpright(reading))
        XCTAssertFalse(UprightCheck.needsOrientation(reading))
    }

    /// Upside-down text reads as garbage of about 30 throughout, a page on its side as standing
    /// lines, an almost empty page as nothing: each still gets orientation detection.
    func testTurnedLookingReadingsStillGetOrientationDetection() {
        let text = ["TOTAL AMOUNT 45.60", "CASH TENDERED 50.00", "CHANGE DUE 4.40", "THANK YOU PLEASE COME AGAIN",
                    "GST SUMMARY AMOUNT TAX", "INVOICE NUMBER 100234"]
        let garbage = PageText(source: .ocr, lines: text.enumerated().map { line($1, confidence: 30, y: 100 + 50 * $0) })
        XCTAssertTrue(UprightCheck.needsOrientation(garbage))
        let standing = PageText(source: .ocr, lines: text.enumerated().map {
            line($1, confidence: 88, y: 100 + 50 * $0, standing: true)
        })
        XCTAssertTrue(UprightCheck.needsOrientation(standing))
        XCTAssertTrue(UprightCheck.needsOrientation(PageText(source: .ocr, lines: [])))
        // Fewer confident lines than `confidentLines` do not show a page upright.
        var few = text.prefix(3).enumerated().map { line($1, confidence: 88, y: 100 + 50 * $0) }
        for i in 0..<8 { few.append(line("xX ~~ ;. ,, '' ii", confidence: 15, y: 500 + 50 * i)) }
        XCTAssertTrue(UprightCheck.needsOrientation(PageText(source: .ocr, lines: few)))
    }

    /// Real readings (Tesseract's fast model): the turned fixtures still need orientation
    /// detection, and upright ones do not.
    func testRealReadingsOfTurnedPagesStillNeedOrientationDetection() throws {
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        for file in ["rotated90.png", "rotated180.png", "rotated270.png", "scale100_rotated180.png", "scale100_rotated90.png"] {
            let reading = try ocr.recognize(try RecognizeFixture.image(file), deadline: 60)
            XCTAssertFalse(UprightCheck.readsUpright(reading), file)
            XCTAssertTrue(UprightCheck.needsOrientation(reading), file)
        }
        for file in ["clean.png", "eng_deu.png", "skew3.png"] {
            let reading = try ocr.recognize(try RecognizeFixture.image(file), deadline: 60)
            XCTAssertFalse(UprightCheck.needsOrientation(reading), file)
        }
    }
}
