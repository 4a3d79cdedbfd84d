import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// The retry for codes whose modules are under 2 px (``BarcodePass/Area/smallModules``,
/// ``ModuleScale``; fixtures of scripts/fixtures/barcodes_modules.py).
final class SmallModuleRetryTests: XCTestCase {
    static let names = ["small_modules_code128.png", "small_modules_ean13.png", "small_modules_qr.png",
                        "small_modules_aztec.png"]

    static func fixture(_ name: String) throws -> (Image, [ExpectedCodesFolder.Code]) {
        try ExpectedCodesFolder("barcodes-modules").fixture(name)
    }

    /// Every other pass of the staged search misses these codes (the code-like region is found,
    /// its modules are too small for zxing); the staged search with the retry reads each with
    /// the right symbology and payload, inside the symbol's place on the page.
    func testCodesWithModulesUnderTwoPixelsAreReadOnlyEnlarged() throws {
        // (The blurred EAN/UPC pass, after this one, also reads the EAN-13: left out here.)
        let withoutRetry = BarcodeSearch.stagedPasses.filter { $0.area != .smallModules && $0.area != .blurredRetail && $0.area != .blurredCodeAreas }
        for name in Self.names {
            let (image, expected) = try Self.fixture(name)
            XCTAssertEqual(try BarcodeReader(search: .custom(withoutRetry)).read(image), [], name)
            let staged = try BarcodeReader().read(image)
            XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" },
                           expected.map { "\($0.symbology)|\($0.payload)" }, name)
            // The fixtures put the symbol's top-left corner at (300, 600), 20–320 px across.
            let bounds = try XCTUnwrap(staged.first?.bounds, name)
            XCTAssertTrue(Box(x: 290, y: 590, width: 340, height: 90).contains(Point(x: bounds.x, y: bounds.y)), "\(name): \(bounds)")
            XCTAssertGreaterThan(bounds.width, 20, name)
        }
    }

    /// The module estimate: about 1 px on the small-module fixtures, several px on a code drawn
    /// large, nil on a blank area.
    func testModuleEstimateFromRunLengths() throws {
        let (image, _) = try Self.fixture("small_modules_code128.png")
        let small = try XCTUnwrap(image.barcodeGrayPlane(crop: Box(x: 290, y: 590, width: 250, height: 80)))
        XCTAssertEqual(try XCTUnwrap(ModuleScale.estimate(small)), 1, accuracy: 0.5)
        let large = try XCTUnwrap(BarcodeFixtures.image("single_code128.png").barcodeGrayPlane())
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(ModuleScale.estimate(large)), 2)
        let blank = try XCTUnwrap(image.barcodeGrayPlane(crop: Box(x: 1200, y: 800, width: 200, height: 100)))
        XCTAssertNil(ModuleScale.estimate(blank))
    }

    /// On pages without codes the retry reads nothing.
    func testSmallModulePassFindsNothingOnCodeFreePages() throws {
        let pass = BarcodePass(multi: false, area: .smallModules)
        XCTAssertEqual(try BarcodeReader().read(BarcodeFixtures.image("no_barcode.png"), pass: pass), [])
        XCTAssertEqual(try BarcodeReader().read(RealFixtures.image("codefree_page.jpg"), pass: pass), [])
    }
}
