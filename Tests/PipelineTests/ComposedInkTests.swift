import DocumentModel
import Foundation
import Imaging
import PDF
import QPDF
import XCTest
@testable import Pipeline

/// A text-layer page whose codes are read from its images' own pixels gets its 100-dpi ink
/// raster (for rulings and figures) composed from those pixels and its drawing's straight marks,
/// not rendered: its images are decoded once (`PageExtractor.composedInk`).
final class ComposedInkTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/extract/born_digital_image_table.pdf").path
    private static let ink = RulingDetector().threshold

    private func extract(page: Int) throws -> ExtractedPage {
        let file = DocumentRef(id: 35, path: Self.fixture, kind: try FileKind.sniff(path: Self.fixture))
        return try PageExtractor().extract(file, page: page, settings: ExtractSettings(),
                                           textLayerRaster: TextLayerRaster(dpi: ExtractPageStage.rulingDPI, inkThreshold: Self.ink),
                                           barcodes: true, rulingsFromDrawing: true)
    }

    /// Ink pixels of a 1-bit raster inside `box` (its pixels).
    private func inkCount(_ image: Image, in box: Box) -> Int {
        var n = 0
        for y in max(0, box.y)..<min(image.height, box.y + box.height) {
            for x in max(0, box.x)..<min(image.width, box.x + box.width) where image.pixel(x: x, y: y) != 0 { n += 1 }
        }
        return n
    }

    /// Cairo's 1-bit raster of page `number`, after checking that `page`'s raster is a 1-bit one
    /// at the ruling resolution of the same size.
    private func cairoRaster(of number: Int, matching page: ExtractedPage,
                             file: StaticString = #filePath, line: UInt = #line) throws -> Image {
        XCTAssertEqual(page.image.resolution, ExtractPageStage.rulingDPI, file: file, line: line)
        XCTAssertEqual(page.image.depth, 1, file: file, line: line)
        let rendered = try PDFDocument(path: Self.fixture).page(number).renderInk(dpi: ExtractPageStage.rulingDPI, threshold: Self.ink)
        XCTAssertEqual(page.image.width, rendered.width, file: file, line: line)
        XCTAssertEqual(page.image.height, rendered.height, file: file, line: line)
        return rendered
    }

    /// The heading's box on the 100-dpi raster (from the text layer at the page's 300 dpi).
    private func headingBox(_ page: ExtractedPage) throws -> Box {
        let heading = try XCTUnwrap(page.textLayer?.words.first { $0.text == "Composed" })
        let b = heading.box, f = Double(page.imageDPI) / Double(page.dpi)
        return Box(x: Int(Double(b.x) * f), y: Int(Double(b.y) * f), width: Int(Double(b.width) * f) + 1,
                   height: Int(Double(b.height) * f) + 1)
    }

    /// Page 1: a ruled table drawn as vector lines, a pale grey rule, a picture of a ruled form
    /// with a line of text over it and a code image beside the text. The raster is composed (no
    /// ink where the heading's glyphs are: a render has it), leaves out the code image (no word
    /// lies over it), holds the rulings a render holds (the table's and the form's, within 2 px;
    /// not the pale rule, which leaves no ink on a render), and the code is still read from the
    /// image's pixels.
    func testRulingsOfAPageWithImagesAreFoundWithoutRenderingIt() throws {
        let page = try extract(page: 1)
        XCTAssertEqual(page.textSource, .textLayer)
        XCTAssertEqual(page.drawing, .mayHoldCodes)
        let images = try XCTUnwrap(page.embeddedCodeImages)
        XCTAssertEqual(images.count, 2)
        let rendered = try cairoRaster(of: 1, matching: page)
        let heading = try headingBox(page)
        XCTAssertGreaterThan(inkCount(rendered, in: heading), 100, "a render shows the heading")
        XCTAssertEqual(inkCount(page.image, in: heading), 0, "the composed raster draws no text")
        let code = Self.box(x0: 400, y0: 340, x1: 460, y1: 360, pageHeight: 792)
        XCTAssertGreaterThan(inkCount(rendered, in: code), 100, "cairo draws the code image")
        XCTAssertEqual(inkCount(page.image, in: code), 0, "a picture beside the text is left out")

        // The table (3 rules, 2 sides) and the form in the picture (a frame of 4, one rule, one divider).
        try assertRulings(of: page.image, match: rendered, count: 11, ends: 2)
        // The pale rule is a mark of the drawing, with its tone.
        let drawing = try QPDFDocument(path: Self.fixture).drawing(ofPage: 0, budget: DrawingBudget())
        XCTAssertEqual(drawing.markTones.count, drawing.marks.count)
        let pale = drawing.marks.indices.filter { abs(drawing.marks[$0].minY + drawing.marks[$0].height / 2 - 520) < 1 }
        XCTAssertEqual(pale.map { (drawing.markTones[$0] * 100).rounded() }, [83])
        XCTAssertEqual(Set(drawing.markTones.filter { $0 != 0.83 }), [0])
        // The picture is a figure candidate on either raster.
        XCTAssertEqual(LayoutStage.figureRegions(in: page.image).count, LayoutStage.figureRegions(in: rendered).count)

        let codes = try BarcodesPageStage.read(images, with: BarcodeDetector(settings: BarcodeSettings()),
                                               words: (page.textLayer?.words ?? []).map(\.box), bornDigital: true)
        XCTAssertEqual(codes.map(\.payload), ["QUIRE-INK-1"])
    }

    /// Page 2 draws a circle (a curve): its raster is rendered, by Splash (``PDF/RulingInkRenderer``):
    /// the circle is on it, the heading's glyphs are not, nor is the code image, which no word
    /// lies over (its pixels are decoded once, for the code). The code is read from its pixels.
    func testAPageDrawingACurveIsRenderedWithoutGlyphsOrPicturesBesideTheText() throws {
        let page = try extract(page: 2)
        let images = try XCTUnwrap(page.embeddedCodeImages)
        XCTAssertEqual(images.count, 1)
        let rendered = try cairoRaster(of: 2, matching: page)
        let heading = try headingBox(page)
        XCTAssertGreaterThan(inkCount(rendered, in: heading), 100, "cairo draws the heading")
        XCTAssertEqual(inkCount(page.image, in: heading), 0, "no glyphs")
        // The circle: centre (200, 400) pt, radius 60 pt; its outline crosses the box around its top.
        let circleTop = Self.box(x0: 180, y0: 455, x1: 220, y1: 465, pageHeight: 792)
        XCTAssertGreaterThan(inkCount(page.image, in: circleTop), 5, "the circle is drawn")
        XCTAssertLessThanOrEqual(abs(inkCount(page.image, in: circleTop) - inkCount(rendered, in: circleTop)), 6)
        // The code image: 400 pt from the left, 340–360 pt up.
        let code = Self.box(x0: 400, y0: 340, x1: 460, y1: 360, pageHeight: 792)
        XCTAssertGreaterThan(inkCount(rendered, in: code), 100, "cairo draws the code image")
        XCTAssertEqual(inkCount(page.image, in: code), 0, "a picture beside the text is not drawn")
        let codes = try BarcodesPageStage.read(images, with: BarcodeDetector(settings: BarcodeSettings()),
                                               words: (page.textLayer?.words ?? []).map(\.box), bornDigital: true)
        XCTAssertEqual(codes.map(\.payload), ["QUIRE-INK-1"])
    }

    /// Page 3: page 2 with the form picture and the line of text printed over it, rendered by
    /// Splash. An image words lie over is drawn (a scan under its OCR layer holds the page's
    /// rulings): the form's six rulings are found, as on cairo's render; the code image beside the
    /// text is not drawn.
    func testAnImageWordsLieOverIsDrawnForItsRulings() throws {
        let page = try extract(page: 3)
        XCTAssertEqual(page.embeddedCodeImages?.count, 2)
        XCTAssertEqual(page.image.resolution, ExtractPageStage.rulingDPI)
        let rendered = try PDFDocument(path: Self.fixture).page(3).renderInk(dpi: ExtractPageStage.rulingDPI, threshold: Self.ink)
        XCTAssertEqual(inkCount(page.image, in: try headingBox(page)), 0, "no glyphs")
        XCTAssertEqual(inkCount(page.image, in: Self.box(x0: 400, y0: 340, x1: 460, y1: 360, pageHeight: 792)), 0,
                       "the code image, beside the text, is not drawn")
        // The form in the picture: a frame of 4, one rule, one divider.
        try assertRulings(of: page.image, match: rendered, count: 6, ends: 3)
    }

    /// The rulings found on `raster` are the `count` found on cairo's `rendered` raster: the same
    /// orientations, positions within 2 px, ends within `ends` px.
    private func assertRulings(of raster: Image, match rendered: Image, count: Int, ends: Int,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let found = try LayoutStage.rulings(in: raster), reference = try LayoutStage.rulings(in: rendered)
        XCTAssertEqual(reference.count, count, "\(reference)", file: file, line: line)
        XCTAssertEqual(found.count, reference.count, "\(found)", file: file, line: line)
        func sorted(_ r: [RulingLine]) -> [RulingLine] { r.sorted { ($0.orientation.rawValue, $0.position) < ($1.orientation.rawValue, $1.position) } }
        for (a, b) in zip(sorted(found), sorted(reference)) {
            XCTAssertEqual(a.orientation, b.orientation, file: file, line: line)
            XCTAssertLessThanOrEqual(abs(a.position - b.position), 2, "\(a) vs \(b)", file: file, line: line)
            XCTAssertLessThanOrEqual(abs(a.start - b.start), ends, "\(a) vs \(b)", file: file, line: line)
            XCTAssertLessThanOrEqual(abs(a.end - b.end), ends, "\(a) vs \(b)", file: file, line: line)
        }
    }

    /// A box given in points (PDF space, origin bottom left) as pixels of the 100-dpi raster.
    private static func box(x0: Double, y0: Double, x1: Double, y1: Double, pageHeight: Double) -> Box {
        let f = Double(ExtractPageStage.rulingDPI) / 72
        return Box(x: Int(x0 * f), y: Int((pageHeight - y1) * f), width: Int((x1 - x0) * f), height: Int((y1 - y0) * f))
    }
}

/// A document with optional content is rendered for its ruling raster, not composed: the content
/// walk counts marks in layers that are off, which a render does not draw.
final class ComposedInkLayerTests: XCTestCase {
    /// `born_digital_hidden_layer.pdf`: a text page with a picture, a rule, and a second rule in
    /// a layer that is off. The raster is rendered (the layer that is off is not drawn) and holds one ruling.
    func testADocumentWithLayersIsRenderedNotComposed() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/extract/born_digital_hidden_layer.pdf").path
        XCTAssertTrue(try PDFDocument(path: path).hasOptionalContent)
        XCTAssertTrue(try QPDFDocument(path: path).drawing(ofPage: 0).hidesLayers)
        let file = DocumentRef(id: 36, path: path, kind: try FileKind.sniff(path: path))
        let page = try PageExtractor().extract(file, page: 1, settings: ExtractSettings(),
                                               textLayerRaster: TextLayerRaster(dpi: ExtractPageStage.rulingDPI,
                                                                                inkThreshold: RulingDetector().threshold),
                                               barcodes: true, rulingsFromDrawing: true)
        XCTAssertEqual(page.embeddedCodeImages?.count, 1)
        XCTAssertEqual(page.image.resolution, ExtractPageStage.rulingDPI)
        // Above the picture (which starts 432 pt down, 600 px at 100 dpi): the visible rule at 192 pt
        // (267 px), not the hidden one at 292 pt (406 px).
        let rulings = try LayoutStage.rulings(in: page.image).filter { $0.orientation == .horizontal && $0.position < 590 }
        XCTAssertEqual(rulings.count, 1, "only the visible rule: \(rulings)")
        XCTAssertLessThanOrEqual(abs((rulings.first?.position ?? 0) - 267), 1, "\(rulings)")
        XCTAssertFalse(try PDFDocument(path: Self.otherFixture).hasOptionalContent)
        XCTAssertFalse(try QPDFDocument(path: Self.otherFixture).drawing(ofPage: 0).hidesLayers)
    }

    /// `born_digital_hidden_layer_text.pdf`: the same page without the picture. Its drawing is
    /// text and straight marks only, which alone would give its rulings without a render; with a
    /// layer that is off, the page is rendered and holds only the visible rule.
    func testADocumentWithAHiddenLayerGetsItsRulingsFromARender() throws {
        let page = try extractText(Self.fixture("born_digital_hidden_layer_text.pdf"))
        XCTAssertNil(page.vectorRulings, "not read from the drawing")
        let rulings = try LayoutStage.rulings(in: page.image).filter { $0.orientation == .horizontal }
        XCTAssertEqual(rulings.count, 1, "only the visible rule: \(rulings)")
        XCTAssertLessThanOrEqual(abs((rulings.first?.position ?? 0) - 267), 1, "\(rulings)")
    }

    /// `born_digital_visible_layer_text.pdf`: the same page with its layer on hides nothing: its
    /// rulings, both rules, are read from its drawing without a render.
    func testADocumentWhoseLayersAreOnGetsItsRulingsFromItsDrawing() throws {
        let path = Self.fixture("born_digital_visible_layer_text.pdf")
        XCTAssertFalse(try QPDFDocument(path: path).drawing(ofPage: 0).hidesLayers)
        let rulings = try XCTUnwrap(try extractText(path).vectorRulings, "read from the drawing")
        XCTAssertEqual(rulings.map(\.position), [192, 292].map { Int((Double($0) * 300 / 72).rounded()) })
    }

    private func extractText(_ path: String) throws -> ExtractedPage {
        let file = DocumentRef(id: 37, path: path, kind: try FileKind.sniff(path: path))
        return try PageExtractor().extract(file, page: 1, settings: ExtractSettings(),
                                           textLayerRaster: TextLayerRaster(dpi: ExtractPageStage.rulingDPI,
                                                                            inkThreshold: RulingDetector().threshold),
                                           barcodes: true, rulingsFromDrawing: true)
    }

    private static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/extract/\(name)").path
    }

    private static let otherFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/extract/born_digital_image_table.pdf").path
}
