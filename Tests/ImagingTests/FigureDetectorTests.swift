import DocumentModel
import XCTest
@testable import Imaging

/// Figure candidates on a drawn 200-dpi page: text-like glyph rows, a line chart and a photo.
final class FigureDetectorTests: XCTestCase {
    private struct Canvas {
        var width: Int, height: Int
        var bytes: [UInt8]
        init(width: Int, height: Int) { self.width = width; self.height = height; bytes = Array(repeating: 255, count: width * height) }
        mutating func fill(_ b: Box, _ gray: UInt8 = 0) {
            for y in max(0, b.minY)..<min(height, b.maxY) { for x in max(0, b.minX)..<min(width, b.maxX) { bytes[y * width + x] = gray } }
        }
    }

    /// Glyph rows at 200 dpi: 11-pt text, letters 14 px tall, 2 px apart, lines 40 px apart.
    private func text(_ c: inout Canvas, x: Int, y: Int, lines: Int, width: Int) {
        for l in 0..<lines {
            var pen = x
            while pen < x + width {
                for _ in 0..<((pen / 13) % 6 + 2) { c.fill(Box(x: pen, y: y + l * 40 + (pen % 3), width: 9, height: 14)); pen += 11 }
                pen += 12
            }
        }
    }

    func testChartAndPhotoAreCandidatesTextIsNot() throws {
        var c = Canvas(width: 1700, height: 2200)
        text(&c, x: 150, y: 150, lines: 12, width: 1400)
        // A line chart: a 2-px frame 800 × 500 with a curve touching its left side.
        let chart = Box(x: 450, y: 700, width: 800, height: 500)
        c.fill(Box(x: chart.minX, y: chart.minY, width: chart.width, height: 2))
        c.fill(Box(x: chart.minX, y: chart.maxY - 2, width: chart.width, height: 2))
        c.fill(Box(x: chart.minX, y: chart.minY, width: 2, height: chart.height))
        c.fill(Box(x: chart.maxX - 2, y: chart.minY, width: 2, height: chart.height))
        for x in 0..<700 { c.fill(Box(x: chart.minX + x, y: chart.maxY - 20 - x * 400 / 700, width: 3, height: 3)) }
        text(&c, x: 150, y: 1300, lines: 5, width: 1400)
        // A photo: a mid-gray area with darker patches.
        let photo = Box(x: 600, y: 1600, width: 400, height: 300)
        c.fill(photo, 90)
        c.fill(Box(x: 650, y: 1650, width: 120, height: 80), 20)
        let image = try XCTUnwrap(Image(grayForTests: c.width, height: c.height, bytes: c.bytes))
        image.setResolution(200)
        let regions = image.figureRegions()
        XCTAssertEqual(regions.count, 2, "\(regions)")
        func near(_ a: Box, _ b: Box) -> Bool {
            abs(a.minX - b.minX) <= 6 && abs(a.minY - b.minY) <= 6 && abs(a.maxX - b.maxX) <= 6 && abs(a.maxY - b.maxY) <= 6
        }
        XCTAssertTrue(regions.contains { near($0, chart) }, "chart \(chart) in \(regions)")
        XCTAssertTrue(regions.contains { near($0, photo) }, "photo \(photo) in \(regions)")
    }

    /// A colour bar beside a picture joins it; a lone ruling and an underline make no candidate.
    func testColourBarJoinsItsPicture() throws {
        var c = Canvas(width: 1700, height: 2200)
        text(&c, x: 150, y: 150, lines: 6, width: 1400)
        let picture = Box(x: 400, y: 600, width: 500, height: 400)
        c.fill(picture, 120)
        c.fill(Box(x: 450, y: 650, width: 150, height: 100), 30)
        // The bar: 14 px wide, 10 px right of the picture, as tall as it (a 2-px frame around a gradient).
        let bar = Box(x: picture.maxX + 10, y: picture.minY, width: 14, height: picture.height)
        c.fill(Box(x: bar.minX, y: bar.minY, width: bar.width, height: 2)); c.fill(Box(x: bar.minX, y: bar.maxY - 2, width: bar.width, height: 2))
        c.fill(Box(x: bar.minX, y: bar.minY, width: 2, height: bar.height)); c.fill(Box(x: bar.maxX - 2, y: bar.minY, width: 2, height: bar.height))
        for y in stride(from: bar.minY + 2, to: bar.maxY - 2, by: 4) { c.fill(Box(x: bar.minX + 2, y: y, width: bar.width - 4, height: 2), UInt8(y % 200)) }
        // A sub-caption right below the picture (its words fuse into components when reduced).
        text(&c, x: picture.minX, y: picture.maxY + 12, lines: 1, width: 300)
        // A ruling across the page far from the picture, and an underlined word.
        c.fill(Box(x: 150, y: 1400, width: 1400, height: 2))
        text(&c, x: 150, y: 1500, lines: 1, width: 300); c.fill(Box(x: 150, y: 1518, width: 300, height: 2))
        let image = try XCTUnwrap(Image(grayForTests: c.width, height: c.height, bytes: c.bytes))
        image.setResolution(200)
        let regions = image.figureRegions()
        XCTAssertEqual(regions.count, 1, "\(regions)")
        XCTAssertGreaterThanOrEqual(regions.first?.maxX ?? 0, bar.maxX - 2, "\(regions)")
        XCTAssertLessThanOrEqual(regions.first?.maxY ?? 0, picture.maxY + 6, "\(regions)")
    }

    /// The tinted paper of an old book's scan (grey 212) is paper, not photo tone: the page is
    /// no candidate, the photo printed on it is.
    func testTintedPaperIsNoToneAPhotoOnItIs() throws {
        var c = Canvas(width: 1700, height: 2200)
        c.fill(Box(x: 0, y: 0, width: 1700, height: 2200), 212)
        text(&c, x: 150, y: 150, lines: 12, width: 1400)
        let photo = Box(x: 600, y: 1000, width: 400, height: 300)
        c.fill(photo, 90)
        c.fill(Box(x: 650, y: 1050, width: 120, height: 80), 20)
        text(&c, x: 150, y: 1500, lines: 5, width: 1400)
        let image = try XCTUnwrap(Image(grayForTests: c.width, height: c.height, bytes: c.bytes))
        image.setResolution(200)
        let regions = image.figureRegions()
        XCTAssertEqual(regions.count, 1, "\(regions)")
        XCTAssertLessThanOrEqual(abs((regions.first?.minX ?? 0) - photo.minX), 6, "\(regions)")
        XCTAssertLessThanOrEqual(abs((regions.first?.maxY ?? 0) - photo.maxY), 6, "\(regions)")
    }

    func testTextOnlyPageHasNoCandidates() throws {
        var c = Canvas(width: 850, height: 1100)
        text(&c, x: 80, y: 80, lines: 20, width: 690)
        let image = try XCTUnwrap(Image(grayForTests: c.width, height: c.height, bytes: c.bytes))
        image.setResolution(100)
        XCTAssertEqual(image.figureRegions(), [])
    }
}
