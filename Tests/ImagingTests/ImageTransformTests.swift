import DocumentModel
import XCTest
@testable import Imaging

final class ImageTransformTests: XCTestCase {
    private func sample() throws -> Image {
        try ImageFile.read(Fixture.path("exif6.jpg"), maxPixels: 1_000_000, assumedDPI: 300)   // 300x120, black top-left square
    }

    func testRotateCropScaleGray() throws {
        let image = try sample()
        let turned = try image.rotated(quarterTurns: 1)
        XCTAssertEqual(turned.width, 120)
        XCTAssertEqual(turned.height, 300)
        XCTAssertLessThan(turned.pixel(x: 110, y: 10), 60)   // top-left square moved to top-right
        XCTAssertEqual(try image.rotated(quarterTurns: -3).width, 120)
        XCTAssertEqual(try image.rotated(quarterTurns: 4).width, 300)

        let crop = try image.cropped(to: Box(x: 0, y: 0, width: 50, height: 50))
        XCTAssertEqual(crop.width, 50)
        XCTAssertEqual(crop.height, 50)
        XCTAssertLessThan(crop.pixel(x: 5, y: 5), 60)
        XCTAssertEqual(try image.cropped(to: Box(x: 280, y: 100, width: 100, height: 100)).width, 20)

        let half = try image.scaled(by: 0.5)
        XCTAssertEqual(half.width, 150)
        XCTAssertEqual(half.height, 60)
        XCTAssertEqual(half.resolution, 75)

        XCTAssertEqual(try image.grayscale().depth, 8)
    }

    func testHalvedGrayAveragesBlocks() throws {
        let image = try sample()
        let half = try image.halvedGray()
        XCTAssertEqual(half.width, 150)
        XCTAssertEqual(half.height, 60)
        XCTAssertEqual(half.depth, 8)
        XCTAssertEqual(half.resolution, image.resolution / 2)
        // Inside the black square it stays dark, outside light; each pixel is a 2×2 mean.
        XCTAssertLessThan(half.pixel(x: 5, y: 5), 60)
        XCTAssertGreaterThan(half.pixel(x: 100, y: 40), 180)
        let mean = (image.pixel(x: 60, y: 20) + image.pixel(x: 61, y: 20) + image.pixel(x: 60, y: 21) + image.pixel(x: 61, y: 21)) / 4
        XCTAssertEqual(Double(half.pixel(x: 30, y: 10)), Double(mean), accuracy: 1)
    }

    func testGrayBytesAreInNaturalOrder() throws {
        let image = try sample()
        try image.withGrayBytes { bytes, width, height, stride in
            XCTAssertEqual(width, 300)
            XCTAssertEqual(height, 120)
            XCTAssertGreaterThanOrEqual(stride, width)
            // Square spans x 0...39: byte 39 dark, byte 45 light (a word-swap bug would mix them).
            XCTAssertLessThan(bytes[10 * stride + 39], 80)
            XCTAssertGreaterThan(bytes[10 * stride + 45], 180)
            XCTAssertEqual(bytes[20 * stride + 100], UInt8(image.pixel(x: 100, y: 20)))
        }
    }

    func testWritePNGRoundTrips() throws {
        let image = try sample()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("quire-imaging-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.writePNG(to: path)
        let back = try ImageFile.read(path, maxPixels: 1_000_000, assumedDPI: 300)
        XCTAssertEqual(back.width, 300)
        XCTAssertEqual(back.pixel(x: 10, y: 10), image.pixel(x: 10, y: 10))
        XCTAssertThrowsError(try image.writePNG(to: "/nonexistent-dir/x.png"))
    }
}
