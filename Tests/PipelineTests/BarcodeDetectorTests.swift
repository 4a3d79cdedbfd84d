import DocumentModel
import Foundation
import Imaging
import Pipeline
import XCTest

final class BarcodeDetectorTests: XCTestCase {
    private func fixture(_ name: String) throws -> Image {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/barcodes/\(name)").path
        return try XCTUnwrap(Image(readingForTests: path), path)
    }

    func testDetectsWithDefaultSettings() throws {
        let found = try BarcodeDetector(settings: BarcodeSettings()).detect(fixture("multi.png"))
        XCTAssertEqual(Set(found.map(\.symbology)), [.qr, .code128, .ean13, .dataMatrix, .pdf417, .aztec])
    }

    func testSettingsSymbologiesAndExclusion() throws {
        var settings = BarcodeSettings()
        settings.symbologies = [.qr, .code128]
        let image = try fixture("multi.png")
        XCTAssertEqual(Set(try BarcodeDetector(settings: settings).detect(image).map(\.symbology)), [.qr, .code128])
        let retry = BarcodeDetector(settings: settings, excluding: [.code128])
        XCTAssertEqual(retry.symbologies, [.qr])
        XCTAssertEqual(try retry.detect(image).map(\.symbology), [.qr])
        XCTAssertEqual(try BarcodeDetector(settings: settings, excluding: [.qr, .code128]).detect(image), [])
    }

    func testDisabledStageFindsNothing() throws {
        var settings = BarcodeSettings()
        settings.enabled = false
        XCTAssertEqual(try BarcodeDetector(settings: settings).detect(fixture("single_qr.png")), [])
        XCTAssertEqual(try BarcodeDetector(settings: BarcodeSettings()).detect(fixture("single_qr.png")).count, 1)
    }
}
