import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// The stacked-code row look of the candidate search (``StackedCodeRows``; fixtures of
/// scripts/fixtures/barcodes_stacked.py): a PDF417 whose rows are squashed to one module breaks
/// into glyph-sized ink pieces, and only its start/stop pattern rows keep its region.
final class StackedCodeRowsTests: XCTestCase {
    static let names = ["stacked_pdf417_1.5px.png", "stacked_pdf417_2px.png"]

    static func fixture(_ name: String) throws -> (Image, [ExpectedCodesFolder.Code]) {
        try ExpectedCodesFolder("barcodes-stacked").fixture(name)
    }

    /// Without the row look these 1600 × 1000 pages have no code-like region, so the gated
    /// staged search reads nothing; with it the region is kept and the symbol read with the
    /// right payload, in its place on the page.
    func testSquashedPDF417IsFoundByItsRowsAndRead() throws {
        for name in Self.names {
            let (image, expected) = try Self.fixture(name)
            let regions = try image.barcodeCandidateRegions()
            XCTAssertTrue(regions.contains { $0.contains(Point(x: 310, y: 605)) }, "\(name): \(regions)")
            let staged = try BarcodeReader().read(image)
            XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" },
                           expected.map { "\($0.symbology)|\($0.payload)" }, name)
            // The fixtures put the symbol's top-left corner at (300, 600).
            let bounds = try XCTUnwrap(staged.first?.bounds, name)
            XCTAssertTrue(Box(x: 290, y: 590, width: 40, height: 40).contains(Point(x: bounds.x, y: bounds.y)), "\(name): \(bounds)")
        }
    }

    /// The row look itself: it sees the squashed symbol and an ordinary PDF417, and neither the
    /// lines of text above the symbol nor a blank area.
    func testRowLookSeesPDF417RowsAndNotText() throws {
        let (image, _) = try Self.fixture("stacked_pdf417_1.5px.png")
        let symbol = try XCTUnwrap(image.barcodeGrayPlane(crop: Box(x: 280, y: 585, width: 230, height: 50)))
        XCTAssertTrue(StackedCodeRows.found(in: symbol))
        let ordinary = try XCTUnwrap(BarcodeFixtures.image("single_pdf417.png").barcodeGrayPlane())
        XCTAssertTrue(StackedCodeRows.found(in: ordinary))
        let text = try XCTUnwrap(image.barcodeGrayPlane(crop: Box(x: 140, y: 110, width: 700, height: 350)))
        XCTAssertFalse(StackedCodeRows.found(in: text))
        let blank = try XCTUnwrap(image.barcodeGrayPlane(crop: Box(x: 1200, y: 800, width: 200, height: 100)))
        XCTAssertFalse(StackedCodeRows.found(in: blank))
    }

    /// On pages without codes the row look sees nothing and the staged search reads nothing.
    func testNothingOnCodeFreePages() throws {
        for image in [try BarcodeFixtures.image("no_barcode.png"), try RealFixtures.image("codefree_page.jpg")] {
            XCTAssertFalse(StackedCodeRows.found(in: try XCTUnwrap(image.barcodeGrayPlane())))
            XCTAssertEqual(try BarcodeReader().read(image), [])
        }
    }
}
