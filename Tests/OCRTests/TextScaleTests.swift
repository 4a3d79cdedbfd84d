import DocumentModel
import Imaging
import XCTest

/// The page-based resolution estimate (x-height of the text's connected components).
final class TextScaleTests: XCTestCase {
    /// Pages of 10-pt-equivalent prose rendered at 72/100/150/300 dpi, saved without a resolution.
    func testEstimatesResolutionWithinFifteenPercent() throws {
        for dpi in [72, 100, 150, 300] {
            let image = try ImageFile.read(OCRFixture.path("scale\(dpi).png"), maxPixels: .max, assumedDPI: 300)
            let scale = try XCTUnwrap(image.textScale(), "scale\(dpi).png")
            print("scale\(dpi).png: x-height \(scale.xHeight) px from \(scale.components) components → \(scale.estimatedDPI) dpi")
            XCTAssertEqual(Double(scale.estimatedDPI), Double(dpi), accuracy: Double(dpi) * 0.15, "scale\(dpi).png")
        }
    }

    func testNoEstimateWithoutText() throws {
        let blank = try ImageFile.read(OCRFixture.path("scale300.png"), maxPixels: .max, assumedDPI: 300)
            .cropped(to: Box(x: 0, y: 0, width: 60, height: 60))
        XCTAssertNil(try blank.textScale())
    }

    func testModalHeightIgnoresAscendersAndPunctuation() throws {
        // 60 x-height letters of 10–11 px, 30 tall letters of 15 px, 20 dots of 3 px.
        let heights = Array(repeating: 10, count: 40) + Array(repeating: 11, count: 20)
            + Array(repeating: 15, count: 30) + Array(repeating: 3, count: 20)
        let scale = try XCTUnwrap(TextScale.measure(heights: heights))
        XCTAssertEqual(scale.xHeight, (40 * 10 + 20 * 11) / 60.0, accuracy: 0.01)
        // Low resolution: merged words (8 px, ascenders) outnumber lone x-height letters (5 px).
        let merged = Array(repeating: 5, count: 70) + Array(repeating: 8, count: 80) + Array(repeating: 3, count: 10)
        XCTAssertEqual(try XCTUnwrap(TextScale.measure(heights: merged)).xHeight, 5, accuracy: 0.01)
        XCTAssertNil(TextScale.measure(heights: Array(repeating: 10, count: TextScale.minimumComponents - 1)))
    }

    /// A few dozen aligned components among thousands of letter-size ones are texture.
    func testTooSmallAShareOfAlignedComponentsIsNoText() {
        let heights = Array(repeating: 4, count: 45)
        XCTAssertNil(TextScale.measure(heights: heights, candidates: 7_584))  // scanned graph paper
        XCTAssertEqual(try XCTUnwrap(TextScale.measure(heights: heights, candidates: 90)).xHeight, 4)
        XCTAssertNotNil(TextScale.measure(heights: heights, candidates: 0))  // candidates not known
    }

    /// Graph paper with a pencilled curve (scripts/fixtures/ocr.py) has no text to measure.
    func testGraphPaperHasNoTextScale() throws {
        let paper = try ImageFile.read(OCRFixture.path("graph_paper.png"), maxPixels: .max, assumedDPI: 300)
        XCTAssertNil(try paper.textScale())
    }
}
