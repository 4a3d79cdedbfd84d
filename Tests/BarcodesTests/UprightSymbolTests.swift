@testable import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// The finder search for photographed QR codes and the upright-symbol retry (``UprightSymbol``,
/// the `.finderSymbols` passes; fixtures of scripts/fixtures/barcodes_upright.py).
final class UprightSymbolTests: XCTestCase {
    static func fixture(_ name: String) throws -> (Image, [ExpectedCodesFolder.Code]) {
        try ExpectedCodesFolder("barcodes-upright").fixture(name)
    }

    /// The copy is square, with modules of about 4 px (the symbol's are 1.8 px): its three
    /// finder patterns are found again in it, upright (the top two on one row, the left two in
    /// one column), and its points map back onto the page's patterns.
    func testUprightCopyHasFourPixelModulesAndLevelFinders() throws {
        let (image, _) = try Self.fixture("small_module_qr.jpg")
        let plane = try XCTUnwrap(try image.barcodeGrayPlane())
        let triple = try XCTUnwrap(QRFinderLocator.triples(in: plane).first)
        XCTAssertLessThan(triple.module, 2.5)
        let upright = try XCTUnwrap(UprightSymbol(image, triple: triple))
        XCTAssertEqual(upright.plane.width, upright.plane.height)
        let again = try XCTUnwrap(QRFinderLocator.triples(in: upright.plane).first)
        XCTAssertEqual(again.module, UprightSymbol.module, accuracy: 1)
        XCTAssertEqual(again.corner.y, again.right.y, accuracy: 4)
        XCTAssertEqual(again.corner.x, again.below.x, accuracy: 4)
        XCTAssertLessThan(again.corner.x, again.right.x)
        XCTAssertLessThan(again.corner.y, again.below.y)
        let back = upright.pagePoint(x: again.corner.x, y: again.corner.y)
        XCTAssertEqual(back.x, triple.corner.x, accuracy: 2 * triple.module + 1)
        XCTAssertEqual(back.y, triple.corner.y, accuracy: 2 * triple.module + 1)
        // The upright pass reads the symbol, its corners round the finder triple.
        let (_, expected) = try Self.fixture("small_module_qr.jpg")
        let read = try BarcodeReader().read(image, pass: BarcodePass(multi: false, area: .finderSymbols, binarizer: .globalHistogram))
        XCTAssertEqual(read.map(\.payload), expected.map(\.payload))
        let bounds = try XCTUnwrap(read.first?.bounds)
        XCTAssertTrue(bounds.contains(Point(x: Int(triple.corner.x), y: Int(triple.corner.y))), "\(bounds)")
    }

    /// Gray print on a light label beside a dark band: the mean threshold is dragged below the
    /// print, so it finds no triple; the label threshold (halfway to the lightest block nearby)
    /// finds the symbol's three patterns, and the staged search reads the code.
    func testLabelThresholdFindsGrayPrintBesideADarkBand() throws {
        let (image, expected) = try Self.fixture("gray_label_qr.jpg")
        let plane = try XCTUnwrap(try image.barcodeGrayPlane())
        var level = plane, factor = 1.0
        var meanOnly: [QRFinderLocator.Finder] = []
        while true {
            meanOnly += QRFinderLocator.levelFinders(level, mode: .mean).map {
                QRFinderLocator.Finder(x: $0.x * factor, y: $0.y * factor, module: $0.module * factor, hits: $0.hits)
            }
            guard min(level.width, level.height) >= 160 else { break }
            level = QRFinderLocator.halved(level)
            factor *= 2
        }
        XCTAssertEqual(QRFinderLocator.triples(of: meanOnly, width: plane.width, height: plane.height, maxCrops: 40), [])
        let triples = QRFinderLocator.triples(in: plane)
        let centre = Point(x: image.width / 2, y: image.height / 2)
        XCTAssertTrue(triples.contains { $0.area.contains(centre) && $0.module > 15 && $0.module < 40 }, "\(triples)")
        let staged = try BarcodeReader().read(image)
        XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" }, expected.map { "\($0.symbology)|\($0.payload)" })
    }

    /// A symbol seen at a slant: three finder patterns at the corners of an equilateral triangle
    /// (every corner 60°, none within 27° of a right angle: a card photographed from the side)
    /// still make a triple, read upright only, in unmirrored order; a thin triangle (legs 3×
    /// apart, 18°) does not.
    func testSlantedTriplesAreKept() {
        let m = 6.0
        let a = QRFinderLocator.Finder(x: 400, y: 300, module: m, hits: 10)
        let b = QRFinderLocator.Finder(x: 550, y: 300, module: m, hits: 10)
        let c = QRFinderLocator.Finder(x: 475, y: 429.9, module: m, hits: 10)
        let slanted = QRFinderLocator.triples(of: [a, b, c], width: 1000, height: 800, maxCrops: 40)
        XCTAssertFalse(slanted.isEmpty)
        for t in slanted {
            // From `right` to `below` turns clockwise about the corner (y down).
            let cross = (t.right.x - t.corner.x) * (t.below.y - t.corner.y) - (t.right.y - t.corner.y) * (t.below.x - t.corner.x)
            XCTAssertGreaterThan(cross, 0)
            XCTAssertTrue(t.area.contains(Point(x: 480, y: 340)), "\(t.area)")
            XCTAssertFalse(t.strict, "read upright only, not as a whole area")
        }
        let thin = [a, QRFinderLocator.Finder(x: 700, y: 300, module: m, hits: 10), QRFinderLocator.Finder(x: 400, y: 400, module: m, hits: 10)]
        XCTAssertEqual(QRFinderLocator.triples(of: thin, width: 1000, height: 800, maxCrops: 40), [])
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
