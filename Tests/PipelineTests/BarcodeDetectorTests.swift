import DocumentModel
import Foundation
import Imaging
import Pipeline
import XCTest

final class BarcodeDetectorTests: XCTestCase {
    private func fixture(_ name: String, folder: String = "barcodes") throws -> Image {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(folder)/\(name)").path
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

    /// A page re-read after zxing-cpp 1.4 aborted on it leaves GS1 DataBar out of zxing, and
    /// ZBar still reads it (scripts/fixtures/barcodes_inverted_mirrored.py).
    func testConservativeRereadStillFindsDataBarExpandedWithZBar() throws {
        let image = try fixture("databar_expanded.png", folder: "barcodes-inverted-mirrored")
        let conservative = BarcodeDetector(settings: BarcodeSettings(), excluding: BarcodeDetector.crashProne)
        XCTAssertFalse(conservative.symbologies.contains(.gs1DataBarExpanded))
        XCTAssertEqual(try conservative.detect(image).map { "\($0.symbology.rawValue)|\($0.payload)" },
                       ["gs1DataBarExpanded|(01)98898765432106(3202)012345(15)991231"])
        // Not asked for: not read, by either reader.
        var settings = BarcodeSettings()
        settings.symbologies = [.qr]
        XCTAssertEqual(try BarcodeDetector(settings: settings, excluding: BarcodeDetector.crashProne).detect(image), [])
    }
}
