@testable import Export
import XCTest

/// The text layer lands on the original page: the inverse of orientation and deskew, then
/// pixels to PDF user space for each `/Rotate`.
final class PageGeometryTests: XCTestCase {
    /// What preprocessing does to a point of the original raster (W×H): turn clockwise by
    /// `rotation` (leptonica's pixRotateOrth), then rotate by -skew about the centre (pixRotate).
    func forward(_ x: Double, _ y: Double, width: Double, height: Double, rotation: Int, skew: Double) -> (Double, Double) {
        var (u, v) = (x, y)
        var (w, h) = (width, height)
        switch rotation {
        case 90: (u, v) = (height - y, x); (w, h) = (height, width)
        case 180: (u, v) = (width - x, height - y)
        case 270: (u, v) = (y, width - x); (w, h) = (height, width)
        default: break
        }
        let r = -skew * .pi / 180
        let (dx, dy) = (u - w / 2, v - h / 2)
        return (w / 2 + cos(r) * dx - sin(r) * dy, h / 2 + sin(r) * dx + cos(r) * dy)
    }

    func testStoredPointsGoBackToWhereTheyWereInTheOriginal() {
        let (width, height) = (1000.0, 1400.0)
        for rotation in [0, 90, 180, 270] {
            for skew in [0.0, 2.5, -1.2] {
                let turned = rotation == 90 || rotation == 270
                let stored = (w: turned ? height : width, h: turned ? width : height)
                let (map, ow, oh) = PageGeometry.storedToOriginal(width: Int(stored.w), height: Int(stored.h), rotation: rotation, skew: skew)
                XCTAssertEqual([ow, oh], [Int(width), Int(height)])
                for (x, y) in [(10.0, 20.0), (900.0, 1300.0), (500.0, 700.0)] {
                    let (sx, sy) = forward(x, y, width: width, height: height, rotation: rotation, skew: skew)
                    let (bx, by) = map.apply(sx, sy)
                    XCTAssertEqual(bx, x, accuracy: 1e-6, "rotation \(rotation), skew \(skew)")
                    XCTAssertEqual(by, y, accuracy: 1e-6, "rotation \(rotation), skew \(skew)")
                }
            }
        }
    }

    func testPixelsLandInTheVisibleBoxForEveryPageRotation() {
        // A page 600×800 pt shown through a crop box offset by (10, 20); the raster is of the page as shown.
        let box = [10.0, 20.0, 610.0, 820.0]
        for rotate in [0, 90, 180, 270] {
            let turned = rotate == 90 || rotate == 270
            let (w, h) = turned ? (800, 600) : (600, 800)
            let map = PageGeometry.pixelsToUserSpace(originalWidth: w, originalHeight: h, box: box, rotate: rotate)
            // The shown top-left corner is the user-space corner a viewer puts there.
            let expectedTopLeft: (Double, Double) = [0: (10.0, 820.0), 90: (10.0, 20.0), 180: (610.0, 20.0), 270: (610.0, 820.0)][rotate]!
            let (x, y) = map.apply(0, 0)
            XCTAssertEqual(x, expectedTopLeft.0, accuracy: 1e-9, "rotate \(rotate)")
            XCTAssertEqual(y, expectedTopLeft.1, accuracy: 1e-9, "rotate \(rotate)")
            // The opposite corner is the opposite corner of the box.
            let (x2, y2) = map.apply(Double(w), Double(h))
            XCTAssertEqual(x + x2, 620, accuracy: 1e-9); XCTAssertEqual(y + y2, 840, accuracy: 1e-9)
        }
    }

    func testTextLayerStretchesEachWordOverItsBoxAndSpacesOverGaps() {
        let words = [DocumentModelWord.make("Hi", x: 100, width: 40), DocumentModelWord.make("yo", x: 160, width: 30)]
        let line = DocumentModelWord.line(words)
        let content = String(decoding: TextLayer.content(lines: [line], map: Affine()), as: UTF8.self)
        XCTAssertTrue(content.hasPrefix("BT\n3 Tr\n"), content)
        XCTAssertTrue(content.contains("<00480069> Tj"), content)   // "Hi" as UTF-16 codes
        XCTAssertTrue(content.contains("<0020> Tj"), content)
        // 2 glyphs × 0.5 em × 20 px font = 20 px unstretched → 40 px wide = 200 %.
        XCTAssertTrue(content.contains("200.0000 Tz\n1.0000 0.0000 -0.0000 -1.0000 100.0000 70.0000 Tm\n<00480069>"), content)
        // The space covers the 20 px gap: 0.5 em × 20 px = 10 px → 200 %.
        XCTAssertTrue(content.contains("200.0000 Tz\n1.0000 0.0000 -0.0000 -1.0000 140.0000 70.0000 Tm\n<0020>"), content)
    }
}

import DocumentModel

enum DocumentModelWord {
    static func make(_ text: String, x: Int, width: Int) -> Word {
        Word(text: text, confidence: 90, box: Box(x: x, y: 50, width: width, height: 20))
    }
    static func line(_ words: [Word]) -> Line {
        Line(text: words.map(\.text).joined(separator: " "), confidence: 90,
             box: Box.enclosing(words.map(\.box))!, words: words, stage: .fast)
    }
}
