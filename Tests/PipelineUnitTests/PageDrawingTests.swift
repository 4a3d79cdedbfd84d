import XCTest
@testable import QPDF

/// The content-stream walk that decides, without rendering, whether a text-layer page could
/// hold a barcode (`ContentScanner`, `PageDrawing.codeCandidates`): pure, over hand-written
/// content streams.
final class PageDrawingTests: XCTestCase {
    private func scan(_ content: String, forms: [String: String] = [:], budget: DrawingBudget = DrawingBudget()) -> PageDrawing {
        var scanner = ContentScanner(budget: budget, lookup: { name, _ in
            if name == "Im1" { return .image(pixels: 300 * 200) }
            if let body = forms[name] { return .form(matrix: .init(), content: Array(body.utf8), resources: 0) }
            return .none
        }, softMask: { name, _ in name == "GSmask" })
        scanner.scan(Array(content.utf8), ctm: .init(), resources: 0)
        return scanner.drawing
    }

    func testTextStringsAndInlineImageDataAreNotReadAsOperators() {
        // "re f" inside a string, inside a hex string and inside inline image data draw nothing.
        let d = scan("BT /F1 12 Tf (0 0 5 5 re f \\) q) Tj <2072652066> Tj ET\nBI /W 4 /H 1 /BPC 8 /CS /G ID 0 0 9 9 re f\nEI Q")
        XCTAssertEqual(d.shapes, [])
        XCTAssertEqual(d.images.count, 1, "the inline image itself is counted")
        XCTAssertEqual(d.imagePixels, [0], "an inline image's size is not read")
    }

    /// Text shown visibly after the largest image is over it; invisible text (mode 3, as OCR
    /// layers are) or text drawn before the image is not.
    func testVisibleTextOverTheLargestImageIsToldFromAnOCRLayer() {
        let image = "q 612 0 0 792 0 0 cm /Im1 Do Q "
        XCTAssertTrue(scan(image + "BT /F1 12 Tf 72 700 Td (Menu) Tj ET").showsTextOverLargestImage)
        XCTAssertFalse(scan(image + "BT 3 Tr /F1 12 Tf 72 700 Td (Scanned) Tj ET").showsTextOverLargestImage)
        XCTAssertFalse(scan("BT /F1 12 Tf (Under) Tj ET " + image).showsTextOverLargestImage)
        XCTAssertTrue(scan(image + "q BT 3 Tr (hidden) Tj ET Q BT (shown) ' ET").showsTextOverLargestImage,
                      "Q restores the render mode")
        XCTAssertFalse(scan("BT (no image) Tj ET").showsTextOverLargestImage)
    }

    func testImagesAndFormsLandWhereTheMatrixPutsThem() {
        let d = scan("q 100 0 0 50 72 600 cm /Im1 Do Q q 1 0 0 1 10 20 cm /Fx Do Q",
                     forms: ["Fx": "q 30 0 0 30 0 0 cm /Im1 Do Q"])
        XCTAssertEqual(d.images, [PageDrawing.Rect(minX: 72, minY: 600, maxX: 172, maxY: 650),
                                  PageDrawing.Rect(minX: 10, minY: 20, maxX: 40, maxY: 50)])
        XCTAssertEqual(d.forms, 1)
        // Each image's placement (its unit square on the page) and its own size, for reading its
        // pixels (`PageExtractor.embeddedCodeImages`).
        XCTAssertEqual(d.imagePlacements, [PageDrawing.Placement(a: 100, b: 0, c: 0, d: 50, e: 72, f: 600),
                                           PageDrawing.Placement(a: 30, b: 0, c: 0, d: 30, e: 10, f: 20)])
        XCTAssertEqual(d.imagePixels, [60_000, 60_000])
    }

    func testBarsSideBySideAreACodeAndStackedDividersAreNot() {
        // Twelve 1-pt bars, 40 pt tall, 2 pt apart: a linear code.
        let bars = (0..<12).map { "\(100 + 3 * $0) 500 1 40 re" }.joined(separator: " ") + " f"
        XCTAssertEqual(scan(bars).codeCandidates().count, 1)
        // Twelve table-cell dividers stacked in one column (each 15 pt tall, touching): no code.
        let dividers = (0..<12).map { "100 \(500 - 15 * $0) m 100 \(515 - 15 * $0) l S" }.joined(separator: " ")
        XCTAssertEqual(scan("1 w " + dividers).codeCandidates(), [])
        // Rulings, a frame and a shaded cell: no code either.
        XCTAssertEqual(scan("0.5 w 72 700 m 540 700 l S 72 100 468 600 re S 0.9 g 72 650 200 20 re f").codeCandidates(), [])
    }

    func testACodeDrawnAsOnePathOfManySubpathsIsACandidate() {
        // Thirty small squares as move/line subpaths of one filled path (a QR code drawn as one path).
        let path = (0..<30).map { i -> String in
            let x = 200 + 2 * (i % 6), y = 300 + 2 * (i / 6)
            return "\(x) \(y) m \(x + 2) \(y) l \(x + 2) \(y + 2) l \(x) \(y + 2) l h"
        }.joined(separator: " ") + " f"
        XCTAssertEqual(scan(path).codeCandidates().count, 1)
    }

    func testTheWalkStopsAtItsBudget() {
        let content = (0..<50).map { _ in "q /GSmask gs /Fx Do Q" }.joined(separator: " ")
        let d = scan(content, forms: ["Fx": "0 0 1 1 re f"], budget: DrawingBudget(forms: 1_000, softMasks: 20))
        XCTAssertFalse(d.complete)
        XCTAssertTrue(d.isOver(DrawingBudget(forms: 1_000, softMasks: 20)))
        XCTAssertFalse(scan("0 0 1 1 re f").isOver(DrawingBudget()))
    }
}
