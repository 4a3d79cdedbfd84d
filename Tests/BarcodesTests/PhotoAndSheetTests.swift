import Barcodes
import DocumentModel
import Imaging
import XCTest

/// The staged search on photographed codes, label sheets and a code-free page (fixtures of
/// scripts/fixtures/barcodes_real.py).
final class PhotoAndSheetTests: XCTestCase {
    func testCloseUpPhotoIsFoundOnlyOnAShrunkCopy() throws {
        let image = try RealFixtures.image("photo_downscale.jpg")
        XCTAssertGreaterThanOrEqual(max(image.width, image.height), 1000)
        let reader = BarcodeReader(search: .staged)
        // At full size zxing-cpp 1.4 does not find it, with either binariser ...
        XCTAssertEqual(try reader.read(image, pass: BarcodePass(matrixOnly: true)), [])
        XCTAssertEqual(try reader.read(image, pass: BarcodePass(binarizer: .globalHistogram, matrixOnly: true)), [])
        // ... the staged search does, on a downscaled copy.
        let found = try reader.read(image)
        XCTAssertEqual(found.map(\.payload), ["https://example.org/close-up"])
        XCTAssertEqual(found.map(\.symbology), [.qr])
    }

    func testCodeFreeRealLookingPageYieldsNothing() throws {
        let image = try RealFixtures.image("codefree_page.jpg")
        XCTAssertEqual(try BarcodeReader().read(image), [])
    }

    func testSheetOf24LabelsYieldsAll24Codes() throws {
        let expected = try RealFixtures.expected("sheet_24_labels.png")
        XCTAssertEqual(expected.count, 24)
        let found = try BarcodeReader().read(RealFixtures.image("sheet_24_labels.png"))
        XCTAssertEqual(Set(found.map { "\($0.symbology.rawValue)|\($0.payload)" }),
                       Set(expected.map { "\($0.symbology)|\($0.payload ?? "")" }))
        XCTAssertEqual(found.count, 24)
    }

    func testPaintingOutASymbolRevealsNothingNewWhereItWas() throws {
        // The blanking area of a found symbol covers it: a re-read finds nothing there.
        let image = try BarcodeFixtures.image("single_qr.png")
        let found = try BarcodeReader(search: .fast).read(image)
        XCTAssertEqual(found.count, 1)
        let gray = image.isPlainGray ? image : try image.grayscale()
        let blanked = try XCTUnwrap(gray.whitened(found.map(BarcodeReader.blankingArea)))
        XCTAssertEqual(try BarcodeReader(search: .fast).read(blanked), [])
    }
}

/// The ZBar pass (QR codes only).
final class ZBarPassTests: XCTestCase {
    func testZBarReadsAQRCodeWithItsCorners() throws {
        let code = try XCTUnwrap(try BarcodeFixtures.manifest().codes.first { $0.file == "single_qr.png" })
        let found = try BarcodeReader().read(BarcodeFixtures.image("single_qr.png"), pass: BarcodePass(zbar: true))
        XCTAssertEqual(found.map(\.payload), [code.payload])
        XCTAssertEqual(found.map(\.symbology), [.qr])
        let region = code.expectedBox.grown(by: 3)
        for corner in found.first?.corners ?? [] {
            XCTAssertTrue(region.contains(corner), "corner \(corner) outside \(region)")
        }
        XCTAssertEqual(found.first.map { $0.corners[0].x < $0.corners[1].x && $0.corners[1].y < $0.corners[2].y }, true,
                       "corners in zxing's order: \(found)")
    }

    func testZBarReadsNothingButQRCodes() throws {
        for file in ["single_code128.png", "single_ean13.png", "single_dataMatrix.png"] {
            XCTAssertEqual(try BarcodeReader().read(BarcodeFixtures.image(file), pass: BarcodePass(zbar: true)), [], file)
        }
        XCTAssertEqual(try BarcodeReader().read(RealFixtures.image("codefree_page.jpg"), pass: BarcodePass(zbar: true)), [])
    }
}
