import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// EAN/UPC add-ons and Vision's symbology variants, on fixtures written by
/// scripts/fixtures/barcodes_real.py.
final class BarcodeVariantTests: XCTestCase {
    func testEAN13WithEAN5AddOnIsReadWithItsSupplementalPayload() throws {
        try assertAddOn("addon_ean13_ean5.png", .ean13, addOn: "51295", digits: "978030640615751295")
    }

    func testUPCAWithEAN2AddOnIsReadWithItsSupplementalPayload() throws {
        try assertAddOn("addon_upca_ean2.png", .upca, addOn: "07", digits: "03600029145207")
    }

    /// One symbol, its add-on in `supplementalPayload` and at the end of the payload.
    private func assertAddOn(_ file: String, _ symbology: Symbology, addOn: String, digits: String,
                             line: UInt = #line) throws {
        let found = try BarcodeReader().read(RealFixtures.image(file))
        XCTAssertEqual(found.count, 1, "\(found)", line: line)
        XCTAssertEqual(found.first?.symbology, symbology, line: line)
        XCTAssertEqual(found.first?.supplementalPayload, addOn, line: line)
        XCTAssertEqual(found.first.map { $0.payload.filter(\.isNumber) }, digits, line: line)
    }

    func testCodesWithoutAddOnHaveNoSupplementalPayload() throws {
        let found = try BarcodeReader().read(BarcodeFixtures.image("single_ean13.png"))
        XCTAssertEqual(found.map(\.payload), ["4006381333931"])
        XCTAssertEqual(found.first?.supplementalPayload, nil)
    }

    func testFullASCIICode39IsDecodedUnderCode39FullASCIIAndLeftRawUnderCode39() throws {
        let image = try RealFixtures.image("code39_fullascii.png")
        let full = try BarcodeReader(symbologies: [.code39FullASCII]).read(image)
        XCTAssertEqual(full.map(\.payload), ["Extended"])
        XCTAssertEqual(full.map(\.symbology), [.code39FullASCII])
        let plain = try BarcodeReader(symbologies: [.code39]).read(image)
        XCTAssertEqual(plain.map(\.payload), ["E+X+T+E+N+D+E+D"])
        XCTAssertEqual(plain.map(\.symbology), [.code39])
        // Everything requested (the default): the full-ASCII reading wins.
        let all = try BarcodeReader().read(image)
        XCTAssertEqual(all.map(\.payload), ["Extended"])
        XCTAssertEqual(all.map(\.symbology), [.code39FullASCII])
    }

    func testPlainCode39IsNotReportedAsFullASCIIWhenPlainIsRequested() throws {
        let found = try BarcodeReader().read(BarcodeFixtures.image("single_code39.png"))
        XCTAssertEqual(found.map(\.symbology), [.code39])
        XCTAssertEqual(found.map(\.payload), ["QUIRE39"])
        // Only the checksum variant asked: QUIRE39's last character is no modulo-43 check.
        XCTAssertEqual(try BarcodeReader(symbologies: [.code39Checksum]).read(BarcodeFixtures.image("single_code39.png")), [])
    }

    func testITF14IsReportedUnderItsVisionNames() throws {
        let image = try BarcodeFixtures.image("single_itf.png")  // 30712345000010: 14 digits, valid check digit
        XCTAssertEqual(try BarcodeReader(symbologies: [.itf14]).read(image).map(\.symbology), [.itf14])
        XCTAssertEqual(try BarcodeReader(symbologies: [.i2of5]).read(image).map(\.symbology), [.i2of5])
        XCTAssertEqual(try BarcodeReader(symbologies: [.i2of5Checksum]).read(image).map(\.symbology), [.i2of5Checksum])
        XCTAssertEqual(try BarcodeReader().read(image).map(\.symbology), [.itf])
    }

    func testCode93IsReportedAsCode93iOnlyWhenAskedFor() throws {
        let image = try BarcodeFixtures.image("single_code93.png")
        XCTAssertEqual(try BarcodeReader(symbologies: [.code93i]).read(image).map(\.symbology), [.code93i])
        XCTAssertEqual(try BarcodeReader().read(image).map(\.symbology), [.code93])
    }
}

/// The fixtures of scripts/fixtures/barcodes_real.py.
enum RealFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/barcodes-real")

    static func image(_ name: String) throws -> Image {
        let path = folder.appendingPathComponent(name).path
        return try XCTUnwrap(Image(readingForTests: path), "cannot read fixture \(path)")
    }

    struct Code: Decodable { var symbology: String; var payload: String? }
    struct Entry: Decodable { var codes: [Code] }

    static func expected(_ name: String) throws -> [Code] {
        let data = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        return try XCTUnwrap(try JSONDecoder().decode([String: Entry].self, from: data)[name]).codes
    }
}
