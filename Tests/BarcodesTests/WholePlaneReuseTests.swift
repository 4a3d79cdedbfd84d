import XCTest
import Barcodes
import DocumentModel
import Imaging

/// Passes that differ only in zxing's binariser read the same pixels: the whole-image gray plane
/// (clip, gray, scale) is made once and read by both.
final class WholePlaneReuseTests: XCTestCase {
    func testTheQuickLooksTwoPassesReadOneQuarterSizeCopy() throws {
        // A code-free text page enlarged 3× (a large page): the quick look's two passes, one
        // binariser each, read the same quarter-size copy, made once.
        let page = try BarcodeFixtures.image("no_barcode.png").scaled(by: 3)
        let reader = BarcodeReader(search: .staged)
        XCTAssertEqual(try reader.read(page, textPage: true), [])
        XCTAssertGreaterThanOrEqual(reader.wholeImageReads, BarcodeSearch.quickLook.count)
        XCTAssertEqual(reader.wholePlanesReused, BarcodeSearch.quickLook.count - 1)
        XCTAssertEqual(reader.wholePlanesMade + reader.wholePlanesReused, reader.wholeImageReads)
    }

    func testABlankedPageIsNotReadFromTheCopyOfThePageBefore() throws {
        // Each find paints the symbol out and reads the page again: a new image, a new plane.
        let page = try BarcodeFixtures.image("multi.png").scaled(by: 3)
        let reader = BarcodeReader(search: .custom([BarcodePass(multi: false, scale: 1)]))
        let found = try reader.read(page)
        XCTAssertGreaterThan(found.count, 1, "one symbol a round with single reads")
        XCTAssertEqual(reader.wholePlanesReused, 0)
        XCTAssertEqual(reader.wholePlanesMade, reader.wholeImageReads)
    }
}
