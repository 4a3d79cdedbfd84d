import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// The inverted-linear retry, mirrored symbols and GS1 DataBar through ZBar (fixtures of
/// scripts/fixtures/barcodes_inverted_mirrored.py).
final class InvertedMirroredDataBarTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/barcodes-inverted-mirrored")

    static func image(_ name: String) throws -> Image {
        let path = folder.appendingPathComponent(name).path
        return try XCTUnwrap(Image(readingForTests: path), "cannot read fixture \(path)")
    }

    static let invertedLinear = BarcodePass(multi: false, area: .candidates, linearOnly: true, invert: true)

    /// A Code 128 and a Data Matrix flipped left to right (printed on film, seen from behind):
    /// zxing-cpp 1.4 reads both as they are (a linear code backwards, reported turned 180°; a
    /// Data Matrix as mirrored), so the staged search needs no mirrored retry for them (nor for
    /// QR, Aztec and PDF417, measured the same way: docs/pipeline-files.md).
    func testMirroredSymbolsAreReadWithoutARetry() throws {
        for (name, symbology, payload) in [("mirrored_code128.png", Symbology.code128, "MIRROR-128"),
                                           ("mirrored_datamatrix.png", .dataMatrix, "MIRRORED DM 42")] {
            let image = try Self.image(name)
            let fast = try BarcodeReader().read(image, pass: .fast)
            XCTAssertEqual(fast.map { "\($0.symbology.rawValue)|\($0.payload)" }, ["\(symbology.rawValue)|\(payload)"], name)
            let code = try XCTUnwrap(fast.first)
            XCTAssertGreaterThanOrEqual(code.bounds.minX, 40, name)
            XCTAssertLessThanOrEqual(code.bounds.maxX, image.width - 30, name)
        }
    }

    /// A linear code printed light on a dark label: no other pass of the staged search reads it
    /// (zxing-cpp 1.4 has no tryInvert; ZBar neither), the inverted read of its code-like region does.
    func testLightOnDarkLinearCodesAreReadByTheInvertedRetry() throws {
        for (name, symbology, payload) in [("inverted_code128.png", Symbology.code128, "QUIRE-INV-2026"),
                                           ("inverted_ean13.png", .ean13, "4006381333931")] {
            let image = try Self.image(name)
            let others = BarcodeSearch.stagedPasses.filter { $0 != Self.invertedLinear }
            XCTAssertEqual(try BarcodeReader(search: .custom(others)).read(image), [], name)
            let retry = try BarcodeReader().read(image, pass: Self.invertedLinear)
            XCTAssertEqual(retry.map { "\($0.symbology.rawValue)|\($0.payload)" }, ["\(symbology.rawValue)|\(payload)"], name)
            let staged = try BarcodeReader().read(image)
            XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" }, ["\(symbology.rawValue)|\(payload)"], name)
            // Its position: on the label, in page pixels (the label starts at x = 40, y = 80).
            let bounds = try XCTUnwrap(staged.first?.bounds)
            XCTAssertGreaterThanOrEqual(bounds.minX, 40, name)
            XCTAssertGreaterThanOrEqual(bounds.minY, 70, name)
            XCTAssertLessThanOrEqual(bounds.maxX, image.width - 30, name)
        }
    }

    /// GS1 DataBar Expanded asked of ZBar alone (as after zxing-cpp 1.4 aborted on a page):
    /// found, with zxing's payload form (AIs in parentheses).
    func testDataBarExpandedIsReadByZBarAlone() throws {
        let noDataBar = Set(Symbology.allCases).subtracting([.gs1DataBar, .gs1DataBarExpanded])
        let image = try Self.image("databar_expanded.png")
        XCTAssertEqual(try BarcodeReader(symbologies: noDataBar).read(image), [])
        let found = try BarcodeReader(symbologies: noDataBar, zbarOnly: [.gs1DataBarExpanded]).read(image)
        XCTAssertEqual(found.map { "\($0.symbology.rawValue)|\($0.payload)" },
                       ["gs1DataBarExpanded|(01)98898765432106(3202)012345(15)991231"])
        XCTAssertNil(found.first?.rawBytes)  // as zxing-cpp 1.4 reads it: the parenthesised form only
        XCTAssertNil(found.first?.symbologyIdentifier)  // ZBar gives none

        let lot = try BarcodeReader(symbologies: [], zbarOnly: [.gs1DataBarExpanded]).read(Self.image("databar_expanded_lot.png"))
        XCTAssertEqual(lot.map(\.payload), ["(01)09501101530003(10)AB12(17)271231"])
    }

    /// zxing-cpp reads the same symbol with the same payload form (the two readers agree).
    func testZXingAndZBarGiveTheSameDataBarExpandedPayload() throws {
        let image = try Self.image("databar_expanded_lot.png")
        let zxing = try BarcodeReader(symbologies: [.gs1DataBarExpanded]).read(image, pass: .fast)
        let zbar = try BarcodeReader(symbologies: [.gs1DataBarExpanded]).read(image, pass: BarcodePass(linearOnly: true, zbar: true))
        XCTAssertEqual(zxing.map(\.payload), ["(01)09501101530003(10)AB12(17)271231"])
        XCTAssertEqual(zbar.map(\.payload), zxing.map(\.payload))
        // Found by both passes of the staged search (zxing on a scan line, ZBar on the bars left
        // after painting that line out): one symbol.
        XCTAssertEqual(try BarcodeReader(symbologies: [.gs1DataBarExpanded]).read(image).count, 1)
    }

    /// No invented codes: the inverted-linear retry and ZBar's DataBar readers find nothing on
    /// text, rules, halftones and stripes, nor on a real code-free page.
    func testNewRetriesFindNothingOnCodeFreePages() throws {
        let zbarDataBar = BarcodePass(linearOnly: true, zbar: true)
        for image in [try BarcodeFixtures.image("no_barcode.png"), try RealFixtures.image("codefree_page.jpg")] {
            XCTAssertEqual(try BarcodeReader().read(image, pass: Self.invertedLinear), [])
            XCTAssertEqual(try BarcodeReader(symbologies: [.gs1DataBar, .gs1DataBarExpanded]).read(image, pass: zbarDataBar), [])
            XCTAssertEqual(try BarcodeReader().read(image), [])
        }
    }
}
