import DocumentModel
import Imaging
import OCR
import XCTest
@testable import Pipeline

/// The fast pass reads large text on a reduced copy (`TextRecognizer.workingScale`); what is
/// stored stays in the page's pixels.
final class RecognizeWorkingScaleTests: XCTestCase {
    func testWorkingScaleFollowsTheTextSize() {
        // 10-pt text at 600 dpi (x-height ≈ 37 px) is read at 350 dpi (≈ 22 px).
        XCTAssertEqual(TextRecognizer.workingScale(textDPI: 600), 350.0 / 600, accuracy: 0.001)
        XCTAssertEqual(TextRecognizer.workingScale(textDPI: 800), 350.0 / 800, accuracy: 0.001)
        // Body text at 200–430 dpi is read as it is.
        for dpi in [110, 200, 300, 400, 430] { XCTAssertEqual(TextRecognizer.workingScale(textDPI: dpi), 1, "\(dpi)") }
        // Small text is still enlarged, within the pixel budget.
        XCTAssertEqual(TextRecognizer.workingScale(textDPI: 80), 1.5, accuracy: 0.01)
        XCTAssertEqual(TextRecognizer.workingScale(textDPI: 40, pixels: 90_000_000, maxPixels: 40_000_000), 1)
    }

    /// A 600-dpi page (the 300-dpi fixture enlarged 2×) is read at a lower working scale, and
    /// its words' boxes come back in the 600-dpi page's pixels: twice those read at 300 dpi.
    func testA600DPIPageIsReadReducedWithBoxesInPagePixels() throws {
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        let page300 = try RecognizeFixture.image("scale300.png")
        let page600 = try page300.scaled(by: 2)
        let direct = try ocr.recognize(page300, textDPI: 300, deadline: 60)
        XCTAssertEqual(ocr.lastWorkingScale, 1)
        let reduced = try ocr.recognize(page600, textDPI: 600, deadline: 60)
        XCTAssertLessThan(ocr.lastWorkingScale, 0.7)

        var directByText: [String: Box] = [:]
        for w in direct.words where w.text.count >= 6 { directByText[w.text] = w.box }
        let bounds = Box(x: 0, y: 0, width: page600.width, height: page600.height)
        var matched = 0
        for w in reduced.words {
            XCTAssertEqual(w.box.intersection(bounds), w.box, "\(w.text) at \(w.box) outside the page")
            guard let box = directByText[w.text] else { continue }
            matched += 1
            XCTAssertEqual(w.box.x, 2 * box.x, accuracy: 6, w.text)
            XCTAssertEqual(w.box.y, 2 * box.y, accuracy: 6, w.text)
            XCTAssertEqual(w.box.maxX, 2 * box.maxX, accuracy: 6, w.text)
            XCTAssertEqual(w.box.maxY, 2 * box.maxY, accuracy: 6, w.text)
        }
        XCTAssertGreaterThan(matched, 20)
        for line in reduced.lines {
            XCTAssertEqual(line.box.intersection(bounds), line.box, "line \(line.text) at \(line.box)")
        }
    }

    /// Body text at 300 dpi is not reduced: the same reading as before the working scale.
    func testSmallTextIsNotReduced() throws {
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        _ = try ocr.recognize(try RecognizeFixture.image("scale300.png"), textDPI: 300, deadline: 60)
        XCTAssertEqual(ocr.lastWorkingScale, 1)
        _ = try ocr.recognize(try RecognizeFixture.image("scale100.png"), textDPI: 100, deadline: 60)
        XCTAssertGreaterThan(ocr.lastWorkingScale, 1)
    }

    /// At `accurate`, a reduced page's weak lines are re-read on the full-resolution page: the
    /// re-read lines (stage `.accurate`) lie inside the 600-dpi page, where a reading of the page
    /// at its own size puts them (`fast` told 300 dpi: working scale 1).
    func testWeakLinesOfAReducedPageAreReReadInPagePixels() throws {
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .accurate; return s }())
        let page = try RecognizeFixture.image("degraded.png").scaled(by: 3)  // 200 dpi → 600 dpi
        let fast = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        let fastOnly = try fast.recognize(page, textDPI: 300, deadline: 60)
        XCTAssertEqual(fast.lastWorkingScale, 1)
        let read = try ocr.recognize(page, textDPI: 600, deadline: 120)
        XCTAssertLessThan(ocr.lastWorkingScale, 1)
        let bounds = Box(x: 0, y: 0, width: page.width, height: page.height)
        let reread = read.lines.filter { $0.stage == .accurate }
        XCTAssertFalse(reread.isEmpty, "no weak line re-read: \(read.lines.map(\.confidence))")
        for line in reread {
            XCTAssertEqual(line.box.intersection(bounds), line.box, "\(line.text) at \(line.box)")
            let overlap = fastOnly.lines.map { $0.box.intersection(line.box)?.area ?? 0 }.max() ?? 0
            XCTAssertGreaterThan(Double(overlap), 0.5 * Double(line.box.area), "\(line.text) at \(line.box)")
        }
        XCTAssertTrue(read.lines.map(\.text).joined(separator: " ").recognizedWords.count > 5)
    }
}
