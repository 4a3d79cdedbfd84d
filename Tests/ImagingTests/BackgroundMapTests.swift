import CLeptonica
import XCTest
@testable import Imaging

/// The background normalisation quire applies (``Image/backgroundNormalized(_:)``) gives
/// `pixBackgroundNormSimple`'s pixels.
final class BackgroundMapTests: XCTestCase {
    /// Gray text-like strokes on paper that darkens from left to right and top to bottom, with
    /// deterministic noise (an LCG): uneven light for the map to flatten.
    private func unevenPage(width: Int, height: Int) -> Image {
        let pix = pixCreate(Int32(width), Int32(height), 8)!
        var state: UInt32 = 7
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let paper = 230 - 90 * x / width - 40 * y / height
                let stroke = (y / 9) % 3 == 0 && (x / 5) % 4 != 0
                pixSetPixel(pix, Int32(x), Int32(y), UInt32(max(0, (stroke ? 40 : paper) + Int(state >> 28))))
            }
        }
        return Image(owning: pix)
    }

    private func assertSameAsLeptonica(_ image: Image, file: StaticString = #filePath, line: UInt = #line) throws {
        try image.withPix { pix in
            var theirs: UnsafeMutablePointer<PIX>? = pixBackgroundNormSimple(pix, nil, nil)
            var ours: UnsafeMutablePointer<PIX>? = Image.backgroundNormalized(pix)
            defer { pixDestroy(&theirs); pixDestroy(&ours) }
            XCTAssertEqual(ours == nil, theirs == nil, file: file, line: line)
            guard let ours, let theirs else { return }
            var differing = 0
            for y in 0..<Int32(image.height) {
                for x in 0..<Int32(image.width) {
                    var a: UInt32 = 0, b: UInt32 = 0
                    pixGetPixel(ours, x, y, &a); pixGetPixel(theirs, x, y, &b)
                    if a != b { differing += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "pixels differing from pixBackgroundNormSimple on \(image.width)x\(image.height)",
                           file: file, line: line)
        }
    }

    func testUnevenPagesNormaliseAsLeptonicaDoes() throws {
        // Sizes that are and are not whole numbers of 10 × 15 tiles.
        for (width, height) in [(300, 300), (317, 233), (64, 1009)] {
            try assertSameAsLeptonica(unevenPage(width: width, height: height))
        }
    }

    func testATextPageNormalisesAsLeptonicaDoes() throws {
        try assertSameAsLeptonica(try ImageFile.read(Fixture.path("text_200dpi.png"), maxPixels: 20_000_000, assumedDPI: 0))
    }

    /// Too few tiles for a map: leptonica gives the image unchanged, and so does quire.
    func testAnImageTooSmallToMapComesBackUnchanged() throws {
        try assertSameAsLeptonica(unevenPage(width: 30, height: 40))
        try assertSameAsLeptonica(unevenPage(width: 200, height: 20))
        // Smaller than leptonica can make a map of at all (its map call fails).
        try assertSameAsLeptonica(unevenPage(width: 8, height: 8))
        try assertSameAsLeptonica(unevenPage(width: 8, height: 19))
    }
}
