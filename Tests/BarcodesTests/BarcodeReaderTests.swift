import Barcodes
import DocumentModel
import Imaging
import XCTest

/// Integration tests of BarcodeReader against zxing-cpp 1.4 and the labelled fixtures.
final class BarcodeReaderTests: XCTestCase {
    /// Every symbology fixture: exact payload and symbology, corners inside the drawn box.
    func testEverySymbologyIsReadWithExactPayloadAndCorners() throws {
        let manifest = try BarcodeFixtures.manifest()
        let singles = manifest.codes.filter { $0.file.hasPrefix("single_") }
        // DataBar Limited and MicroPDF417, read by quire's own decoders only, have their fixtures in
        // DataBarLimitedTests and MicroPDF417Tests.
        XCTAssertEqual(Set(singles.map(\.symbology)),
                       Set(Symbology.allCases.filter { $0.family == $0 && $0 != .gs1DataBarLimited && $0 != .microPDF417 }.map(\.rawValue)),
                       "one fixture per plain symbology (variants: BarcodeVariantTests)")
        let reader = BarcodeReader()
        for code in singles {
            let found = try reader.read(BarcodeFixtures.image(code.file))
            XCTAssertEqual(found.count, 1, "\(code.file): \(found)")
            guard let barcode = found.first else { continue }
            XCTAssertEqual(barcode.symbology.rawValue, code.symbology, code.file)
            XCTAssertEqual(barcode.payload, code.payload, code.file)
            XCTAssertEqual(barcode.corners.count, 4, code.file)
            let region = code.expectedBox.grown(by: 3)
            if barcode.symbology == .maxiCode {
                // zxing 1.4 reports no MaxiCode position: the reader gives the area it read.
                let centre = Point(x: Int(code.expectedBox.midX), y: Int(code.expectedBox.midY))
                XCTAssertTrue(barcode.bounds.contains(centre), "\(code.file): \(barcode.bounds)")
                continue
            }
            for corner in barcode.corners {
                XCTAssertTrue(region.contains(corner), "\(code.file): corner \(corner) outside \(region)")
            }
        }
    }

    func testSeveralCodesOnOnePage() throws {
        let manifest = try BarcodeFixtures.manifest()
        let expected = manifest.codes.filter { $0.file == "multi.png" }
        XCTAssertEqual(expected.count, 6)
        let found = try BarcodeReader().read(BarcodeFixtures.image("multi.png"))
        XCTAssertEqual(found.count, expected.count, "\(found.map(\.payload))")
        for code in expected {
            let match = found.first { $0.symbology.rawValue == code.symbology && $0.payload == code.payload }
            guard let match else { XCTFail("missing \(code.symbology) \(code.payload)"); continue }
            XCTAssertNotNil(code.expectedBox.grown(by: 3).intersection(match.bounds), code.symbology)
            XCTAssertTrue(match.corners.allSatisfy(code.expectedBox.grown(by: 3).contains), "\(code.symbology)")
        }
    }

    func testRotatedCodes() throws {
        let manifest = try BarcodeFixtures.manifest()
        for code in manifest.codes where code.file.hasPrefix("rotated30_") {
            let found = try BarcodeReader().read(BarcodeFixtures.image(code.file))
            XCTAssertEqual(found.map(\.payload), [code.payload], code.file)
            XCTAssertEqual(found.first?.symbology.rawValue, code.symbology)
            XCTAssertTrue(found.first?.corners.allSatisfy(code.expectedBox.grown(by: 3).contains) ?? false, code.file)
        }
        // A QR code's corners give its orientation: drawn 30° clockwise.
        let qr = try XCTUnwrap(BarcodeReader().read(BarcodeFixtures.image("rotated30_qr.png")).first)
        XCTAssertEqual(Double(qr.orientation), 30, accuracy: 3)
    }

    func testPerspectiveCodes() throws {
        let manifest = try BarcodeFixtures.manifest()
        let codes = manifest.codes.filter { $0.file.hasPrefix("perspective_") }
        XCTAssertEqual(codes.count, 2)
        for code in codes {
            let found = try BarcodeReader(search: .fast).read(BarcodeFixtures.image(code.file))
            XCTAssertEqual(found.map(\.payload), [code.payload], code.file)
            XCTAssertTrue(found.first?.corners.allSatisfy(code.expectedBox.grown(by: 3).contains) ?? false, code.file)
        }
    }

    /// Light symbols on a dark ground: zxing-cpp 1.4 has no tryInvert, so the staged search
    /// reads an inverted copy of the page (matrix codes); corners stay in the page's pixels.
    func testLightCodesOnADarkGround() throws {
        let expected = try BarcodeFixtures.manifest().codes.filter { $0.file == "inverted_qr_dataMatrix.png" }
        XCTAssertEqual(expected.count, 2)
        let image = try BarcodeFixtures.image("inverted_qr_dataMatrix.png")
        XCTAssertEqual(try BarcodeReader(search: .fast).read(image), [], "zxing alone reads dark symbols only")
        let found = try BarcodeReader().read(image)
        XCTAssertEqual(found.count, 2, "\(found.map(\.payload))")
        for code in expected {
            let match = found.first { $0.symbology.rawValue == code.symbology && $0.payload == code.payload }
            guard let match else { XCTFail("missing \(code.symbology) \(code.payload)"); continue }
            XCTAssertTrue(match.corners.allSatisfy(code.expectedBox.grown(by: 3).contains), "\(code.symbology): \(match.corners)")
        }
    }

    func testBarcodeFreePageYieldsNothing() throws {
        let image = try BarcodeFixtures.image("no_barcode.png")
        XCTAssertEqual(try BarcodeReader().read(image), [])
        XCTAssertEqual(try BarcodeReader(search: .fast).read(image), [])
    }

    func testSymbologyFilter() throws {
        let image = try BarcodeFixtures.image("multi.png")
        let onlyQR = try BarcodeReader(symbologies: [.qr]).read(image)
        XCTAssertEqual(onlyQR.map(\.symbology), [.qr])
        let onlyLinear = try BarcodeReader(symbologies: [.code128, .ean13]).read(image)
        XCTAssertEqual(Set(onlyLinear.map(\.symbology)), [.code128, .ean13])
        XCTAssertEqual(onlyLinear.count, 2)
        XCTAssertEqual(try BarcodeReader(symbologies: []).read(image), [])
        // The code128 page read for qr only: nothing.
        XCTAssertEqual(try BarcodeReader(symbologies: [.qr]).read(BarcodeFixtures.image("single_code128.png")), [])
    }

    func testDegenerateImagesDoNotCrash() throws {
        let reader = BarcodeReader()
        let tiny = try XCTUnwrap(Image(grayForTests: 1, height: 1, bytes: [0]))
        XCTAssertEqual(try reader.read(tiny), [])
        let blank = try XCTUnwrap(Image(grayForTests: 64, height: 48, bytes: [UInt8](repeating: 255, count: 64 * 48)))
        XCTAssertEqual(try reader.read(blank), [])
        var rng = SystemRandomNumberGenerator()
        let noise = (0..<(200 * 150)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let noisy = try XCTUnwrap(Image(grayForTests: 200, height: 150, bytes: noise))
        XCTAssertEqual(try reader.read(noisy), [])
        // A corrupt file is refused by the image reader, before zxing sees anything.
        let corrupt = FileManager.default.temporaryDirectory.appendingPathComponent("quire-corrupt-\(UUID()).png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: corrupt)
        defer { try? FileManager.default.removeItem(at: corrupt) }
        XCTAssertNil(Image(readingForTests: corrupt.path))
    }

    func testPassesAreIndividuallyUsable() throws {
        let image = try BarcodeFixtures.image("rotated30_code128.png")
        XCTAssertEqual(try BarcodeReader().read(image, pass: .fast), [], "the fast pass misses a 30° Code 128")
        let rotated = try BarcodeReader().read(image, pass: BarcodePass(rotation: 45, linearOnly: true))
        XCTAssertEqual(rotated.map(\.payload), ["QUIRE-128-abc"])
    }
}

/// Inputs on which zxing-cpp 1.4's multi-symbol read aborts the process (assertion in
/// `Result::operator==`); the reader's pass design must avoid that path and still read them.
final class BarcodeAbortRegressionTests: XCTestCase {
    func testInputsThatAbortZXing14MultiReadAreReadSafely() throws {
        let manifest = try BarcodeFixtures.manifest()
        let codes = manifest.codes.filter { $0.file.hasPrefix("abort14_") }
        XCTAssertEqual(codes.count, 2)
        for code in codes {
            let image = try BarcodeFixtures.image(code.file)
            for search in [BarcodeSearch.fast, .staged] {
                let found = try BarcodeReader(search: search).read(image)
                XCTAssertEqual(found.map(\.payload), [code.payload], "\(code.file) \(search)")
                XCTAssertEqual(found.first?.symbology.rawValue, code.symbology)
            }
        }
    }
}
