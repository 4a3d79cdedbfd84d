import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// The retries aimed at how retail codes fail in photos (fixtures of
/// scripts/fixtures/barcodes_retries.py).
final class RetailRetryTests: XCTestCase {
    static func fixture(_ name: String) throws -> (Image, [ExpectedCodesFolder.Code]) {
        try ExpectedCodesFolder("barcodes-retries").fixture(name)
    }

    /// Faint bars under light falling off across the symbol: every zxing pass of the staged
    /// search misses them, the ZBar retail pass reads them, and the staged search reports them
    /// with zxing's payload (UPC-A as 12 digits).
    func testFaintUnevenlyLitRetailCodesAreReadByTheZBarRetry() throws {
        for name in ["faint_uneven_upca.png", "faint_uneven_ean13.png"] {
            let (image, expected) = try Self.fixture(name)
            let zxingOnly = BarcodeSearch.stagedPasses.filter { !$0.zbar }
            XCTAssertEqual(try BarcodeReader(search: .custom(zxingOnly)).read(image), [], name)
            let retry = try BarcodeReader().read(image, pass: BarcodePass(linearOnly: true, zbar: true))
            XCTAssertEqual(retry.map { "\($0.symbology.rawValue)|\($0.payload)" },
                           expected.map { "\($0.symbology)|\($0.payload)" }, name)
            let staged = try BarcodeReader().read(image)
            XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" },
                           expected.map { "\($0.symbology)|\($0.payload)" }, name)
            // Its position: inside the image, spanning most of the symbol's width.
            let bounds = try XCTUnwrap(staged.first?.bounds)
            XCTAssertGreaterThan(bounds.width, image.width / 2, name)
            XCTAssertLessThanOrEqual(bounds.maxX, image.width, name)
        }
    }

    /// The ZBar retail pass reports only the retail symbologies asked for.
    func testZBarRetailPassKeepsToTheRequestedSymbologies() throws {
        let (image, _) = try Self.fixture("faint_uneven_upca.png")
        let pass = BarcodePass(linearOnly: true, zbar: true)
        XCTAssertEqual(try BarcodeReader(symbologies: [.qr, .code128, .ean8]).read(image, pass: pass), [])
    }

    /// No invented codes: text, rules and a halftone-and-stripes page give the ZBar retail
    /// pass nothing.
    func testZBarRetailPassFindsNothingOnCodeFreePages() throws {
        let pass = BarcodePass(linearOnly: true, zbar: true)
        XCTAssertEqual(try BarcodeReader().read(BarcodeFixtures.image("no_barcode.png"), pass: pass), [])
        XCTAssertEqual(try BarcodeReader().read(RealFixtures.image("codefree_page.jpg"), pass: pass), [])
    }
}
