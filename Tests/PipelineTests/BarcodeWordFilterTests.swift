import DocumentModel
import XCTest

/// Issue 12 point 5: words OCR reads inside a symbol are not text.
final class BarcodeWordFilterTests: XCTestCase {
    private func word(_ text: String, _ x: Int, _ y: Int) -> Word {
        Word(text: text, confidence: 90, box: Box(x: x, y: y, width: 20, height: 10))
    }

    func testWordsInsideASymbolAreDroppedAndTheLineIsRebuilt() {
        // A QR code turned 45°: a diamond around (100, 100).
        let qr = Barcode(symbology: .qr, payload: "x",
                         corners: [Point(x: 100, y: 40), Point(x: 160, y: 100), Point(x: 100, y: 160), Point(x: 40, y: 100)])
        let line = Line(text: "Scan hae aestas here", confidence: 60, box: Box(x: 0, y: 95, width: 240, height: 10),
                        words: [word("Scan", 0, 95), word("hae", 80, 95), word("aestas", 110, 95), word("here", 220, 95)],
                        stage: .fast)
        let inside = Line(text: "lll", confidence: 3, box: Box(x: 90, y: 60, width: 20, height: 10),
                          words: [word("lll", 90, 60)], stage: .fast)
        let corner = Line(text: "Corner", confidence: 90, box: Box(x: 40, y: 40, width: 20, height: 10),
                          words: [word("Corner", 40, 40)], stage: .fast)  // in the bounds, outside the diamond
        let text = PageText(source: .ocr, lines: [line, inside, corner]).removingWords(inside: [qr])
        XCTAssertEqual(text.lines.map(\.text), ["Scan here", "Corner"])
        XCTAssertEqual(text.lines[0].box, Box(x: 0, y: 95, width: 240, height: 10))
        XCTAssertEqual(text.lines[0].words.map(\.text), ["Scan", "here"])
    }

    func testNoSymbolsLeaveTheTextAlone() {
        let text = PageText(source: .ocr, lines: [Line(text: "a", confidence: 90, box: Box(x: 0, y: 0, width: 5, height: 5),
                                                       words: [word("a", 0, 0)], stage: .fast)])
        XCTAssertEqual(text.removingWords(inside: []), text)
    }
}
