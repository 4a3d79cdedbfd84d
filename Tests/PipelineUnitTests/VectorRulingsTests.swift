import DocumentModel
import XCTest
@testable import Pipeline
@testable import QPDF

/// Rulings read from a page's vector drawing (`ContentScanner`'s straight marks,
/// `VectorRulings`): pure, over hand-written content streams.
final class VectorRulingsTests: XCTestCase {
    private func scan(_ content: String) -> PageDrawing {
        var scanner = ContentScanner(budget: DrawingBudget(), lookup: { name, _ in name == "Im1" ? .image(pixels: 0) : .none },
                                     softMask: { _, _ in false })
        scanner.scan(Array(content.utf8), ctm: .init(), resources: 0)
        var drawing = scanner.drawing
        drawing.pageBox = PageDrawing.Rect(minX: 0, minY: 0, maxX: 612, maxY: 792)
        return drawing
    }

    func testStrokedSegmentsFramesAndThinFillsAreMarksCurvesAndAreasAreNot() {
        // A 1-pt horizontal line, a stroked frame (four sides), a 0.5-pt filled bar, a hairline.
        let d = scan("1 w 72 700 m 540 700 l S 72 400 200 100 re S 72 300 468 0.5 re f 0 w 72 200 m 72 260 l S")
        XCTAssertEqual(d.otherPaint, 0)
        XCTAssertEqual(d.marks.count, 1 + 4 + 1 + 1)
        XCTAssertEqual(d.marks[0], PageDrawing.Rect(minX: 72, minY: 699.5, maxX: 540, maxY: 700.5))
        // A curve, a slanted stroke and a filled area are other paint.
        XCTAssertEqual(scan("72 72 m 100 100 120 100 150 72 c S").otherPaint, 1)
        XCTAssertEqual(scan("72 72 m 300 200 l S").otherPaint, 1)
        XCTAssertEqual(scan("72 72 200 100 re f").otherPaint, 1)
    }

    /// A 3-row, 3-column grid drawn as separate cell sides gives the raster finder's lines: the
    /// collinear sides joined, each line once, at its centre, in 300-dpi pixels from the top left.
    func testAGridOfCellSidesGivesItsJoinedLines() throws {
        var content = "1 w "
        for row in 0...3 {   // horizontal rules at y = 700, 680, 660, 640, each drawn as 3 cell sides
            for col in 0..<3 { content += "\(72 + 100 * col) \(700 - 20 * row) m \(172 + 100 * col) \(700 - 20 * row) l S " }
        }
        for col in 0...3 {   // vertical dividers, each drawn as 3 cell sides of 20 pt (< 0.35 in)
            for row in 0..<3 { content += "\(72 + 100 * col) \(700 - 20 * row) m \(72 + 100 * col) \(680 - 20 * row) l S " }
        }
        let lines = try XCTUnwrap(VectorRulings.lines(of: scan(content), dpi: 300))
        let h = lines.filter { $0.orientation == .horizontal }, v = lines.filter { $0.orientation == .vertical }
        XCTAssertEqual(h.count, 4)
        XCTAssertEqual(v.count, 4, "each column's three sides make one 60-pt line")
        let s = 300.0 / 72
        XCTAssertEqual(h[0], RulingLine(orientation: .horizontal, position: Int(((792 - 700) * s).rounded()),
                                        start: Int((72 * s).rounded(.down)), end: Int((372 * s).rounded(.up)),
                                        thickness: Int(s.rounded())))
        XCTAssertEqual(v.map(\.position), [72, 172, 272, 372].map { Int((Double($0) * s).rounded()) })
        XCTAssertEqual(v[0].start, Int(((792 - 700) * s).rounded(.down)))
        XCTAssertEqual(v[0].end, Int(((792 - 640) * s).rounded(.up)))
    }

    /// A row ruled on its own: its cell dividers are shorter than a long line but end on the
    /// rulings above and below, so they are kept; a short stroke in the open is no ruling, and
    /// a page holding one (a diagram's stroke) is rendered for the raster's figure finder.
    func testShortDividersAreKeptOnlyBetweenRulings() throws {
        let row = "1 w 72 700 m 540 700 l S 72 685 m 540 685 l S 200 700 m 200 685 l S"
        let lines = try XCTUnwrap(VectorRulings.lines(of: scan(row), dpi: 300))
        XCTAssertEqual(lines.filter { $0.orientation == .vertical }.map(\.position), [Int((200 * 300.0 / 72).rounded())])
        XCTAssertNil(VectorRulings.lines(of: scan(row + " 400 600 m 400 585 l S"), dpi: 300))
    }

    /// A rule painted too pale to leave ink on the raster the finder reads (gray 0.83, luminance
    /// 211, against its threshold 180) is no ruling there, so none here either; a mid-gray one is.
    func testAPaleRuleIsNoRuling() throws {
        let pale = "1 w 0.83 G 72 700 m 540 700 l S "
        XCTAssertEqual(try XCTUnwrap(VectorRulings.lines(of: scan(pale), dpi: 300)), [])
        let lines = try XCTUnwrap(VectorRulings.lines(of: scan(pale + "0.4 G 72 600 m 540 600 l S"), dpi: 300))
        XCTAssertEqual(lines.map(\.position), [Int(((792 - 600) * 300.0 / 72).rounded())])
    }

    func testADrawingWithMoreThanMarksIsRendered() {
        XCTAssertNil(VectorRulings.lines(of: scan("q 100 0 0 50 72 600 cm /Im1 Do Q"), dpi: 300))
        XCTAssertNil(VectorRulings.lines(of: scan("72 72 200 100 re f"), dpi: 300))
        var turned = scan("72 700 m 540 700 l S")
        turned.rotation = 90
        XCTAssertNil(VectorRulings.lines(of: turned, dpi: 300))
        var layered = scan("72 700 m 540 700 l S")
        XCTAssertNotNil(VectorRulings.lines(of: layered, dpi: 300))
        layered.hidesLayers = true
        XCTAssertNil(VectorRulings.lines(of: layered, dpi: 300), "a layer that is off may hold marks a render does not draw")
        XCTAssertEqual(VectorRulings.lines(of: scan("BT /F1 10 Tf (text only) Tj ET"), dpi: 300), [])
    }
}
