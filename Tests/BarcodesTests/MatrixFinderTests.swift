import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// The Data Matrix finder search (``DataMatrixLocator``, ``BarcodePass/Area/matrixFinders``;
/// fixtures of scripts/fixtures/barcodes_matrix_finder.py): small symbols on a text page around
/// which the candidate search finds no code-like region.
final class MatrixFinderTests: XCTestCase {
    static let names = ["dmloc_small_blurred.png", "dmloc_small_crisp.png", "dmloc_rect_blurred.png"]

    /// Without the finder pass the staged search reads nothing on these pages; with it each
    /// symbol is read, with the right payload, at its place (the fixtures put its top-left
    /// corner at (300, 900)).
    func testSmallDataMatrixIsReadOnlyThroughItsFinder() throws {
        let withoutFinders = BarcodeSearch.stagedPasses.filter { $0.area != .matrixFinders }
        for name in Self.names {
            let (image, expected) = try ExpectedCodesFolder("barcodes-dmloc").fixture(name)
            XCTAssertEqual(try BarcodeReader(search: .custom(withoutFinders)).read(image), [], name)
            let staged = try BarcodeReader().read(image)
            XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" },
                           expected.map { "\($0.symbology)|\($0.payload)" }, name)
            let bounds = try XCTUnwrap(staged.first?.bounds, name)
            XCTAssertEqual(Double(bounds.x), 300, accuracy: 3, "\(name): \(bounds)")
            XCTAssertEqual(Double(bounds.y), 900, accuracy: 3, "\(name): \(bounds)")
        }
    }

    /// The locator finds the symbol's square (its L finder and timing pattern) on the page.
    func testLocatorFindsTheSymbolSquare() throws {
        let (image, _) = try ExpectedCodesFolder("barcodes-dmloc").fixture("dmloc_small_crisp.png")
        let found = DataMatrixLocator.symbols(in: try XCTUnwrap(image.barcodeGrayPlane()))
        XCTAssertEqual(found.count, 1)
        let box = try XCTUnwrap(found.first)
        XCTAssertEqual(Double(box.x), 300, accuracy: 1)
        XCTAssertEqual(Double(box.y), 900, accuracy: 1)
        XCTAssertEqual(Double(box.width), 18, accuracy: 1)
        XCTAssertEqual(Double(box.height), 18, accuracy: 1)
    }

    /// On pages without codes the locator finds no L finder and the pass reads nothing.
    func testMatrixFinderPassFindsNothingOnCodeFreePages() throws {
        let pass = BarcodePass(multi: false, area: .matrixFinders, matrixOnly: true)
        for image in [try BarcodeFixtures.image("no_barcode.png"), try RealFixtures.image("codefree_page.jpg")] {
            XCTAssertEqual(DataMatrixLocator.symbols(in: try XCTUnwrap(image.barcodeGrayPlane())), [])
            XCTAssertEqual(try BarcodeReader().read(image, pass: pass), [])
        }
    }
}
