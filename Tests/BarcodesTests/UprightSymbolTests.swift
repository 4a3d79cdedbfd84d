@testable import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// The upright-symbol retry: each QR finder triple's symbol turned upright and resampled to 4 px a
/// module (``UprightSymbol``, the `.finderSymbols` passes; fixtures of
/// scripts/fixtures/barcodes_upright.py).
final class UprightSymbolTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/barcodes-upright")

    struct Code: Decodable { var symbology: String; var payload: String }

    static func fixture(_ name: String) throws -> (Image, [Code]) {
        let path = folder.appendingPathComponent(name).path
        let image = try XCTUnwrap(Image(readingForTests: path), "cannot read fixture \(path)")
        let data = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        let codes = try XCTUnwrap(try JSONDecoder().decode([String: [Code]].self, from: data)[name])
        return (image, codes)
    }

    /// The staged search without the upright passes.
    static let withoutUpright = BarcodeSearch.custom(BarcodeSearch.stagedPasses.filter { $0.area != .finderSymbols })

    /// A curved label and a high-version code at 1.8 px a module: every other pass of the staged
    /// search misses them (zxing-cpp 1.4 cannot sample the grid), the upright copy reads them,
    /// and the staged search reports them where they are.
    func testCurvedAndSmallModuleCodesAreReadUpright() throws {
        for name in ["curved_qr.jpg", "small_module_qr.jpg"] {
            let (image, expected) = try Self.fixture(name)
            XCTAssertEqual(try BarcodeReader(search: Self.withoutUpright).read(image), [], name)
            let staged = try BarcodeReader().read(image)
            XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" },
                           expected.map { "\($0.symbology)|\($0.payload)" }, name)
            // Its corners lie round the middle of the photo, where the symbol is.
            let bounds = try XCTUnwrap(staged.first?.bounds)
            XCTAssertTrue(bounds.contains(Point(x: image.width / 2, y: image.height / 2)), "\(name): \(bounds)")
            XCTAssertLessThan(bounds.width, image.width * 3 / 4, name)
        }
    }

    /// The copy is square, with modules of about 4 px: a symbol's three finder patterns are
    /// found again in it, upright (same row for the top two, same column for the left two).
    func testUprightCopyHasFourPixelModulesAndLevelFinders() throws {
        let (image, _) = try Self.fixture("small_module_qr.jpg")
        let plane = try XCTUnwrap(try image.barcodeGrayPlane())
        let triple = try XCTUnwrap(QRFinderLocator.triples(in: plane).first)
        let upright = try XCTUnwrap(UprightSymbol(image, triple: triple))
        XCTAssertEqual(upright.plane.width, upright.plane.height)
        let again = try XCTUnwrap(QRFinderLocator.triples(in: upright.plane).first)
        XCTAssertEqual(again.module, UprightSymbol.module, accuracy: 1)
        XCTAssertEqual(again.corner.y, again.right.y, accuracy: 4)
        XCTAssertEqual(again.corner.x, again.below.x, accuracy: 4)
        XCTAssertLessThan(again.corner.x, again.right.x)
        XCTAssertLessThan(again.corner.y, again.below.y)
        // Mapped back, the copy's corner finder is the page's.
        let back = upright.pagePoint(x: again.corner.x, y: again.corner.y)
        XCTAssertEqual(back.x, triple.corner.x, accuracy: 2 * triple.module)
        XCTAssertEqual(back.y, triple.corner.y, accuracy: 2 * triple.module)
    }

    /// No invented codes: the upright passes read nothing on text, rules and halftones.
    func testUprightPassesFindNothingOnCodeFreePages() throws {
        for binarizer in [BarcodeBinarizer.localAverage, .globalHistogram] {
            let pass = BarcodePass(multi: false, area: .finderSymbols, binarizer: binarizer)
            XCTAssertEqual(try BarcodeReader().read(BarcodeFixtures.image("no_barcode.png"), pass: pass), [])
            XCTAssertEqual(try BarcodeReader().read(RealFixtures.image("codefree_page.jpg"), pass: pass), [])
        }
    }
}
