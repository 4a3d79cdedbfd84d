import DocumentModel
import QPDF
import XCTest
@testable import Pipeline

/// How an embedded image's own pixels are turned, scaled and bordered to be read as the page
/// shows them, and where the reader's corners land on the page (pure: no image is made).
final class EmbeddedImageLayoutTests: XCTestCase {
    private let letter = PageDrawing.Rect(minX: 0, minY: 0, maxX: 612, maxY: 792)

    private func close(_ p: (x: Double, y: Double), _ x: Double, _ y: Double, _ message: String = "") {
        XCTAssertEqual(p.x, x, accuracy: 1e-6, message); XCTAssertEqual(p.y, y, accuracy: 1e-6, message)
    }

    /// An upright image drawn 72 pt square at (100, 600) from 150 pixels: no turn, enlarged 2×
    /// (150 → 300 dpi), its first row at the top; the corners of the unbordered image land on
    /// the placed square in 300-dpi page pixels.
    func testAnUprightImageIsEnlargedToThePageResolutionAndPlacedOnIt() throws {
        let p = PageDrawing.Placement(a: 72, b: 0, c: 0, d: 72, e: 100, f: 600)
        let l = try XCTUnwrap(EmbeddedImageLayout(placement: p, pixelWidth: 150, pixelHeight: 150, pageBox: letter, dpi: 300))
        XCTAssertEqual([l.transpose, l.mirrorX, l.mirrorY], [false, false, false])
        XCTAssertEqual(l.sx, 2); XCTAssertEqual(l.sy, 2)
        XCTAssertEqual(l.border, 40); XCTAssertEqual(l.width, 380)
        let b = Double(l.border), k = 300.0 / 72
        close(l.toPage.apply(b, b), 100 * k, (792 - 672) * k, "top left: first row, first column")
        close(l.toPage.apply(b + 300, b + 300), 172 * k, (792 - 600) * k, "bottom right")
    }

    /// A picture drawn at twice its pixels is enlarged only while its longer side stays under
    /// ``EmbeddedImageLayout/mostEnlargedSide``: a 900-px photo at 150 dpi keeps its pixels, a
    /// 600-px one is doubled, and a 27-px code image drawn 120 pt wide is still enlarged 16×.
    func testAPictureIsEnlargedOnlyWhileItStaysUnderTheWholeReadSide() throws {
        let p = PageDrawing.Placement(a: 432, b: 0, c: 0, d: 336, e: 72, f: 300)   // 900 × 700 px at 150 dpi
        let photo = try XCTUnwrap(EmbeddedImageLayout(placement: p, pixelWidth: 900, pixelHeight: 700, pageBox: letter, dpi: 300))
        XCTAssertEqual(photo.sx, 1); XCTAssertEqual(photo.sy, 1)
        XCTAssertEqual(photo.width, 900 + 2 * photo.border)
        let k = 300.0 / 72, b = Double(photo.border)
        close(photo.toPage.apply(b + 900, b + 700), (72 + 432) * k, (792 - 300) * k, "bottom right, at twice its pixels")
        let q = PageDrawing.Placement(a: 288, b: 0, c: 0, d: 144, e: 72, f: 300)    // 600 × 300 px at 150 dpi
        let chart = try XCTUnwrap(EmbeddedImageLayout(placement: q, pixelWidth: 600, pixelHeight: 300, pageBox: letter, dpi: 300))
        XCTAssertEqual(chart.sx, 2); XCTAssertEqual(chart.sy, 2)
        let code = PageDrawing.Placement(a: 120, b: 0, c: 0, d: 120, e: 72, f: 300)
        XCTAssertEqual(try XCTUnwrap(EmbeddedImageLayout(placement: code, pixelWidth: 27, pixelHeight: 27, pageBox: letter, dpi: 300)).sx, 16)
    }

    /// The placement [0 −S −S 0] draws the image transposed (a mirror and a quarter turn): the
    /// pixels are transposed back, and what the reader sees at its top right is the page's top
    /// right. A half turn (−w, −h) mirrors both ways; a much finer image is reduced.
    func testTurnedAndMirroredPlacementsAreUndone() throws {
        let s = 120.0, k = 300.0 / 72
        let t = PageDrawing.Placement(a: 0, b: -s, c: -s, d: 0, e: 300 + s, f: 600)
        let l = try XCTUnwrap(EmbeddedImageLayout(placement: t, pixelWidth: 27, pixelHeight: 27, pageBox: letter, dpi: 300))
        XCTAssertEqual([l.transpose, l.mirrorX, l.mirrorY], [true, false, false])
        XCTAssertEqual(l.sx, min(16, (s * k / 27).rounded()), "enlarged 16× at most")
        let b = Double(l.border), side = 27 * l.sx
        close(l.toPage.apply(b, b), 300 * k, (792 - 600) * k, "top left")
        close(l.toPage.apply(b + side, b), (300 + s) * k, (792 - 600) * k, "top right")
        close(l.toPage.apply(b, b + side), 300 * k, (792 - 600 + s) * k, "bottom left")
        let half = PageDrawing.Placement(a: -100, b: 0, c: 0, d: -50, e: 200, f: 500)
        let h = try XCTUnwrap(EmbeddedImageLayout(placement: half, pixelWidth: 2000, pixelHeight: 1000, pageBox: letter, dpi: 300))
        XCTAssertEqual([h.transpose, h.mirrorX, h.mirrorY], [false, true, true])
        XCTAssertEqual(h.sx, 100 * k / 2000, accuracy: 1e-9, "reduced to the page's resolution")
        close(h.toPage.apply(Double(h.border), Double(h.border)), 100 * k, (792 - 500) * k, "top left of what the page shows")
        XCTAssertNil(EmbeddedImageLayout(placement: PageDrawing.Placement(a: 1, b: 2, c: 2, d: 4, e: 0, f: 0),
                                         pixelWidth: 10, pixelHeight: 10, pageBox: letter, dpi: 300), "degenerate")
    }
}
