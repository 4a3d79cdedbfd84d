import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// Blurred EAN/UPC codes with no code-like region (pass ``BarcodePass/Area/blurredCodeAreas``,
/// ``LinearCodeAreas``) and the blurred decoder's first look per line (fixtures of
/// scripts/fixtures/barcodes_blurred_ean.py).
final class BlurredCodeAreasTests: XCTestCase {
    static func fixture(_ name: String) throws -> (Image, [ExpectedCodesFolder.Code]) {
        try ExpectedCodesFolder("barcodes-blurred-ean").fixture(name)
    }

    /// The code of `blurred_upca_busy.png` (x 100–220, y 82–152).
    static let busyCode = Box(x: 100, y: 82, width: 120, height: 70)

    /// A blurred UPC-A on a small label on a mottled ground: leptonica finds no code-like region
    /// over it (with or without the text test), so neither the blurred pass over regions nor
    /// any other pass reads it; the area search finds it and the staged search reads it there.
    func testCodeWithoutRegionIsReadInItsBarsArea() throws {
        let (image, expected) = try Self.fixture("blurred_upca_busy.png")
        let regions = try image.barcodeCandidateRegionsAndText()
        XCTAssertFalse((regions.codeLike + regions.withText).contains { $0.coversMostOf(Self.busyCode) }, "\(regions)")
        let withoutAreas = BarcodeSearch.stagedPasses.filter { $0.area != .blurredCodeAreas }
        XCTAssertEqual(try BarcodeReader(search: .custom(withoutAreas)).read(image), [])
        let plane = try XCTUnwrap(image.barcodeGrayPlane())
        let areas = LinearCodeAreas.find(width: plane.width, height: plane.height, bytes: plane.bytes)
        XCTAssertTrue(areas.contains { Box(x: $0.x, y: $0.y, width: $0.width, height: $0.height).coversMostOf(Self.busyCode) }, "\(areas)")
        let staged = try BarcodeReader().read(image)
        XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" }, expected.map { "\($0.symbology)|\($0.payload)" })
        let bounds = try XCTUnwrap(staged.first?.bounds)
        XCTAssertTrue(bounds.intersection(Self.busyCode).map { $0.width * $0.height * 2 >= Self.busyCode.width * Self.busyCode.height } ?? false,
                      "\(bounds)")
    }

    /// The area search keeps only stretches whose bars run straight along their length: on tight
    /// lines of bold text full of vertical strokes, and on the code-free busy label, it finds
    /// nothing (the strokes of the text make coherent blocks: without the straightness test two
    /// areas); and the pass reads nothing on any code-free fixture.
    func testCodeFreeImagesGiveNoAreaReads() throws {
        for name in ["codefree_dense_text.png", "codefree_busy.png"] {
            let (image, _) = try Self.fixture(name)
            let plane = try XCTUnwrap(image.barcodeGrayPlane())
            XCTAssertEqual(LinearCodeAreas.find(width: plane.width, height: plane.height, bytes: plane.bytes), [], name)
        }
        let pass = BarcodePass(multi: false, area: .blurredCodeAreas, linearOnly: true)
        for name in ["codefree_dense_text.png", "codefree_busy.png", "codefree_text.png", "codefree_halftone.png", "codefree_rulings.png"] {
            let (image, expected) = try Self.fixture(name)
            XCTAssertEqual(expected.count, 0)
            XCTAssertEqual(try BarcodeReader().read(image, pass: pass), [], name)
            XCTAssertEqual(try BarcodeReader().read(image), [], name)
        }
        XCTAssertEqual(try BarcodeReader().read(BarcodeFixtures.image("no_barcode.png"), pass: pass), [])
        XCTAssertEqual(try BarcodeReader().read(RealFixtures.image("codefree_page.jpg"), pass: pass), [])
    }

    /// The decoder's first look: on code-free areas it gives up after its first 8 lines unless two
    /// of them put a symbol at one place and size (lines across one line of text may: they are
    /// then read and rejected by the margin), and it refines only lines whose guards explain
    /// the ink; on a code it still reads every line.
    func testFirstLookKeepsCodeFreeAreasCheap() throws {
        var looked = 0, refined = 0
        for (name, angle) in [("codefree_text.png", Double.pi / 2), ("codefree_rulings.png", 0), ("codefree_rulings.png", Double.pi / 2),
                              ("codefree_busy.png", 0), ("codefree_busy.png", Double.pi / 2), ("codefree_halftone.png", 0)] {
            let (image, _) = try Self.fixture(name)
            let plane = try XCTUnwrap(image.barcodeGrayPlane())
            var effort = BlurredEANDecoder.Effort()
            XCTAssertEqual(BlurredEANDecoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: angle, effort: &effort), [])
            XCTAssertLessThanOrEqual(effort.linesLooked, 8, "\(name) at \(angle)")
            looked += effort.linesLooked; refined += effort.linesRefined
        }
        XCTAssertLessThan(refined * 2, looked, "refined \(refined) of \(looked)")
        let (image, _) = try Self.fixture("blurred_upca.png")
        let plane = try XCTUnwrap(image.barcodeGrayPlane())
        var effort = BlurredEANDecoder.Effort()
        XCTAssertEqual(BlurredEANDecoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: 0, effort: &effort).map(\.digits),
                       ["0036000291452"])
        XCTAssertGreaterThan(effort.linesLooked, 20)
    }
}
