import DocumentModel
import Imaging
import OCR
import XCTest
@testable import Pipeline

/// Document pages (automatic segmentation) of body text above 360 text-dpi are read reduced by
/// the fast pass (`TextRecognizer.workingScale(textDPI:layout:)`); pages read as one block keep
/// the larger working size.
final class DocumentWorkingScaleTests: XCTestCase {
    func testDocumentTextAbove360TextDPIIsReadAt250() {
        // A 300-dpi scan of 10–12-pt text: x-height ≈ 23 px, read at ≈ 15.6 px.
        XCTAssertEqual(TextRecognizer.workingScale(textDPI: 370, layout: .auto), 250.0 / 370, accuracy: 0.001)
        XCTAssertEqual(TextRecognizer.workingScale(textDPI: 361, layout: .auto), 250.0 / 361, accuracy: 0.001)
        // Large document text goes to the same size (not only to the 350 of one-block pages).
        XCTAssertEqual(TextRecognizer.workingScale(textDPI: 600, layout: .auto), 250.0 / 600, accuracy: 0.001)
        // At 360 and below it is read as it is (a smaller reduction would interpolate); small
        // text is still enlarged.
        for dpi in [110, 200, 250, 300, 315, 360] { XCTAssertEqual(TextRecognizer.workingScale(textDPI: dpi, layout: .auto), 1, "\(dpi)") }
        XCTAssertEqual(TextRecognizer.workingScale(textDPI: 80, layout: .auto), 1.5, accuracy: 0.01)
    }

    /// `accurate` spends time for the best reading: its pages are read at the larger working
    /// size whatever their segmentation; `fast` reduces document text as `balanced` does.
    func testAccurateReadsDocumentTextAtTheLargerWorkingSize() {
        for dpi in [361, 370, 430] {
            XCTAssertEqual(TextRecognizer.workingScale(textDPI: dpi, layout: .auto, level: .accurate), 1, "\(dpi)")
            XCTAssertEqual(TextRecognizer.workingScale(textDPI: dpi, layout: .auto, level: .fast), 250.0 / Double(dpi),
                           accuracy: 0.001, "\(dpi)")
        }
        XCTAssertEqual(TextRecognizer.workingScale(textDPI: 600, layout: .auto, level: .accurate), 350.0 / 600, accuracy: 0.001)
    }

    func testPagesReadAsOneBlockKeepTheLargerWorkingSize() {
        for dpi in [361, 370, 430] { XCTAssertEqual(TextRecognizer.workingScale(textDPI: dpi, layout: .singleBlock), 1, "\(dpi)") }
        XCTAssertEqual(TextRecognizer.workingScale(textDPI: 600, layout: .singleBlock), 350.0 / 600, accuracy: 0.001)
    }

    /// A document-width page of prose at 370 dpi is segmented automatically, read reduced, and
    /// reads the same words as at full size (the same page told 300 dpi: working scale 1), with
    /// its boxes in the page's pixels.
    func testA370DPIDocumentPageReadsTheSameWordsReduced() throws {
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        let page = try RecognizeFixture.image("scale370_wide.png")
        XCTAssertEqual(TextRecognizer.segmentation(width: page.width, textDPI: 370), .auto)
        let full = try ocr.recognize(page, textDPI: 300, deadline: 60)
        XCTAssertEqual(ocr.lastWorkingScale, 1)
        let reduced = try ocr.recognize(page, textDPI: 370, deadline: 60)
        XCTAssertEqual(ocr.lastWorkingScale, 250.0 / 370, accuracy: 0.01)

        let fullWords = full.lines.map(\.text).joined(separator: " ").recognizedWords
        let reducedWords = reduced.lines.map(\.text).joined(separator: " ").recognizedWords
        XCTAssertGreaterThan(fullWords.count, 80)
        XCTAssertGreaterThanOrEqual(Double(fullWords.intersection(reducedWords).count), 0.98 * Double(fullWords.count),
                                    "lost: \(fullWords.subtracting(reducedWords)), gained: \(reducedWords.subtracting(fullWords))")
        for word in ["committee", "treasurer", "exhibition", "maintenance", "catalogue"] {
            XCTAssertTrue(reducedWords.contains(word), word)
        }
        let bounds = Box(x: 0, y: 0, width: page.width, height: page.height)
        var fullByText: [String: Box] = [:]
        for w in full.words where w.text.count >= 7 { fullByText[w.text] = w.box }
        var matched = 0
        for w in reduced.words {
            XCTAssertEqual(w.box.intersection(bounds), w.box, "\(w.text) at \(w.box) outside the page")
            guard let box = fullByText[w.text] else { continue }
            matched += 1
            XCTAssertEqual(w.box.x, box.x, accuracy: 4, w.text)
            XCTAssertEqual(w.box.maxX, box.maxX, accuracy: 4, w.text)
        }
        XCTAssertGreaterThan(matched, 10)
    }
}
