import DocumentModel
import Imaging
import XCTest
@testable import PDF

final class PDFDocumentTests: XCTestCase {
    private func open(_ name: String, password: String? = nil) throws -> PDFDocument {
        try PDFDocument(path: Fixture.path(name), password: password)
    }

    /// Mean gray level (0 black ... 255 white) inside `box` of `image`.
    private func meanGray(_ image: Image, in box: Box) throws -> Double {
        try image.withGrayBytes { bytes, width, height, stride in
            var sum = 0, n = 0
            for y in max(0, box.minY)..<min(height, box.maxY) {
                for x in max(0, box.minX)..<min(width, box.maxX) { sum += Int(bytes[y * stride + x]); n += 1 }
            }
            return n == 0 ? 255 : Double(sum) / Double(n)
        }
    }

    func testBornDigitalPageCountSizeAndRender() throws {
        let doc = try open("born_digital.pdf")
        XCTAssertEqual(doc.pageCount, 2)
        let page = try doc.page(1)
        XCTAssertEqual(page.size.width, 612, accuracy: 0.01)
        XCTAssertEqual(page.size.height, 792, accuracy: 0.01)
        XCTAssertFalse(page.isQuarterTurned)
        let image = try page.render(dpi: 150)
        XCTAssertEqual(image.width, 1275)
        XCTAssertEqual(image.height, 1650)
        XCTAssertEqual(image.depth, 8)
        XCTAssertEqual(image.resolution, 150)
        XCTAssertEqual(try meanGray(image, in: Box(x: 0, y: 0, width: 100, height: 100)), 255, accuracy: 0.5)
        XCTAssertThrowsError(try doc.page(3)) { error in
            XCTAssertEqual(error as? PDFError, .pageOutOfRange(path: Fixture.path("born_digital.pdf"), page: 3, pageCount: 2))
        }
    }

    func testTextLayerWordsLinesFontsAndBoxesMatchInk() throws {
        let page = try open("born_digital.pdf").page(1)
        let dpi = 150
        let text = page.textLayer(dpi: dpi)
        XCTAssertEqual(text.source, .textLayer)
        XCTAssertEqual(text.lines.map(\.text), [
            "Quarterly Report",
            "Revenue grew strongly in the third quarter.",
            "The warehouse in Hamburg shipped 1234 parcels.",
            "Contact: accounts@example.com for details.",
        ])
        let title = text.lines[0]
        XCTAssertEqual(title.stage, .textLayer)
        XCTAssertEqual(title.confidence, 100)
        XCTAssertTrue(title.isBold)
        XCTAssertEqual(title.fontSize ?? 0, 20 * 150 / 72, accuracy: 0.5)
        XCTAssertFalse(text.lines[1].isBold)
        XCTAssertEqual(text.lines[1].fontSize ?? 0, 12 * 150 / 72, accuracy: 0.5)
        // "Quarterly" starts at x = 72 pt (150 px), baseline y = 792 - 700 = 92 pt (≈192 px).
        let quarterly = title.words[0]
        XCTAssertEqual(quarterly.text, "Quarterly")
        XCTAssertEqual(Double(quarterly.box.minX), 150, accuracy: 4)
        XCTAssertTrue((150...205).contains(quarterly.box.midY), "\(quarterly.box)")
        // The word boxes hold ink on the rendered page; the space between lines does not.
        let image = try page.render(dpi: dpi)
        for word in text.words {
            XCTAssertLessThan(try meanGray(image, in: word.box), 235, word.text)
        }
        // Lines are in reading order, top to bottom, without overlap.
        for (a, b) in zip(text.lines, text.lines.dropFirst()) { XCTAssertLessThanOrEqual(a.box.maxY, b.box.minY) }
    }

    func testRotatedPageRendersLandscapeAndTextFollows() throws {
        let page = try open("rotated90.pdf").page(1)
        XCTAssertTrue(page.isQuarterTurned)
        XCTAssertEqual(page.size.width, 792, accuracy: 0.01)
        XCTAssertEqual(page.size.height, 612, accuracy: 0.01)
        let image = try page.render(dpi: 100)
        XCTAssertEqual(image.width, 1100)
        XCTAssertEqual(image.height, 850)
        let text = page.textLayer(dpi: 100)
        let words = text.words
        XCTAssertTrue(words.contains { $0.text == "Rotated" })
        for word in words {
            XCTAssertTrue(Box(x: 0, y: 0, width: 1100, height: 850).intersection(word.box) == word.box, "\(word)")
            XCTAssertLessThan(try meanGray(image, in: word.box), 235, word.text)
            // /Rotate 90 turns horizontal text vertical: boxes are taller than wide.
            if word.text.count > 3 { XCTAssertGreaterThan(word.box.height, word.box.width, word.text) }
        }
    }

    func testScannedPageHasFullPageImageAndNoText() throws {
        let page = try open("scanned.pdf").page(1)
        XCTAssertTrue(page.textLayer(dpi: 300).lines.isEmpty)
        XCTAssertGreaterThan(page.imageCoverage.largest, 0.99)
        let ocrLayer = try open("invisible_ocr.pdf").page(1)
        XCTAssertGreaterThan(ocrLayer.imageCoverage.largest, 0.99)
        XCTAssertTrue(ocrLayer.textLayer(dpi: 300).words.contains { $0.text == "Invoice" })
        XCTAssertEqual(try open("born_digital.pdf").page(1).imageCoverage.total, 0)
        // Half a scan stored as eight strips: each covers 1/16 of the page, together 1/2.
        let strips = try open("short_text.pdf").page(4).imageCoverage
        XCTAssertEqual(strips.largest, 1.0 / 16, accuracy: 0.005)
        XCTAssertEqual(strips.total, 0.5, accuracy: 0.01)
    }

    func testImageAreasAreWhereThePageDrawsItsImagesTopDown() throws {
        // short_text.pdf page 3: a picture drawn at x 72, y 400 (from the bottom), 468 x 156 pt.
        let picture = try open("short_text.pdf").page(3).imageAreas
        XCTAssertEqual(picture.count, 1)
        let a = try XCTUnwrap(picture.first)
        XCTAssertEqual(a.x0, 72, accuracy: 0.5); XCTAssertEqual(a.x1, 540, accuracy: 0.5)
        XCTAssertEqual(a.y0, 792 - 556, accuracy: 0.5); XCTAssertEqual(a.y1, 792 - 400, accuracy: 0.5)
        // Page 4: the top half of a scan as eight strips, listed top to bottom as drawn.
        let strips = try open("short_text.pdf").page(4).imageAreas
        XCTAssertEqual(strips.count, 8)
        XCTAssertEqual(strips.map(\.y0), strips.map(\.y0).sorted())
        XCTAssertEqual(strips.first?.y0 ?? -1, 0, accuracy: 0.5)
        XCTAssertEqual(strips.last?.y1 ?? -1, 396, accuracy: 0.5)
        XCTAssertEqual(try open("born_digital.pdf").page(1).imageAreas, [])
    }

    func testEncryptedNeedsTheUserPassword() throws {
        let path = Fixture.path("encrypted_user.pdf")
        XCTAssertThrowsError(try open("encrypted_user.pdf")) { error in
            XCTAssertEqual(error as? PDFError, .encrypted(path: path, .needsPassword))
            XCTAssertTrue("\(error)".contains("encrypted_user.pdf: encrypted PDF needs a password"), "\(error)")
        }
        XCTAssertThrowsError(try open("encrypted_user.pdf", password: "nope")) { error in
            XCTAssertEqual(error as? PDFError, .encrypted(path: path, .wrongPassword))
        }
        let doc = try open("encrypted_user.pdf", password: "s3cret")
        XCTAssertTrue(try doc.page(1).textLayer(dpi: 72).words.contains { $0.text == "Secret" })
    }

    func testOwnerPasswordOnlyOpensWithoutPassword() throws {
        let doc = try open("owner_only.pdf")
        XCTAssertEqual(doc.pageCount, 1)
        XCTAssertTrue(try doc.page(1).textLayer(dpi: 72).words.contains { $0.text == "Restricted" })
    }

    func testDamagedAndMissingFiles() {
        for name in ["truncated.pdf", "mislabelled.pdf", "empty.pdf"] {
            XCTAssertThrowsError(try open(name), name) { error in
                guard case .damaged(let path, let message)? = error as? PDFError else { return XCTFail("\(name): \(error)") }
                XCTAssertEqual(path, Fixture.path(name))
                XCTAssertFalse(message.isEmpty)
                XCTAssertTrue("\(error)".hasPrefix(Fixture.path(name) + ": not a readable PDF"), "\(error)")
            }
        }
        XCTAssertThrowsError(try open("missing.pdf")) { error in
            XCTAssertEqual(error as? PDFError, .notFound(path: Fixture.path("missing.pdf")))
        }
    }

    func testCorruptPageDoesNotSpoilTheOthers() throws {
        let doc = try open("corrupt_page.pdf")
        XCTAssertEqual(doc.pageCount, 3)
        XCTAssertTrue(try doc.page(1).textLayer(dpi: 72).words.contains { $0.text == "Alpha" })
        XCTAssertTrue(try doc.page(3).textLayer(dpi: 72).words.contains { $0.text == "Charlie" })
        // Page 2's content is unreadable: poppler renders it blank and finds no text.
        let broken = try doc.page(2)
        XCTAssertTrue(broken.textLayer(dpi: 72).lines.isEmpty)
        let image = try broken.render(dpi: 50)
        XCTAssertEqual(try meanGray(image, in: Box(x: 0, y: 0, width: image.width, height: image.height)), 255, accuracy: 0.5)
    }

    func testPixelBudgetCheckedBeforeRendering() throws {
        let page = try open("born_digital.pdf").page(1)
        XCTAssertThrowsError(try page.render(dpi: 300, maxPixels: 1_000_000)) { error in
            XCTAssertEqual(error as? PDFError, .tooLarge(path: Fixture.path("born_digital.pdf"), page: 1,
                                                         width: 2550, height: 3300, maxPixels: 1_000_000))
            XCTAssertTrue("\(error)".contains("2550x3300"), "\(error)")
        }
        XCTAssertThrowsError(try page.render(dpi: 100_000, maxPixels: 100_000_000)) { error in
            guard case .tooLarge? = error as? PDFError else { return XCTFail("\(error)") }
        }
    }
}

final class PDFRenderPixelTests: XCTestCase {
    func testPixelsLandInTheRightColumnsWithLuminance() throws {
        let image = try PDFDocument(path: Fixture.path("bars.pdf")).page(1).render(dpi: 72)
        XCTAssertEqual(image.width, 100)
        XCTAssertEqual(image.height, 50)
        for y in [5, 25, 45] {
            XCTAssertLessThan(image.pixel(x: 9, y: y), 20)
            XCTAssertGreaterThan(image.pixel(x: 8, y: y), 235)
            XCTAssertGreaterThan(image.pixel(x: 10, y: y), 235)
            XCTAssertEqual(Double(image.pixel(x: 20, y: y)), 0.30 * 255, accuracy: 4)   // pure red
            XCTAssertGreaterThan(image.pixel(x: 21, y: y), 235)
        }
        try image.withGrayBytes { bytes, _, _, stride in
            XCTAssertLessThan(bytes[25 * stride + 9], 20)
            XCTAssertGreaterThan(bytes[25 * stride + 10], 235)
        }
    }

    /// An image finer than the render (a 1200-dpi scan read at 300 dpi) is averaged down, not
    /// sampled: 3-px stripes at a quarter of their resolution come out as even mid-grey, not as a
    /// random pattern of black and white columns (the jagged glyphs that cost OCR accuracy).
    func testAFineScanIsAveragedDown() throws {
        let image = try PDFDocument(path: Fixture.path("stripes_1200dpi.pdf")).page(1).render(dpi: 300)
        XCTAssertEqual([image.width, image.height], [300, 300])
        var values: [Double] = []
        for y in stride(from: 20, to: 280, by: 13) { for x in 20..<280 { values.append(Double(image.pixel(x: x, y: y))) } }
        let mean = values.reduce(0, +) / Double(values.count)
        let deviation = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
        XCTAssertEqual(mean, 128, accuracy: 20)
        XCTAssertLessThan(deviation, 70, "sampled rather than averaged")
        XCTAssertEqual(values.filter { $0 < 20 || $0 > 235 }.count, 0)
    }

    /// An image wider than cairo's 32767-pixel limit is still drawn (poppler's display mode
    /// draws nothing of it; the page is then drawn in printing mode).
    func testAnImageOverCairosSizeLimitIsDrawn() throws {
        let image = try PDFDocument(path: Fixture.path("wide_image.pdf")).page(1).render(dpi: 300)
        XCTAssertEqual([image.width, image.height], [1200, 300])
        XCTAssertLessThan(image.pixel(x: 600, y: 150), 60, "the bar in the middle")
        XCTAssertGreaterThan(image.pixel(x: 200, y: 150), 200)
        let ink = try PDFDocument(path: Fixture.path("wide_image.pdf")).page(1).renderInk(dpi: 100, threshold: 128)
        XCTAssertEqual(ink.pixel(x: 200, y: 50), 1)
    }

    /// The 1-bit ink rendering is exactly the gray rendering thresholded (a pixel is ink where
    /// the luminance is below the threshold), widths not a multiple of 32 included.
    func testInkRenderingIsTheThresholdedGrayRendering() throws {
        let page = try PDFDocument(path: Fixture.path("born_digital.pdf")).page(1)
        for (dpi, threshold) in [(100, 180), (37, 128)] {
            let gray = try page.render(dpi: dpi), ink = try page.renderInk(dpi: dpi, threshold: threshold)
            XCTAssertEqual(ink.depth, 1)
            XCTAssertEqual(ink.resolution, dpi)
            XCTAssertEqual([ink.width, ink.height], [gray.width, gray.height])
            var inked = 0, mismatches = 0
            for y in 0..<gray.height {
                for x in 0..<gray.width {
                    let want: UInt32 = gray.pixel(x: x, y: y) < UInt32(threshold) ? 1 : 0
                    if ink.pixel(x: x, y: y) != want { mismatches += 1 }
                    inked += Int(want)
                }
            }
            XCTAssertEqual(mismatches, 0, "dpi \(dpi)")
            XCTAssertGreaterThan(inked, 100, "the page has text")
        }
    }

    /// Pixels are packed four to a word: a width that is not a multiple of four ends in a
    /// partial word, which must hold the last pixels and nothing else.
    func testRowsWhoseWidthIsNotAMultipleOfFour() throws {
        let page = try PDFDocument(path: Fixture.path("bars.pdf")).page(1)
        for dpi in [73, 74, 75, 77] {
            let image = try page.render(dpi: dpi)
            let reference = try page.render(dpi: 72)
            XCTAssertEqual(image.height, (50 * dpi + 71) / 72, "dpi \(dpi)")
            for x in (image.width - 3)..<image.width { XCTAssertGreaterThan(image.pixel(x: x, y: 25), 235, "dpi \(dpi), x \(x)") }
            // The black bar at x 9..10 pt and the red one at 20..21 pt (1 pt wide: spread over two
            // pixels at these scales) keep their levels at their darkest pixel.
            func darkest(near pt: Double) -> UInt32 {
                let c = Int(pt * Double(dpi) / 72)
                return (c - 1...c + 1).map { image.pixel(x: $0, y: 25) }.min()!
            }
            XCTAssertLessThan(darkest(near: 9.5), 110, "dpi \(dpi)")
            XCTAssertTrue((reference.pixel(x: 20, y: 25)...200).contains(darkest(near: 20.5)), "dpi \(dpi)")
        }
    }
}
