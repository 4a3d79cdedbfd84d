import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// Linear codes with very large modules (the candidate search's 4× coarser look; fixture of
/// scripts/fixtures/barcodes_modules.py).
final class LargeModuleRegionTests: XCTestCase {
    /// A Code 128 symbol of 14-px modules on a 1700 × 2200 page: its bars are too far apart to
    /// fuse at the finer looks, so without the 4× look the page has no code-like region and the
    /// staged search reads nothing; with it one region covers most of the symbol and the code is read.
    func testLinearCodeWithFourteenPixelModulesIsFoundAndRead() throws {
        let (image, expected) = try ExpectedCodesFolder("barcodes-modules").fixture("large_modules_code128.png")
        let regions = try image.barcodeCandidateRegions()
        // The symbol: x 300–1406, y 600–1300 (the fixture script's layout).
        let symbol = Box(x: 300, y: 600, width: 1106, height: 700)
        XCTAssertTrue(regions.contains { region in
            guard let common = region.intersection(symbol) else { return false }
            return common.width * common.height * 10 >= symbol.width * symbol.height * 9
        }, "\(regions)")
        let staged = try BarcodeReader().read(image)
        XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" },
                       expected.map { "\($0.symbology)|\($0.payload)" })
    }
}
