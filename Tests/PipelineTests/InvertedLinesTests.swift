import DocumentModel
import Imaging
import OCR
import XCTest
@testable import Pipeline

/// Tesseract re-reads weak lines inverted (light text on a dark ground) only on pages whose
/// binarisation has a dark area that could hold such text (`InvertedLines.whereDarkAreas`).
final class InvertedLinesTests: XCTestCase {
    private func recognizer(_ level: OCRLevel) throws -> TextRecognizer {
        try TextRecognizer(settings: { var s = OCRSettings(); s.level = level; return s }())
    }

    /// White lettering on a tight black band is read, and the page keeps the inverted re-reads.
    func testLightTextOnADarkBandIsRead() throws {
        for level in [OCRLevel.fast, .balanced] {
            let ocr = try recognizer(level)
            let text = try ocr.recognize(try RecognizeFixture.image("light_band.png"), textDPI: 200, deadline: 60)
                .lines.map(\.text).joined(separator: " ").recognizedWords
            XCTAssertTrue(ocr.lastReadInvertedLines, "\(level)")
            for word in ["invoices", "delivery", "parcel", "recorded", "quarterly", "telephone"] {
                XCTAssertTrue(text.contains(word), "\(level): \(word) missing from \(text.sorted())")
            }
        }
    }

    /// Without the inverted re-reads the band's lettering is lost (what the check guards against).
    func testTheBandIsLostWithoutInvertedRereads() throws {
        let engine = try TesseractEngine()
        let page = try RecognizeFixture.image("light_band.png")
        let without = try engine.recognize(page, options: RecognitionOptions(invertedLines: .never))
            .lines.map(\.text).joined(separator: " ").recognizedWords
        XCTAssertFalse(engine.lastReadInvertedLines)
        XCTAssertFalse(without.contains("parcel") && without.contains("delivery"), "\(without.sorted())")
        XCTAssertTrue(without.contains("quarterly"))
        let with = try engine.recognize(page, options: RecognitionOptions(invertedLines: .always))
            .lines.map(\.text).joined(separator: " ").recognizedWords
        XCTAssertTrue(with.contains("parcel") && with.contains("delivery"), "\(with.sorted())")
    }

    /// Pages of dark text on paper (clean, a table of contents, two languages) are read without
    /// the inverted re-reads, and read as before. (A degraded page's thickened strokes and small
    /// text enlarged 1.2× are taken for possible dark areas: they keep them, the cautious answer.)
    func testPlainPagesSkipTheInvertedRereads() throws {
        let ocr = try recognizer(.balanced)
        let pages: [(String, Int, [String])] = [("clean.png", 200, ["quarterly", "warehouse", "telephone"]),
                                                ("toc_leaders.png", 200, ["introduction", "conclusions"]),
                                                ("eng_deu.png", 200, ["invoice", "summary"])]
        for (name, dpi, words) in pages {
            let text = try ocr.recognize(try RecognizeFixture.image(name), textDPI: dpi, deadline: 60)
                .lines.map(\.text).joined(separator: " ").recognizedWords
            XCTAssertFalse(ocr.lastReadInvertedLines, name)
            for word in words { XCTAssertTrue(text.contains(word), "\(name): \(word) missing from \(text.sorted())") }
        }
    }

    /// The check itself, on images: a dark band (with or without lettering) counts, paper with
    /// dark text or a thin rule does not.
    func testDarkAreasThatCanHoldLightText() throws {
        let band = try RecognizeFixture.image("light_band.png")
        XCTAssertTrue(try band.mayHoldLightText(xHeight: TextScale.xHeight(atDPI: 200)))
        XCTAssertFalse(try RecognizeFixture.image("clean.png").mayHoldLightText(xHeight: TextScale.xHeight(atDPI: 200)))
        XCTAssertFalse(try Image.blank(width: 800, height: 600, depth: 8, resolution: 200)
            .mayHoldLightText(xHeight: TextScale.xHeight(atDPI: 200)))
    }

    /// A page read as one block (a till receipt on an A4 sheet) keeps the inverted re-reads,
    /// which also settle its noise lines.
    func testAPageReadAsOneBlockKeepsTheInvertedRereads() throws {
        let ocr = try recognizer(.balanced)
        let image = try ImageFile.read(RecognizeFixture.folder.appendingPathComponent("receipt_on_a4.png").path,
                                       maxPixels: .max, assumedDPI: 0)
        let scale = try XCTUnwrap(image.textScale())
        let text = try ocr.recognize(image, textDPI: scale.estimatedDPI, textArea: scale.area, deadline: 60)
            .lines.map(\.text).joined(separator: " ").recognizedWords
        XCTAssertTrue(ocr.lastReadInvertedLines)
        XCTAssertTrue(text.isSuperset(of: ["stapler", "notebook", "subtotal"]), "\(text.sorted())")
    }
}
