import DocumentModel
import Imaging
import OCR
import XCTest
@testable import Pipeline

final class RecognizePreprocessTests: XCTestCase {
    func testRotatedPagesAreTurnedUprightAndRead() throws {
        let pre = try Preprocessor(settings: ExtractSettings())
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        for (file, rotation) in [("rotated90.png", 270), ("rotated180.png", 180), ("rotated270.png", 90)] {
            let prepared = try pre.prepare(try RecognizeFixture.image(file))
            XCTAssertEqual(prepared.rotation, rotation, file)
            XCTAssertGreaterThan(prepared.image.width, prepared.image.height, file)
            let text = try ocr.recognize(prepared.image, deadline: 60).lines.map(\.text).joined(separator: " ")
            for w in ["quarterly", "warehouse", "contract"] {
                XCTAssertTrue(text.recognizedWords.contains(w), "\(file): missing \(w) in \(text)")
            }
        }
    }

    func testUprightPagesAreNeverRotated() throws {
        let pre = try Preprocessor(settings: ExtractSettings())
        for file in ["clean.png", "eng_deu.png", "degraded.png", "domain_term.png", "skew3.png"] {
            XCTAssertEqual(try pre.prepare(try RecognizeFixture.image(file)).rotation, 0, file)
        }
    }

    func testSkewIsMeasuredAndCorrected() throws {
        let pre = try Preprocessor(settings: ExtractSettings())
        let prepared = try pre.prepare(try RecognizeFixture.image("skew3.png"))
        XCTAssertEqual(prepared.skewDegrees, 3, accuracy: 1)
        let residual = try XCTUnwrap(try prepared.image.ocrFindSkew())
        XCTAssertEqual(residual.degrees, 0, accuracy: 0.5)
        XCTAssertEqual(try pre.prepare(try RecognizeFixture.image("clean.png")).skewDegrees, 0)
    }

    /// Orientation detection runs only after a poor first reading: upright pages read well,
    /// turned ones (upside down, or on their side) do not.
    func testOnlyTurnedPagesReadPoorly() throws {
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        for file in ["clean.png", "eng_deu.png", "skew3.png"] {
            let reading = try ocr.recognize(try RecognizeFixture.image(file), deadline: 60)
            XCTAssertFalse(Preprocessor.mayBeTurned(reading), "\(file): \(reading.meanConfidence)")
        }
        for file in ["rotated90.png", "rotated180.png", "rotated270.png", "scale100_rotated180.png"] {
            let reading = try ocr.recognize(try RecognizeFixture.image(file), deadline: 60)
            XCTAssertTrue(Preprocessor.mayBeTurned(reading), "\(file): \(reading.meanConfidence)")
        }
        let pre = try Preprocessor(settings: ExtractSettings())
        XCTAssertNil(try pre.reoriented(try RecognizeFixture.image("clean.png"), textScale: nil))
        XCTAssertEqual(try pre.reoriented(try RecognizeFixture.image("rotated180.png"), textScale: nil)?.rotation, 180)
    }

    /// The OSD model is loaded when a page's orientation is first looked at, not when the
    /// worker starts: a page prepared without orientation (the pipeline reads it first) and a
    /// well-read page leave it unloaded.
    func testTheOrientationEngineIsLoadedOnlyWhenAPageNeedsIt() throws {
        let pre = try Preprocessor(settings: ExtractSettings())
        XCTAssertFalse(pre.orientationEngineLoaded)
        XCTAssertEqual(try pre.prepare(try RecognizeFixture.image("rotated180.png"), orientation: false).rotation, 0)
        XCTAssertFalse(pre.orientationEngineLoaded)
        XCTAssertEqual(try pre.reoriented(try RecognizeFixture.image("rotated180.png"), textScale: nil)?.rotation, 180)
        XCTAssertTrue(pre.orientationEngineLoaded)
        var off = ExtractSettings()
        off.detectOrientation = false
        let without = try Preprocessor(settings: off)
        XCTAssertNil(try without.reoriented(try RecognizeFixture.image("rotated180.png"), textScale: nil))
        XCTAssertFalse(without.orientationEngineLoaded)
    }

    func testSwitchesTurnEachStepOff() throws {
        var settings = ExtractSettings()
        settings.detectOrientation = false
        settings.deskew = false
        let pre = try Preprocessor(settings: settings)
        let rotated = try pre.prepare(try RecognizeFixture.image("rotated90.png"))
        XCTAssertEqual(rotated.rotation, 0)
        XCTAssertEqual(rotated.image.width, 456)
        XCTAssertEqual(try pre.prepare(try RecognizeFixture.image("skew3.png")).skewDegrees, 0)
    }
}

/// Low-resolution pages (no resolution in the file): the orientation guard and the text scale.
final class RecognizeLowResolutionTests: XCTestCase {
    /// Reads like the extract stage with `assumed_image_dpi: auto`: no resolution, then the estimate.
    private func autoImage(_ name: String) throws -> (Image, TextScale?) {
        let image = try ImageFile.read(RecognizeFixture.folder.appendingPathComponent(name).path,
                                       maxPixels: .max, assumedDPI: 0)
        XCTAssertEqual(image.resolution, 0, name)
        let scale = try image.textScale()
        image.setResolution(PageExtractor.resolution(estimatedFrom: scale))
        return (image, scale)
    }

    func testUprightLowResolutionPagesAreNeverTurned() throws {
        let pre = try Preprocessor(settings: ExtractSettings())
        for dpi in [72, 100, 150, 300] {
            let (image, scale) = try autoImage("scale\(dpi).png")
            let prepared = try pre.prepare(image, textScale: scale)
            XCTAssertEqual(prepared.rotation, 0, "scale\(dpi).png")
            XCTAssertEqual(Double(prepared.textDPI), Double(dpi), accuracy: Double(dpi) * 0.15, "scale\(dpi).png")
        }
    }

    func testTurnedLowResolutionPagesComeBackUpright() throws {
        let pre = try Preprocessor(settings: ExtractSettings())
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        for (file, rotation) in [("scale100_rotated90.png", 270), ("scale100_rotated180.png", 180), ("scale100_rotated270.png", 90)] {
            let (image, scale) = try autoImage(file)
            let prepared = try pre.prepare(image, textScale: scale)
            XCTAssertEqual(prepared.rotation, rotation, file)
            XCTAssertGreaterThan(prepared.image.width, prepared.image.height, file)
            // Measured again on the upright page: ≈ 100 dpi (the turned page's letters lie on their side).
            XCTAssertEqual(Double(prepared.textDPI), 100, accuracy: 15, file)
            let text = try ocr.recognize(prepared.image, textDPI: prepared.textDPI, deadline: 60)
                .lines.map(\.text).joined(separator: " ").recognizedWords
            for w in ["committee", "library", "budget"] {
                XCTAssertTrue(text.contains(w), "\(file): missing \(w) in \(text)")
            }
        }
    }

    /// The reading check rejects a turn of an upright page and accepts the right one.
    func testReadingCheckKeepsTheBetterOrientation() throws {
        let pre = try Preprocessor(settings: ExtractSettings())
        for name in ["scale72.png", "scale150.png"] {
            let (upright, scale) = try autoImage(name)
            let dpi = pre.textDPI(of: upright, scale: scale)
            XCTAssertFalse(try pre.verifiedRotation(180, of: upright, textDPI: dpi), name)
            XCTAssertFalse(try pre.verifiedRotation(90, of: upright, textDPI: dpi), name)
        }
        for (name, rotation) in [("scale100_rotated180.png", 180), ("scale100_rotated90.png", 90)] {
            let (turned, scale) = try autoImage(name)
            let dpi = pre.textDPI(of: turned, scale: scale)
            XCTAssertTrue(try pre.verifiedRotation(rotation, of: turned, textDPI: dpi), name)
        }
    }

    /// Small text is read on an enlarged copy; the boxes come back in the original's pixels.
    func testBoxesOfEnlargedReadingAreInOriginalPixels() throws {
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        let image = try RecognizeFixture.image("scale300.png")
        XCTAssertEqual(TextRecognizer.upscaleFactor(textDPI: 80), 1.5, accuracy: 0.01)
        XCTAssertEqual(TextRecognizer.upscaleFactor(textDPI: 300), 1)
        // The enlarged copy stays within the pixel budget (extract.max_megapixels).
        XCTAssertEqual(TextRecognizer.upscaleFactor(textDPI: 40, pixels: 10_000_000, maxPixels: 40_000_000), 2, accuracy: 0.001)
        XCTAssertEqual(TextRecognizer.upscaleFactor(textDPI: 40, pixels: 1_000_000, maxPixels: 40_000_000), 3)
        XCTAssertEqual(TextRecognizer.upscaleFactor(textDPI: 40, pixels: 90_000_000, maxPixels: 40_000_000), 1)
        let direct = try ocr.recognize(image, textDPI: 300, deadline: 60)
        let enlarged = try ocr.recognize(image, textDPI: 80, deadline: 60)  // read at ×1.5
        let bounds = Box(x: 0, y: 0, width: image.width, height: image.height)
        var matched = 0
        var directByText: [String: Box] = [:]
        for w in direct.words where w.text.count >= 6 { directByText[w.text] = w.box }
        for w in enlarged.words {
            XCTAssertNotNil(w.box.intersection(bounds), "\(w.text) at \(w.box) outside the image")
            guard let box = directByText[w.text] else { continue }
            matched += 1
            XCTAssertEqual(w.box.x, box.x, accuracy: 3, w.text)
            XCTAssertEqual(w.box.y, box.y, accuracy: 3, w.text)
            XCTAssertEqual(w.box.maxX, box.maxX, accuracy: 3, w.text)
            XCTAssertEqual(w.box.maxY, box.maxY, accuracy: 3, w.text)
        }
        XCTAssertGreaterThan(matched, 20)
    }

    /// A page about 40 characters wide (a till receipt) is one block; a letter page is laid out.
    func testNarrowPagesAreReadAsOneBlock() throws {
        XCTAssertEqual(TextRecognizer.segmentation(width: 750, textDPI: 330), .singleBlock)  // 3-inch receipt, 21-px x-height
        XCTAssertEqual(TextRecognizer.segmentation(width: 1700, textDPI: 200), .auto)        // 8.5-inch page
        XCTAssertEqual(TextRecognizer.segmentation(width: 662, textDPI: 80), .auto)          // the same page at 80 dpi
        XCTAssertEqual(TextRecognizer.segmentation(width: 4961, textDPI: 790), .auto)        // an A4 scan, its text not measured
        XCTAssertEqual(TextRecognizer.segmentation(width: 4961, textWidth: 1400, textDPI: 790), .singleBlock)  // a receipt on it
        XCTAssertEqual(TextRecognizer.segmentation(width: 1700, textWidth: 1100, textDPI: 240), .auto)       // a letter page's text
        // Read as one block, a narrow crop of the prose still reads as prose.
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        let image = try RecognizeFixture.image("scale300.png")
        let narrow = try image.cropped(to: Box(x: 0, y: 0, width: 700, height: image.height))
        XCTAssertEqual(TextRecognizer.segmentation(width: narrow.width, textDPI: 300), .singleBlock)
        let words = try ocr.recognize(narrow, textDPI: 300, deadline: 60).lines.map(\.text).joined(separator: " ").recognizedWords
        XCTAssertTrue(words.isSuperset(of: ["committee", "members"]), "\(words)")
    }

    /// A till receipt scanned on an A4 flatbed (scripts/fixtures/ocr.py): a 36-column column of
    /// text on a sheet 3.5 times as wide, with a pencilled note and specks in the margins. Its
    /// text is measured as narrow, so it is read as one block, on a crop around the text; with
    /// automatic layout analysis the amounts column is lost (Tesseract CLI `--psm 3` reads ".00"
    /// of its 13 amounts). Boxes come back in the sheet's pixels.
    func testAReceiptOnAWideSheetIsReadAsOneBlock() throws {
        let image = try ImageFile.read(RecognizeFixture.folder.appendingPathComponent("receipt_on_a4.png").path,
                                       maxPixels: .max, assumedDPI: 0)
        let scale = try XCTUnwrap(image.textScale())
        let area = try XCTUnwrap(scale.area)
        // The text runs from x = 450 to 841 (36 columns of 8.5-pt DejaVu Sans Mono at 150 dpi),
        // its 13 lines from y = 225 down.
        XCTAssertEqual(Double(area.width), 391, accuracy: 20)
        XCTAssertEqual(Double(area.box.x), 450, accuracy: 10)
        XCTAssertEqual(Double(area.box.y), 225, accuracy: 15)
        XCTAssertLessThan(area.box.maxY, 600)
        let dpi = scale.estimatedDPI
        XCTAssertEqual(TextRecognizer.segmentation(width: image.width, textDPI: dpi), .auto)
        XCTAssertEqual(TextRecognizer.segmentation(width: image.width, textWidth: area.width, textDPI: dpi), .singleBlock)
        let crop = try XCTUnwrap(TextRecognizer.readingCrop(width: image.width, height: image.height, textArea: area, textDPI: dpi))
        XCTAssertLessThan(crop.width * crop.height, image.width * image.height / 4)

        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        let page = try ocr.recognize(image, textDPI: dpi, textArea: area, deadline: 60)
        let lines = page.lines.map(\.text)
        let items = [("Envelope", "1.20"), ("Marker", "7.50"), ("Paper", "3.90"), ("Stapler", "24.00"), ("Notebook", "5.60"),
                     ("Glue", "2.10"), ("Subtotal", "44.30"), ("Rounding", "0.00"), ("Cash", "50.00"), ("Change", "5.70")]
        let paired = items.filter { item, amount in lines.contains { $0.contains(item) && $0.contains(amount) } }
        XCTAssertGreaterThanOrEqual(paired.count, items.count - 1, "read: \(lines)")
        let harbour = try XCTUnwrap(page.lines.flatMap(\.words).first { $0.text == "HARBOUR" })
        XCTAssertEqual(Double(harbour.box.x), 450, accuracy: 4)
        XCTAssertEqual(Double(harbour.box.y), 228, accuracy: 6)
    }

    /// The text area of a page: the box around all its text-like components; its width leaves
    /// out the outermost marks (a speck in each margin does not widen a narrow column).
    func testTextAreaWidthLeavesOutStrayMarks() throws {
        var boxes = (0..<200).map { Box(x: 400 + ($0 % 20) * 20, y: ($0 / 20) * 30, width: 12, height: 14) }
        XCTAssertEqual(TextArea(components: boxes), TextArea(box: Box(x: 400, y: 0, width: 392, height: 284), width: 392))
        boxes += [Box(x: 5, y: 10, width: 12, height: 14), Box(x: 1900, y: 400, width: 12, height: 14)]
        let area = try XCTUnwrap(TextArea(components: boxes))
        XCTAssertEqual(area.width, 392)
        XCTAssertEqual(area.box, Box(x: 5, y: 0, width: 1907, height: 414))
        XCTAssertNil(TextArea(components: []))
        XCTAssertEqual(TextScale(xHeight: 10, components: 50, area: area).scaled(by: 0.5).area,
                       TextArea(box: Box(x: 3, y: 0, width: 953, height: 207), width: 196))
    }

    /// Deskewing turns the page about its centre: the text area follows, as the box around its
    /// turned corners.
    func testTextAreaFollowsTheDeskewRotation() {
        let area = TextArea(box: Box(x: 400, y: 100, width: 200, height: 800), width: 200)
        XCTAssertEqual(area.rotated(clockwiseDegrees: 0, width: 1000, height: 1000), area)
        // A quarter turn clockwise about (500, 500): x' = 1000 - y, y' = x.
        let quarter = area.rotated(clockwiseDegrees: 90, width: 1000, height: 1000).box
        XCTAssertEqual(Double(quarter.x), 100, accuracy: 1)
        XCTAssertEqual(Double(quarter.maxX), 900, accuracy: 1)
        XCTAssertEqual(Double(quarter.y), 400, accuracy: 1)
        XCTAssertEqual(Double(quarter.maxY), 600, accuracy: 1)
        // 3° clockwise: the top moves right, the bottom left; the box grows by ≈ height × sin 3°.
        let small = area.rotated(clockwiseDegrees: 3, width: 1000, height: 1000).box
        XCTAssertLessThan(small.x, 400 - 15)
        XCTAssertGreaterThan(small.maxX, 600 + 15)
        XCTAssertEqual(Double(small.height), 800 * cos(3 * .pi / 180) + 200 * sin(3 * .pi / 180), accuracy: 2)
    }

    /// A page read as one block is read on a crop around its text, with a margin, only when the
    /// crop leaves out at least half of the page.
    func testReadingCropKeepsAMarginAndOnlyPaysOnMostlyEmptySheets() {
        let area = TextArea(box: Box(x: 1500, y: 800, width: 1400, height: 4000), width: 1400)
        // At 800 dpi an x-height is 50 px: a 200-px margin.
        XCTAssertEqual(TextRecognizer.readingCrop(width: 4961, height: 7016, textArea: area, textDPI: 800),
                       Box(x: 1300, y: 600, width: 1800, height: 4400))
        // Clipped to the page.
        let corner = TextArea(box: Box(x: 50, y: 30, width: 300, height: 500), width: 300)
        XCTAssertEqual(TextRecognizer.readingCrop(width: 2000, height: 2000, textArea: corner, textDPI: 160),
                       Box(x: 10, y: 0, width: 380, height: 570))
        // A receipt photographed close: its text fills most of the image.
        let close = TextArea(box: Box(x: 60, y: 200, width: 700, height: 1300), width: 700)
        XCTAssertNil(TextRecognizer.readingCrop(width: 932, height: 1659, textArea: close, textDPI: 350))
        XCTAssertNil(TextRecognizer.readingCrop(width: 932, height: 1659, textArea: nil, textDPI: 350))
    }

    /// A page with no text (graph paper, scripts/fixtures/ocr.py) is not taken for tiny text and
    /// enlarged, and the whole-page re-read of an unreadable page does not "rescue" it into
    /// texture read as words: balanced and accurate read no more of it than the fast pass (a
    /// few dozen fragments, as the Tesseract CLI reads it), and no word among them reads as text.
    func testGraphPaperReadsAsNoText() throws {
        let image = try RecognizeFixture.image("graph_paper.png")
        let pre = try Preprocessor(settings: ExtractSettings())
        let prepared = try pre.prepare(image, textScale: try image.textScale())
        XCTAssertEqual(prepared.textDPI, 300)
        func read(_ level: OCRLevel) throws -> PageText {
            let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = level; return s }())
            return try ocr.recognize(prepared.image, textDPI: prepared.textDPI, deadline: 60)
        }
        let fast = try read(.fast)
        for level in [OCRLevel.balanced, .accurate] {
            let page = try read(level)
            XCTAssertLessThanOrEqual(page.words.count, fast.words.count, "\(level): \(page.words.map(\.text))")
            XCTAssertEqual(page.words.count(where: TextRecognizer.isReadable), 0, "\(level): \(page.words.map(\.text))")
        }
    }

    func testPageTextScalingMapsEveryBox() {
        let word = Word(text: "ab", confidence: 90, box: Box(x: 10, y: 21, width: 31, height: 9))
        let line = Line(text: "ab", confidence: 90, box: Box(x: 10, y: 21, width: 31, height: 9), words: [word], stage: .fast)
        let page = PageText(source: .ocr, lines: [line], regions: [RegionHint(kind: .text, box: Box(x: 8, y: 20, width: 40, height: 12), index: 0)])
        let half = page.scaled(by: 0.5)
        XCTAssertEqual(half.words[0].box, Box(x: 5, y: 11, width: 16, height: 4)) // edges 5...20.5→21, 10.5→11...15
        XCTAssertEqual(half.lines[0].box, half.words[0].box)
        XCTAssertEqual(half.regions[0].box, Box(x: 4, y: 10, width: 20, height: 6))
        XCTAssertEqual(page.scaled(by: 1), page)
        let moved = page.translated(dx: 300, dy: -20)
        XCTAssertEqual(moved.words[0].box, Box(x: 310, y: 1, width: 31, height: 9))
        XCTAssertEqual(moved.lines[0].box, moved.words[0].box)
        XCTAssertEqual(moved.regions[0].box, Box(x: 308, y: 0, width: 40, height: 12))
        XCTAssertEqual(page.translated(dx: 0, dy: 0), page)
    }

    /// A receipt scanned upside down on a wide sheet: turning the page turns its text area
    /// with it, so the crop it is read on is around the text, not where the text was.
    func testAnUpsideDownReceiptOnAWideSheetKeepsItsTextAreaWhenTurned() throws {
        let sheet = try ImageFile.read(RecognizeFixture.folder.appendingPathComponent("receipt_on_a4.png").path,
                                       maxPixels: .max, assumedDPI: 0)
        let turned = try sheet.rotated(quarterTurns: 2)
        let measured = try XCTUnwrap(turned.textScale()?.area)
        XCTAssertGreaterThan(measured.box.y, sheet.height / 2, "measured where the turned text is")
        let prepared = try Preprocessor(settings: ExtractSettings()).prepare(turned, textScale: try turned.textScale())
        XCTAssertEqual(prepared.rotation, 180)
        let area = try XCTUnwrap(prepared.textScale?.area)
        XCTAssertEqual(Double(area.box.x), 450, accuracy: 15)
        XCTAssertEqual(Double(area.box.y), 225, accuracy: 20)
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        let lines = try ocr.recognize(prepared.image, textDPI: prepared.textDPI, textArea: area, deadline: 60).lines.map(\.text)
        XCTAssertTrue(lines.contains { $0.contains("Stapler") && $0.contains("24.00") }, "\(lines)")
    }

    /// A receipt scanned askew on a wide sheet: deskewing turns its text area with it, so the
    /// crop it is read on still holds every line whole.
    func testASkewedReceiptOnAWideSheetIsCroppedAroundItsTurnedText() throws {
        let sheet = try ImageFile.read(RecognizeFixture.folder.appendingPathComponent("receipt_on_a4.png").path,
                                       maxPixels: .max, assumedDPI: 0)
        // At 300 dpi (its 150 dpi is too coarse for the skew search's 4× reduction).
        let skewed = try sheet.scaled(by: 2).ocrRotatedSmall(clockwiseDegrees: 4)
        let prepared = try Preprocessor(settings: ExtractSettings()).prepare(skewed, textScale: try skewed.textScale(),
                                                                             orientation: false)
        XCTAssertEqual(prepared.skewDegrees, 4, accuracy: 0.5)
        let area = try XCTUnwrap(prepared.textScale?.area)
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        // The text is above the sheet's centre: turned back by 4°, it moves ≈ 70 px sideways.
        let whole = try ocr.recognize(prepared.image, textDPI: prepared.textDPI, deadline: 60)
        let grown = Box(x: area.box.x - 5, y: area.box.y - 5, width: area.box.width + 10, height: area.box.height + 10)
        for word in whole.words where word.text.count >= 3 {
            XCTAssertEqual(word.box.intersection(grown), word.box, "\(word.text) at \(word.box) outside \(area.box)")
        }
        let lines = try ocr.recognize(prepared.image, textDPI: prepared.textDPI, textArea: area, deadline: 60).lines.map(\.text)
        for (item, amount) in [("HARBOUR", "SUPPLIES"), ("Invoice", "40871"), ("Stapler", "24.00"), ("Change", "5.70")] {
            XCTAssertTrue(lines.contains { $0.contains(item) && $0.contains(amount) }, "\(item) \(amount) in \(lines)")
        }
    }
}
