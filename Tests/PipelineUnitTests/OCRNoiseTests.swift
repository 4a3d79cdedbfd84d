import DocumentModel
import XCTest

/// A page whose OCR is noise is recorded as having no text (issue 38, item 9).
final class OCRNoiseTests: XCTestCase {
    private func page(_ words: [(String, Double)], source: TextSource = .ocr) -> PageText {
        let ws = words.enumerated().map { i, w in Word(text: w.0, confidence: w.1, box: Box(x: i * 40, y: 10, width: 30, height: 12)) }
        let line = Line(text: ws.map(\.text).joined(separator: " "), confidence: 0, box: Box(x: 0, y: 10, width: 40 * ws.count, height: 12),
                        words: ws, stage: .fast)
        return PageText(source: source, lines: [line])
    }

    func testJunkAroundABarcodeIsNoText() {
        // What Tesseract makes of a DataMatrix's modules: short guesses at confidence ≈ 20.
        let junk = (0..<40).map { i in (["ii", "|", "=", "Ee", "pa", "fi", "a:", "LL"][i % 8], 15.0 + Double(i % 10)) }
        XCTAssertTrue(page(junk).isOCRNoise)
        XCTAssertEqual(page(junk).withoutNoise.words.count, 0)
        XCTAssertEqual(page(junk).withoutNoise.source, .ocr)
    }

    func testRealTextReadBadlyIsKept() {
        // A faint fax: mean confidence 35, but a fifth of the words read well.
        let faint = (0..<40).map { i in i % 5 == 0 ? ("Invoice", 85.0) : ("lne", 22.0) }
        XCTAssertFalse(page(faint).isOCRNoise)
        XCTAssertEqual(page(faint).withoutNoise.words.count, 40)
        XCTAssertFalse(page([("Total", 96), ("208.20", 93)]).isOCRNoise)
        XCTAssertFalse(page([("ii", 10)], source: .textLayer).isOCRNoise, "a text layer is never OCR noise")
        XCTAssertFalse(page([]).isOCRNoise)
    }
}
