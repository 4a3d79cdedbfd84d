@testable import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// Inverted linear reads are kept only on a dark ground (``LinearQuietZones``; fixtures of
/// scripts/fixtures/barcodes_dark_ground.py).
final class DarkGroundTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/barcodes-dark-ground")

    static func image(_ name: String) throws -> Image {
        let path = folder.appendingPathComponent(name).path
        return try XCTUnwrap(Image(readingForTests: path), "cannot read fixture \(path)")
    }

    static let invertedLinear = BarcodePass(multi: false, area: .candidates, linearOnly: true, invert: true)

    /// A random dot texture read inverted: zxing-cpp 1.4 finds a Codabar `D12B` along one scan
    /// line; its quiet zones are dots a pixel row away, so the read is dropped (without the check
    /// the pass reports `codabar|D12B`).
    func testInvertedReadOfADotTextureIsDropped() throws {
        let image = try Self.image("dot_texture.png")
        let read = try BarcodeReader().read(image, pass: Self.invertedLinear)
        XCTAssertEqual(read.map { "\($0.symbology.rawValue)|\($0.payload)" }, [])
    }

    /// A Codabar printed light on a dark label is still read, by the pass and by the staged search.
    func testNegativeLabelIsStillRead() throws {
        let image = try Self.image("negative_codabar.png")
        let pass = try BarcodeReader().read(image, pass: Self.invertedLinear)
        XCTAssertEqual(pass.map { "\($0.symbology.rawValue)|\($0.payload)" }, ["codabar|A40156B"])
        let staged = try BarcodeReader().read(image)
        XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" }, ["codabar|A40156B"])
    }

    /// The check on planes drawn here: bars between light margins pass; the same bars with a dot
    /// texture beside them (light only on the middle row, where a reader would have scanned) fail.
    func testQuietZonesMustBeLightOverTheBarsHeight() {
        let width = 200, height = 60
        func plane(texturedMargins: Bool) -> [UInt8] {
            var gray = [UInt8](repeating: 255, count: width * height)
            for y in 10..<50 {
                for x in 0..<width {
                    let inSymbol = x >= 40 && x < 160
                    let dark: Bool
                    if inSymbol {
                        dark = (x / 3) % 2 == 0
                    } else {
                        dark = texturedMargins && y != 30 && ((x / 2) + (y / 2)) % 2 == 0
                    }
                    if dark { gray[y * width + x] = 0 }
                }
            }
            return gray
        }
        // Read on the middle row only: corners from x = 40 to 159 at y = 29...31.
        let corners: [(x: Double, y: Double)] = [(40, 29), (159, 29), (159, 31), (40, 31)]
        XCTAssertTrue(LinearQuietZones(gray: plane(texturedMargins: false), width: width, height: height).hasQuietZones(corners))
        XCTAssertFalse(LinearQuietZones(gray: plane(texturedMargins: true), width: width, height: height).hasQuietZones(corners))
    }
}
