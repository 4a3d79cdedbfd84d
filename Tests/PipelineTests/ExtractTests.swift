import DocumentModel
import Foundation
import Imaging
import PDF
import XCTest
@testable import Pipeline

final class ExtractTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/extract")
    private static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private var nextID: Int64 = 1
    private func ref(_ name: String, passwordEnv: [String] = []) throws -> DocumentRef {
        let path = Self.path(name)
        let kind = (try? FileKind.sniff(path: path)) ?? .unknown
        defer { nextID += 1 }
        return DocumentRef(id: nextID, path: path, kind: kind, passwordEnv: passwordEnv)
    }

    private func settings(dpi: Int = 100, textLayer: TextLayerMode = .auto) -> ExtractSettings {
        var s = ExtractSettings()
        s.dpi = dpi
        s.textLayer = textLayer
        return s
    }

    private func assertFails(_ name: String, _ category: ExtractError.Category, _ fragment: String,
                             passwordEnv: [String] = [], page: Int = 1, file: StaticString = #filePath, line: UInt = #line) throws {
        let document = try ref(name, passwordEnv: passwordEnv)
        XCTAssertThrowsError(try PageExtractor().extract(document, page: page, settings: settings()), file: file, line: line) { error in
            guard let error = error as? ExtractError else { return XCTFail("\(name): \(error)", file: file, line: line) }
            XCTAssertEqual(error.category, category, error.message, file: file, line: line)
            XCTAssertTrue(error.description.hasPrefix(Self.path(name) + ":"), error.description, file: file, line: line)
            XCTAssertTrue(error.description.contains(fragment), error.description, file: file, line: line)
        }
    }

    func testBornDigitalUsesTheTextLayer() throws {
        let extractor = PageExtractor()
        let document = try ref("born_digital.pdf")
        XCTAssertEqual(try extractor.pageCount(of: document), 2)
        let page = try extractor.extract(document, page: 1, settings: settings())
        XCTAssertEqual(page.textSource, .textLayer)
        XCTAssertEqual(page.dpi, 100)
        XCTAssertEqual(page.image.width, 850)
        XCTAssertEqual(page.image.resolution, 100)
        let text = try XCTUnwrap(page.textLayer)
        XCTAssertTrue(text.words.contains { $0.text == "Hamburg" })
        XCTAssertTrue(text.lines.allSatisfy { $0.stage == .textLayer && $0.confidence == 100 })
        let hamburg = try XCTUnwrap(text.words.first { $0.text == "Hamburg" })
        XCTAssertTrue(Box(x: 0, y: 0, width: 850, height: 1100).intersection(hamburg.box) == hamburg.box)
        // Page 2 has a short text layer, still above the 20-character floor.
        let second = try extractor.extract(document, page: 2, settings: settings())
        XCTAssertEqual(second.textSource, .textLayer)
        XCTAssertTrue(second.textLayer!.words.contains { $0.text == "Appendix" })
    }

    func testModesAlwaysAndNever() throws {
        let extractor = PageExtractor()
        let scanned = try ref("scanned.pdf")
        let always = try extractor.extract(scanned, page: 1, settings: settings(textLayer: .always))
        XCTAssertEqual(always.textSource, .textLayer)
        XCTAssertEqual(always.textLayer?.lines.count, 0)
        let never = try extractor.extract(try ref("born_digital.pdf"), page: 1, settings: settings(textLayer: .never))
        XCTAssertEqual(never.textSource, .ocr)
        XCTAssertNil(never.textLayer)
        let image = try extractor.extract(try ref("text.gif"), page: 1, settings: settings(textLayer: .always))
        XCTAssertEqual(image.textSource, .textLayer)
        XCTAssertEqual(image.textLayer?.lines.count, 0)
    }

    func testScansAndInvisibleOCRLayersAreOCRd() throws {
        let extractor = PageExtractor()
        for name in ["scanned.pdf", "invisible_ocr.pdf"] {
            let page = try extractor.extract(try ref(name), page: 1, settings: settings(dpi: 150))
            XCTAssertEqual(page.textSource, .ocr, name)
            XCTAssertNil(page.textLayer, name)
            XCTAssertEqual(page.image.width, 1275, name)
            XCTAssertEqual(page.dpi, 150, name)
        }
    }

    /// Visible text printed over a full-page picture is the page's text, not an OCR layer: the
    /// content stream shows it after the image, in render mode 0 (an OCR layer is invisible).
    func testVisibleTextOverAFullPageBackgroundPictureIsTheTextLayer() throws {
        let page = try PageExtractor().extract(try ref("background_text.pdf"), page: 1, settings: settings(dpi: 150))
        XCTAssertEqual(page.textSource, .textLayer)
        let text = page.textLayer?.lines.map(\.text).joined(separator: "\n") ?? ""
        XCTAssertTrue(text.contains("Menu of the Day"), text)
        XCTAssertTrue(text.contains("Lemon tart with berries 5.50"), text)
        let sentence = "A full sentence of visible text on the page."
        XCTAssertEqual(TextLayerPolicy.verdict(characters: sentence.unicodeScalars, imageCoverage: { (0.95, 0.95) },
                                               textOverLargestImage: { true }), .useTextLayer)
        XCTAssertNotEqual(TextLayerPolicy.verdict(characters: sentence.unicodeScalars, imageCoverage: { (0.95, 0.95) },
                                                  textOverLargestImage: { false }), .useTextLayer)
    }

    func testTextLayerPolicy() {
        let sentence = "A full sentence of visible text on the page."
        XCTAssertEqual(TextLayerPolicy.verdict(characters: sentence.unicodeScalars, imageCoverage: { (0.2, 0.3) }), .useTextLayer)
        XCTAssertEqual(TextLayerPolicy.verdict(characters: "".unicodeScalars, imageCoverage: { (0, 0) }),
                       .ocr(reason: "no text layer"))
        // A short text layer is all there is on a page without pictures; beside pictures
        // (one, or a scan in strips) OCR reads them too.
        XCTAssertEqual(TextLayerPolicy.verdict(characters: "Page 3".unicodeScalars, imageCoverage: { (0.02, 0.05) }), .useTextLayer)
        XCTAssertEqual(TextLayerPolicy.verdict(characters: "Page 3".unicodeScalars, imageCoverage: { (0.15, 0.15) }),
                       .ocr(reason: "text layer has only 5 characters beside images covering 15% of the page"))
        guard case .ocr = TextLayerPolicy.verdict(characters: "Page 3".unicodeScalars, imageCoverage: { (0.05, 0.5) }) else {
            return XCTFail("short text beside a scan in strips taken for the page's text")
        }
        let garbage = String(repeating: "\u{FFFD}\u{E001}x", count: 20)
        guard case .ocr = TextLayerPolicy.verdict(characters: garbage.unicodeScalars, imageCoverage: { (0, 0) }) else {
            return XCTFail("garbage text layer accepted")
        }
        guard case .ocr = TextLayerPolicy.verdict(characters: "\u{FFFD}\u{FFFD}".unicodeScalars, imageCoverage: { (0, 0) }) else {
            return XCTFail("short garbage text layer accepted")
        }
        guard case .ocr = TextLayerPolicy.verdict(characters: sentence.unicodeScalars, imageCoverage: { (0.95, 0.95) }) else {
            return XCTFail("OCR layer over a scan accepted")
        }
    }

    /// On a PDF page (of physical size) text measured below 3 pt is texture, not text.
    func testImplausiblySmallTextOnAPDFPageIsNoEstimate() {
        let tiny = TextScale(xHeight: 4, components: 1_362)  // 64 dpi: scanned graph paper at 300
        XCTAssertNil(PageExtractor.plausibleOnPDFPage(tiny, renderDPI: 300))
        XCTAssertEqual(PageExtractor.plausibleOnPDFPage(tiny, renderDPI: 150), tiny)
        let small = TextScale(xHeight: 7.3, components: 900)   // 117 dpi: small print at 300
        XCTAssertEqual(PageExtractor.plausibleOnPDFPage(small, renderDPI: 300), small)
        XCTAssertNil(PageExtractor.plausibleOnPDFPage(nil, renderDPI: 300))
    }

    /// Pages with under 20 characters of text layer (scripts/fixtures/extract.py): a page
    /// number alone and a Cyrillic line alone are the page's text (OCR would lose the number
    /// and read the Cyrillic as Latin garbage); a caption beside a picture of text, and a page
    /// number over a scan stored in strips, are OCR'd.
    func testShortTextLayerIsUsedWhenThereIsNothingElseToRead() throws {
        let document = try ref("short_text.pdf")
        let extractor = PageExtractor()
        let number = try extractor.extract(document, page: 1, settings: settings())
        XCTAssertEqual(number.textSource, .textLayer)
        XCTAssertEqual(number.textLayer?.words.map(\.text), ["7"])
        let cyrillic = try extractor.extract(document, page: 2, settings: settings())
        XCTAssertEqual(cyrillic.textSource, .textLayer)
        XCTAssertEqual(cyrillic.textLayer?.lines.map(\.text), ["Счёт № 12 оплачен"])
        XCTAssertEqual(try extractor.extract(document, page: 3, settings: settings()).textSource, .ocr)
        XCTAssertEqual(try extractor.extract(document, page: 4, settings: settings()).textSource, .ocr)
    }

    func testRotatedPDFPage() throws {
        let page = try PageExtractor().extract(try ref("rotated90.pdf"), page: 1, settings: settings())
        XCTAssertEqual(page.image.width, 1100)
        XCTAssertEqual(page.image.height, 850)
        XCTAssertEqual(page.textSource, .textLayer)
        XCTAssertTrue(page.textLayer!.lines.contains { $0.text == "This page carries a Rotate 90 entry." })
    }

    func testImagesAndTIFFFrames() throws {
        let extractor = PageExtractor()
        let tiff = try ref("multipage.tif")
        XCTAssertEqual(tiff.kind, .tiff)
        XCTAssertEqual(try extractor.pageCount(of: tiff), 3)
        for n in 1...3 {
            let page = try extractor.extract(tiff, page: n, settings: settings())
            XCTAssertEqual(page.textSource, .ocr)
            XCTAssertNil(page.textLayer)
            XCTAssertEqual(page.dpi, 300)
            XCTAssertEqual(page.image.depth, 8)
        }
        var s = settings()
        s.assumedImageDPI = 222
        XCTAssertEqual(try extractor.extract(try ref("no_dpi.png"), page: 1, settings: s).dpi, 222)
        XCTAssertEqual(try extractor.extract(try ref("text_200dpi.png"), page: 1, settings: s).dpi, 200)
        let photo = try extractor.extract(try ref("exif6.jpg"), page: 1, settings: s)
        XCTAssertEqual(photo.image.width, 300)
        XCTAssertEqual(try extractor.pageCount(of: try ref("text.webp")), 1)
        try assertFails("multipage.tif", .pageOutOfRange, "page 4 does not exist", page: 4)
    }

    func testPasswordsFromEnvironment() throws {
        setenv("QUIRE_TEST_PW_WRONG", "not-it", 1)
        setenv("QUIRE_TEST_PW_RIGHT", "s3cret", 1)
        unsetenv("QUIRE_TEST_PW_UNSET")
        try assertFails("encrypted_user.pdf", .needsPassword, "encrypted PDF needs a password (variable #1 of this input is not set)",
                        passwordEnv: ["QUIRE_TEST_PW_UNSET"])
        try assertFails("encrypted_user.pdf", .needsPassword, "encrypted PDF needs a password", passwordEnv: [])
        try assertFails("encrypted_user.pdf", .wrongPassword, "wrong password", passwordEnv: ["QUIRE_TEST_PW_WRONG"])
        let document = try ref("encrypted_user.pdf", passwordEnv: ["QUIRE_TEST_PW_UNSET", "QUIRE_TEST_PW_WRONG", "QUIRE_TEST_PW_RIGHT"])
        let page = try PageExtractor().extract(document, page: 1, settings: settings())
        XCTAssertTrue(page.textLayer!.words.contains { $0.text == "Secret" })
        let owner = try PageExtractor().extract(try ref("owner_only.pdf"), page: 1, settings: settings())
        XCTAssertTrue(owner.textLayer!.words.contains { $0.text == "Restricted" })
    }

    func testBrokenInputsFailWithClearMessages() throws {
        try assertFails("truncated.pdf", .damaged, "not a readable PDF")
        try assertFails("empty.pdf", .empty, "file is empty (0 bytes)")
        try assertFails("mislabelled.pdf", .unsupportedFormat, "not a PDF or an image format")
        try assertFails("truncated.png", .damaged, "cannot decode image")
        try assertFails("huge_35000.png", .tooLarge, "35000x35000")
        try assertFails("born_digital.pdf", .pageOutOfRange, "page 5 does not exist (the PDF has 2 pages)", page: 5)
        // A file sniffed as PDF that poppler rejects (a text file with a PDF kind) is damaged.
        let fake = DocumentRef(id: 99, path: Self.path("mislabelled.pdf"), kind: .pdf)
        XCTAssertThrowsError(try PageExtractor().pageCount(of: fake)) { error in
            XCTAssertEqual((error as? ExtractError)?.category, .damaged)
        }
        let missing = DocumentRef(id: 98, path: Self.path("gone.pdf"), kind: .pdf)
        XCTAssertThrowsError(try PageExtractor().pageCount(of: missing)) { error in
            XCTAssertEqual((error as? ExtractError)?.category, .notFound)
            XCTAssertTrue("\(error)".contains("gone.pdf: file not found"), "\(error)")
        }
        // A page read from its text layer needs no full raster: over the pixel budget, it gets a
        // coarser one, and its coordinates stay at extract.dpi.
        var tiny = settings(dpi: 300)
        tiny.maxPixels = 1_000_000
        let page = try PageExtractor().extract(try ref("born_digital.pdf"), page: 1, settings: tiny)
        XCTAssertEqual(page.textSource, .textLayer)
        XCTAssertLessThanOrEqual(page.image.width * page.image.height, 1_000_000)
        XCTAssertEqual(page.dpi, 300, "coordinates stay at extract.dpi")
        // A page to OCR is read at the finest resolution within the budget (a poster, a huge
        // drawing), its coordinates in that raster's pixels…
        tiny.textLayer = .never
        let reduced = try PageExtractor().extract(try ref("born_digital.pdf"), page: 1, settings: tiny)
        XCTAssertEqual(reduced.textSource, .ocr)
        XCTAssertLessThanOrEqual(reduced.image.width * reduced.image.height, 1_000_000)
        XCTAssertGreaterThan(reduced.image.width * reduced.image.height, 900_000)
        XCTAssertEqual(reduced.dpi, reduced.imageDPI)
        XCTAssertTrue((100...130).contains(reduced.dpi), "\(reduced.dpi)")
        XCTAssertEqual(reduced.width, reduced.image.width)
        // …but below 50 dpi it fails with the budget's error.
        tiny.maxPixels = 150_000
        XCTAssertThrowsError(try PageExtractor().extract(try ref("born_digital.pdf"), page: 1, settings: tiny)) { error in
            XCTAssertEqual((error as? ExtractError)?.category, .tooLarge)
            XCTAssertEqual((error as? ExtractError)?.page, 1)
        }
    }

    /// A page cairo cannot draw at the requested resolution (a Type 3 glyph box 32,000 pt wide)
    /// is drawn coarser instead of failing, and keeps its text layer at extract.dpi.
    func testPageCairoCannotDrawFinelyGetsACoarserRaster() throws {
        for dpi in [300, 100] {
            let page = try PageExtractor().extract(try ref("giant_type3.pdf"), page: 1, settings: settings(dpi: dpi))
            XCTAssertEqual(page.textSource, .textLayer)
            XCTAssertTrue(page.textLayer?.words.contains { $0.text == "Giant" } ?? false)
            XCTAssertEqual(page.imageDPI, 50, "300 → 150 → 75 fail in cairo; 50 draws")
            XCTAssertEqual(page.image.resolution, 50)
            XCTAssertEqual(page.dpi, dpi, "coordinates stay at extract.dpi")
        }
        // A page to OCR gets the same raster, its coordinates in its pixels.
        let ocr = try PageExtractor().extract(try ref("giant_type3.pdf"), page: 1, settings: settings(dpi: 300, textLayer: .never))
        XCTAssertEqual(ocr.textSource, .ocr)
        XCTAssertEqual(ocr.dpi, 50)
        XCTAssertEqual(ocr.image.width, 208, accuracy: 1)
    }

    func testCoarserRastersAreTriedDownToFiftyDPI() {
        var tried: [Int] = []
        let failing: (Int) throws -> Image = { dpi in
            tried.append(dpi)
            throw PDFError.renderFailed(path: "x.pdf", page: 1, message: "cairo: invalid value (typically too big)")
        }
        XCTAssertThrowsError(try PageExtractor.renderCoarserIfCairoFails(startingAt: 300, failing))
        XCTAssertEqual(tried, [300, 150, 75, 50])
        // Only cairo's failures are retried: a budget error is final.
        tried = []
        XCTAssertThrowsError(try PageExtractor.renderCoarserIfCairoFails(startingAt: 300) { dpi -> Image in
            tried.append(dpi)
            throw PDFError.renderFailed(path: "x.pdf", page: 1, message: "cannot allocate 10x10 pixels")
        })
        XCTAssertEqual(tried, [300])
    }

    func testCorruptPageAmongGoodOnes() throws {
        let extractor = PageExtractor()
        let document = try ref("corrupt_page.pdf")
        XCTAssertEqual(try extractor.pageCount(of: document), 3)
        XCTAssertTrue(try extractor.extract(document, page: 1, settings: settings()).textLayer!.words.contains { $0.text == "Alpha" })
        // Page 2's content stream is unreadable: it renders blank and, without text, goes to OCR.
        let broken = try extractor.extract(document, page: 2, settings: settings())
        XCTAssertEqual(broken.textSource, .ocr)
        XCTAssertTrue(try extractor.extract(document, page: 3, settings: settings()).textLayer!.words.contains { $0.text == "Charlie" })
    }
}
