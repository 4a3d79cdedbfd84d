import Split
import XCTest

/// Blank pages and patch codes on synthetic 100-dpi pages (the real rendered sheets are tested
/// end to end in QuireCLITests.SplitEndToEndTests).
final class PageImageDetectorTests: XCTestCase {
    /// A letter page at 100 dpi: paper with seeded sensor noise.
    private func paper(noise: Int = 12, seed: UInt64 = 7) -> GrayPlane {
        var rng = seed
        var bytes = [UInt8](repeating: 0, count: 850 * 1100)
        for i in bytes.indices {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            let jitter = Int((rng >> 33) % UInt64(2 * noise + 1)) - noise
            bytes[i] = UInt8(max(0, min(255, 236 + jitter)))
        }
        return GrayPlane(width: 850, height: 1100, bytes: bytes, dpi: 100)
    }

    private func fill(_ plane: inout GrayPlane, x: Int, y: Int, w: Int, h: Int, level: UInt8 = 20) {
        for yy in max(0, y)..<min(plane.height, y + h) { for xx in max(0, x)..<min(plane.width, x + w) { plane.bytes[yy * plane.width + xx] = level } }
    }

    func testNoiseDustPunchHolesAndADarkBorderAreBlank() {
        var page = paper()
        fill(&page, x: 0, y: 0, w: 850, h: 30)                 // dark border along the top
        fill(&page, x: 0, y: 0, w: 25, h: 1100)                // and the left side
        for y in [250, 550, 850] { fill(&page, x: 40, y: y, w: 24, h: 24) }   // punch holes
        for i in 0..<40 { fill(&page, x: 100 + i * 16, y: 200 + (i * 37) % 700, w: 2, h: 2) }  // dust
        let reading = BlankPageDetector().read(page)
        XCTAssertTrue(reading.blank, "coverage \(reading.coverage)")
    }

    func testALineOfTextIsNotBlank() {
        var page = paper()
        // Twenty "letters" of 10-point text: 6×10 px strokes.
        for i in 0..<20 { fill(&page, x: 150 + i * 9, y: 300, w: 2, h: 10); fill(&page, x: 150 + i * 9, y: 300, w: 6, h: 2) }
        XCTAssertFalse(BlankPageDetector().read(page).blank)
    }

    func testEachPatchCodeIsReadInBothOrientations() {
        for code in PatchCode.allCases {
            var page = paper()
            var y = 150
            for wide in code.bars {
                let h = wide ? 20 : 8
                fill(&page, x: 200, y: y, w: 300, h: h)
                y += h + 8
            }
            XCTAssertEqual(PatchCodeDetector().detect(page), code, "horizontal \(code)")
            var side = paper()
            var x = 700   // end-fed: read from the right edge
            for wide in code.bars {
                let w = wide ? 20 : 8
                fill(&side, x: x - w, y: 300, w: w, h: 300)
                x -= w + 8
            }
            XCTAssertEqual(PatchCodeDetector().detect(side), code, "vertical \(code)")
        }
    }

    func testTextAndBarcodesAreNoPatchCode() {
        var page = paper()
        for line in 0..<30 { for i in 0..<60 { fill(&page, x: 100 + i * 11, y: 100 + line * 30, w: 2 + (i % 3) * 2, h: 12) } }
        // A Code 128-like barcode: thin bars of varying width.
        for i in 0..<40 { fill(&page, x: 200 + i * 7, y: 1000 - 80, w: 1 + i % 4, h: 60) }
        XCTAssertNil(PatchCodeDetector().detect(page))
    }
}
