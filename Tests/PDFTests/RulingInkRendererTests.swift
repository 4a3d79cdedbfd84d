import DocumentModel
import Imaging
import XCTest
@testable import PDF

/// ``RulingInkRenderer``: poppler's Splash renderer through the shim, opened as poppler-glib
/// opens a document, drawing a page's marks and no glyphs.
final class RulingInkRendererTests: XCTestCase {
    private func inkCount(_ image: Image, in box: Box) -> Int {
        var n = 0
        for y in max(0, box.y)..<min(image.height, box.y + box.height) {
            for x in max(0, box.x)..<min(image.width, box.x + box.width) where image.pixel(x: x, y: y) != 0 { n += 1 }
        }
        return n
    }

    /// A missing file, a file that is no PDF and an encrypted one without or with the wrong
    /// password fail as poppler-glib's open does; the right password opens it.
    func testOpeningFailsAsPopplerGlibDoes() throws {
        XCTAssertThrowsError(try RulingInkRenderer(path: Fixture.path("no-such-file.pdf"))) { error in
            XCTAssertEqual(error as? PDFError, .notFound(path: Fixture.path("no-such-file.pdf")))
        }
        XCTAssertThrowsError(try RulingInkRenderer(path: Fixture.path("mislabelled.pdf"))) { error in
            guard case .damaged? = error as? PDFError else { return XCTFail("\(error)") }
        }
        let encrypted = Fixture.path("encrypted_user.pdf")
        XCTAssertThrowsError(try RulingInkRenderer(path: encrypted)) { error in
            XCTAssertEqual(error as? PDFError, .encrypted(path: encrypted, .needsPassword))
        }
        XCTAssertThrowsError(try RulingInkRenderer(path: encrypted, password: "wrong")) { error in
            XCTAssertEqual(error as? PDFError, .encrypted(path: encrypted, .wrongPassword))
        }
        XCTAssertEqual(try RulingInkRenderer(path: encrypted, password: "s3cret").pageCount,
                       try PDFDocument(path: encrypted, password: "s3cret").pageCount)
    }

    /// A text page: cairo's ink raster shows its glyphs, the ruling raster none, at the same size;
    /// a page number out of range is a render failure, not a crash.
    func testGlyphsAreNotDrawnAndThePageKeepsCairosSize() throws {
        let path = Fixture.path("born_digital.pdf")
        let page = try PDFDocument(path: path).page(1)
        let size = page.pixelSize(dpi: 100)
        let cairo = try page.renderInk(dpi: 100, threshold: 180)
        let renderer = try RulingInkRenderer(path: path)
        let ink = try renderer.renderInk(page: 1, dpi: 100, threshold: 180, width: size.width, height: size.height, wordCentres: [])
        XCTAssertEqual(ink.width, cairo.width)
        XCTAssertEqual(ink.height, cairo.height)
        XCTAssertEqual(ink.depth, 1)
        XCTAssertEqual(ink.resolution, 100)
        let whole = Box(x: 0, y: 0, width: ink.width, height: ink.height)
        XCTAssertGreaterThan(inkCount(cairo, in: whole), 1_000, "cairo draws the text")
        XCTAssertEqual(inkCount(ink, in: whole), 0, "a page of text only: no ink")
        XCTAssertThrowsError(try renderer.renderInk(page: 3, dpi: 100, threshold: 180, width: 10, height: 10, wordCentres: []))
    }
}
