import CLeptonica
import DocumentModel
import Foundation
import XCTest
@testable import Imaging

/// Integration test on a real 300-dpi image (Tests/Fixtures/layout, made by scripts/fixtures/layout.py).
final class RulingDetectorTests: XCTestCase {
    private struct Expected: Decodable {
        struct Segment: Decodable { var position: Int; var start: Int; var end: Int }
        var horizontal: [Segment]
        var vertical: [Segment]
    }

    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/layout").standardized

    private func load(_ name: String) throws -> Image {
        let path = fixtures.appendingPathComponent(name).path
        let pix = try XCTUnwrap(pixRead(path), "pixRead \(path)")
        return Image(owning: pix)
    }

    func testFindsTheRuledTableLinesAndTheLongUnderline() throws {
        let image = try load("ruled-table-300dpi.png")
        let data = try Data(contentsOf: fixtures.appendingPathComponent("ruled-table-300dpi.json"))
        let expected = try JSONDecoder().decode(Expected.self, from: data)
        let start = Date()
        let lines = try image.rulingLines()
        let elapsed = Date().timeIntervalSince(start)
        print("RulingDetector: \(lines.count) lines on \(image.width)x\(image.height) in \(String(format: "%.3f", elapsed)) s")

        let h = lines.filter { $0.orientation == .horizontal }, v = lines.filter { $0.orientation == .vertical }
        XCTAssertEqual(h.count, expected.horizontal.count, "\(h)")
        XCTAssertEqual(v.count, expected.vertical.count, "\(v)")
        for (want, got) in [(expected.horizontal, h), (expected.vertical, v)] {
            for seg in want {
                let match = got.first { abs($0.position - seg.position) <= 4 }
                XCTAssertNotNil(match, "no line near \(seg.position)")
                if let m = match {
                    XCTAssertEqual(Double(m.start), Double(seg.start), accuracy: 6)
                    XCTAssertEqual(Double(m.end), Double(seg.end), accuracy: 6)
                    XCTAssertLessThanOrEqual(m.thickness, 8)
                }
            }
        }
    }

    /// Deskew leaves tilts under 0.5°: the table's lines must still be found, as thin lines.
    func testSlightlyTiltedTableGivesTheSameLines() throws {
        let straight = try load("ruled-table-300dpi.png")
        let want = try straight.rulingLines()
        for degrees in [0.3, -0.45] {
            let tilted = try straight.ocrRotatedSmall(clockwiseDegrees: degrees)
            let got = try tilted.rulingLines()
            for orientation in [RulingLine.Orientation.horizontal, .vertical] {
                let w = want.filter { $0.orientation == orientation }, g = got.filter { $0.orientation == orientation }
                XCTAssertEqual(g.count, w.count, "\(degrees)°, \(orientation): \(g)")
                for line in w {
                    // Rotation about the centre moves lines by up to ≈ 0.008 × their distance from it.
                    let match = g.first { abs($0.position - line.position) <= 14 }
                    XCTAssertNotNil(match, "\(degrees)°: no line near \(line)")
                    XCTAssertLessThanOrEqual(match?.thickness ?? 99, line.thickness + 2, "\(degrees)°: \(line)")
                }
            }
        }
    }

    /// Prints the cost on a 32-bpp colour page, the usual input (no timing assertion).
    func testColourPageGivesTheSameLines() throws {
        let gray = try load("ruled-table-300dpi.png")
        let colour = Image(owning: try XCTUnwrap(gray.withPix { pixConvertTo32($0) }))
        let start = Date()
        let lines = try colour.rulingLines()
        print("RulingDetector 32 bpp: \(lines.count) lines on \(colour.width)x\(colour.height) in \(String(format: "%.3f", Date().timeIntervalSince(start))) s")
        XCTAssertEqual(lines, try gray.rulingLines())
    }

    /// A table whose header and total rows are ruled on their own (0.2 in high, shorter than
    /// the detector's shortest line): their cell dividers run from ruling to ruling and are kept.
    /// A stroke of the same length inside a cell (a bar, a bracket, a letter's stem close to the
    /// rulings) does not reach into them and is not.
    func testShortCellDividersBetweenRulingsAreFound() throws {
        let pix = try XCTUnwrap(pixCreate(1400, 700, 8))
        pixSetAllArbitrary(pix, 255)
        pixSetResolution(pix, 300, 300)
        for y: Int32 in [100, 160, 460, 520] { pixRenderLine(pix, 100, y, 1300, y, 3, Int32(L_CLEAR_PIXELS)) }
        for x: Int32 in [100, 1300] { pixRenderLine(pix, x, 100, x, 520, 3, Int32(L_CLEAR_PIXELS)) }
        for x: Int32 in [500, 900] {
            pixRenderLine(pix, x, 100, x, 160, 3, Int32(L_CLEAR_PIXELS))
            pixRenderLine(pix, x, 460, x, 520, 3, Int32(L_CLEAR_PIXELS))
        }
        pixRenderLine(pix, 700, 220, 700, 270, 3, Int32(L_CLEAR_PIXELS))
        // A letter's stem in the header row, stopping 5 px short of both rulings.
        pixRenderLine(pix, 300, 106, 300, 154, 3, Int32(L_CLEAR_PIXELS))
        let v = try Image(owning: pix).rulingLines().filter { $0.orientation == .vertical }
        XCTAssertEqual(v.filter { $0.length > 300 }.map(\.position).sorted(), [100, 1300], "\(v)")
        let dividers = v.filter { $0.length < 100 }
        XCTAssertEqual(dividers.count, 4, "\(v)")
        for d in dividers {
            XCTAssertTrue([500, 900].contains { abs($0 - d.position) <= 3 }, "\(d)")
            XCTAssertTrue([100, 460].contains { abs($0 - d.start) <= 4 }, "\(d)")
        }
        XCTAssertFalse(v.contains { abs($0.position - 700) <= 3 }, "the stroke inside a cell is no ruling")
        XCTAssertFalse(v.contains { abs($0.position - 300) <= 3 }, "a stem stopping short of the rulings is no divider")
    }

    func testBlankImageHasNoLines() throws {
        let pix = try XCTUnwrap(pixCreate(1000, 1200, 8))
        pixSetAllArbitrary(pix, 255)
        XCTAssertTrue(try Image(owning: pix).rulingLines().isEmpty)
    }
}
