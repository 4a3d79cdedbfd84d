import Foundation
import XCTest

/// A born-digital page's figure is where its PDF draws the image (issue 34, point 5), not a guess
/// from a raster: `pale-figure.pdf` draws a pale photo (grey 175–235) that leaves no ink on the
/// page's 1-bit ruling raster, at x 1.5–3.5 in, y 4–5.5 in from the top.
final class BornDigitalFigureEndToEndTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/layout/pale-figure.pdf")

    func testThePageImageIsTheFigureBlockWithItsCaptionLinked() throws {
        let box = try QuireSandbox(files: [])
        try box.add(Self.fixture, as: "report.pdf")
        // Barcodes off: the page's only raster is the 100-dpi ink that ruling detection reads.
        try box.writePipeline(ocr: false, barcodes: false, extra: "run: {workers: 1}")
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try box.query("SELECT text_source FROM pages"), ["text_layer"])
        let figure = try box.query("SELECT x || ' ' || y || ' ' || width || ' ' || height FROM blocks WHERE kind = 'figure'")
        XCTAssertEqual(figure, ["450 1200 600 450"], "the image's area at 300 dpi")
        XCTAssertEqual(try box.query("""
            SELECT c.text FROM blocks c JOIN blocks f ON f.id = c.caption_of WHERE f.kind = 'figure'
            """), ["Figure 1. A worn spine photographed in raking light."])
        XCTAssertEqual(try box.query("SELECT kind FROM blocks ORDER BY reading_order"),
                       ["title", "paragraph", "figure", "caption", "paragraph"])
    }
}
