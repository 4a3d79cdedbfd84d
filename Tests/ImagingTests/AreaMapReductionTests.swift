import CLeptonica
import XCTest
@testable import Imaging

/// The working-scale copy made by ``AreaMapReduction`` is leptonica's `pixScale`, pixel for pixel.
final class AreaMapReductionTests: XCTestCase {
    /// An 8-bit gray PIX of deterministic noise over a few dark strokes (an LCG, so every run
    /// compares the same pixels).
    private func noise(width: Int, height: Int, seed: UInt32) -> Image {
        let pix = pixCreate(Int32(width), Int32(height), 8)!
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let stroke = (x / 7 + y / 11) % 5 == 0
                pixSetPixel(pix, Int32(x), Int32(y), stroke ? (state >> 27) : 160 + (state >> 26))
            }
        }
        pixSetResolution(pix, 300, 300)
        return Image(owning: pix)
    }

    /// Every pixel of `image.scaled(by: factor)` against `pixScale`'s.
    private func assertSameAsLeptonica(_ image: Image, factor: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let ours = try image.scaled(by: factor)
        let theirs = try image.withPix { try Image.made(pixScale($0, Float(factor), Float(factor)), "pixScale") }
        XCTAssertEqual(ours.width, theirs.width, file: file, line: line)
        XCTAssertEqual(ours.height, theirs.height, file: file, line: line)
        XCTAssertEqual(ours.resolution, theirs.resolution, file: file, line: line)
        var differing = 0
        for y in 0..<min(ours.height, theirs.height) {
            for x in 0..<min(ours.width, theirs.width) where ours.pixel(x: x, y: y) != theirs.pixel(x: x, y: y) {
                differing += 1
            }
        }
        XCTAssertEqual(differing, 0, "pixels differing from pixScale at \(factor) on \(image.width)x\(image.height)",
                       file: file, line: line)
    }

    func testNoiseReducesAsPixScaleDoesAtEveryFactorHandled() throws {
        XCTAssertTrue(AreaMapReduction.handles(0.676))
        XCTAssertFalse(AreaMapReduction.handles(0.5))
        XCTAssertFalse(AreaMapReduction.handles(0.7))
        for (width, height) in [(257, 193), (31, 400), (1001, 9)] {
            let image = noise(width: width, height: height, seed: UInt32(width * height))
            for factor in [0.501, 0.55, 0.6, 0.625, 0.676, 0.69, 0.6999] {
                try assertSameAsLeptonica(image, factor: factor)
            }
        }
    }

    func testAPageOfTextReducesAsPixScaleDoes() throws {
        let page = try ImageFile.read(Fixture.path("text_200dpi.png"), maxPixels: 20_000_000, assumedDPI: 0)
        XCTAssertTrue(page.isPlainGray)
        // 250 text-dpi from text at 370 (the generated 300-dpi scans) and at 361 (just above
        // `documentMaximumTextDPI`).
        try assertSameAsLeptonica(page, factor: 250.0 / 370.0)
        try assertSameAsLeptonica(page, factor: 250.0 / 361.0)
    }
}
