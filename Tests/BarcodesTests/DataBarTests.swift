import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// quire's own GS1 DataBar decoder (``DataBarDecoder``) and its pass (`.dataBarRows`), on the
/// fixtures of scripts/fixtures/barcodes_databar.py: photo-like images of DataBar, DataBar
/// Stacked and Stacked Omnidirectional (zint's drawing), turned a few degrees and blurred.
final class DataBarTests: XCTestCase {
    static func fixture(_ name: String) throws -> (Image, [ExpectedCodesFolder.Code]) {
        try ExpectedCodesFolder("barcodes-databar").fixture(name)
    }

    static let stacked = ["databar_stacked.jpg", "databar_stacked_omni.jpg", "databar_stacked_thin.jpg"]

    /// A DataBar Stacked symbol (rows 5 and 7 modules high) turned 12° is read by the staged
    /// search only through the DataBar pass: ZBar's scan lines cross both rows and read nothing,
    /// and the same passes without the DataBar pass read nothing. GS1 DataBar is left to ZBar
    /// and this pass here (as on a page read again after zxing-cpp 1.4 aborted on it), and
    /// zxing-cpp is asked for every other symbology.
    func testTiltedStackedSymbolIsReadOnlyByTheDataBarPass() throws {
        let (image, expected) = try Self.fixture("databar_stacked.jpg")
        let others = Set(Symbology.allCases).subtracting([.gs1DataBar])
        let read = try BarcodeReader(symbologies: others, zbarOnly: [.gs1DataBar]).read(image)
        XCTAssertEqual(read.map { "\($0.symbology.rawValue)|\($0.payload)" }, expected.map { "\($0.symbology)|\($0.payload)" })
        XCTAssertEqual(read.first?.symbologyIdentifier, "]e0")
        // The symbol lies around the image's centre (the fixture pastes it there).
        let bounds = try XCTUnwrap(read.first?.bounds)
        XCTAssertTrue(bounds.contains(Point(x: 240, y: 200)), "\(bounds)")
        let without = BarcodeSearch.custom(BarcodeSearch.stagedPasses.filter { $0.area != .dataBarRows })
        XCTAssertEqual(try BarcodeReader(symbologies: others, search: without, zbarOnly: [.gs1DataBar]).read(image), [])
    }

    /// The decoder alone reads every form, upright and turned 180° (the halves then lie the
    /// other way along the scan lines).
    func testDecoderReadsEveryFormEitherWayUp() throws {
        for name in ["databar_omni.jpg"] + Self.stacked {
            let (image, expected) = try Self.fixture(name)
            let plane = try XCTUnwrap(image.grayscale().barcodeGrayPlane())
            let turned = BarcodeGrayPlane(width: plane.width, height: plane.height, bytes: plane.bytes.reversed())
            XCTAssertEqual(DataBarDecoder.symbols(in: plane).map(\.gtin), expected.map(\.payload), name)
            XCTAssertEqual(DataBarDecoder.symbols(in: turned).map(\.gtin), expected.map(\.payload), "\(name) turned")
        }
    }

    /// A crisp symbol drawn here from its element widths (GTIN 04412345678909 as zint draws it,
    /// 46 elements from the left guard's space) is read; the GTIN's digits and check digit come
    /// from the two halves' values (4537077 × left + right).
    func testCrispSymbolFromItsWidths() throws {
        let widths = [1, 1, 2, 1, 3, 1, 4, 1, 3, 1, 3, 3, 7, 1, 1, 1, 1, 1, 5, 2, 2, 2, 1, 1, 1, 2, 2, 1, 2, 1, 5, 1,
                      1, 6, 5, 2, 4, 1, 1, 1, 3, 3, 2, 1, 1, 1]
        XCTAssertEqual(widths.reduce(0, +), 96)
        let plane = BarcodeGrayPlane.bars(widths)
        XCTAssertEqual(DataBarDecoder.symbols(in: plane).map(\.gtin), ["04412345678909"])
        XCTAssertEqual(DataBarDecoder.gtin(left: 97_250, right: 3_829_640), "04412345678909")
        // Annex B's combinatorial value: the first and the last set of 4 elements summing to 8.
        XCTAssertEqual(DataBarCharacters.rssValue([1, 1, 1, 5], widest: 8, noNarrow: false), 0)
        XCTAssertEqual(DataBarCharacters.rssValue([5, 1, 1, 1], widest: 8, noNarrow: false), 34)
    }

    /// Bars printed thin (0.4 module of ink spread) are read only because the finder's fit
    /// measures the spread and takes it off the characters' widths.
    func testInkSpreadIsMeasuredAndTakenOff() throws {
        let (image, expected) = try Self.fixture("databar_stacked_thin.jpg")
        let plane = try XCTUnwrap(image.grayscale().barcodeGrayPlane())
        XCTAssertEqual(DataBarDecoder.symbols(in: plane).map(\.gtin), expected.map(\.payload))
    }

    /// Nothing on images without a DataBar symbol: the decoder over the whole image and the
    /// staged search on the fixture's finder-like bar groups and a generated page without codes;
    /// the staged search on a real scanned page without codes.
    func testNothingOnCodeFreeImages() throws {
        for image in [try Self.fixture("databar_codefree.jpg").0, try BarcodeFixtures.image("no_barcode.png")] {
            let plane = try XCTUnwrap(image.grayscale().barcodeGrayPlane())
            XCTAssertEqual(DataBarDecoder.symbols(in: plane).map(\.gtin), [])
            XCTAssertEqual(try BarcodeReader().read(image), [])
        }
        // A real scanned page: read as the pipeline reads it (the pass scans its code-like regions).
        XCTAssertEqual(try BarcodeReader().read(try RealFixtures.image("codefree_page.jpg")), [])
    }
}
