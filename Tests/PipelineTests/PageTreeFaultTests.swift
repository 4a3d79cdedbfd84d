import DocumentModel
import Foundation
import QPDF
import XCTest
@testable import Pipeline

/// Page trees that qpdf lists differently from poppler (`scripts/fixtures/extract.py`,
/// `page_tree_faults`): a page's drawing is the same whichever page a worker is asked first, and
/// it is never another page's. Each page strokes one line: at y = 600 pt on the first page, at
/// y = 300 pt on the second (at 100 dpi: rows 267 and 683 from the top).
final class PageTreeFaultTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/extract")

    private func ref(_ name: String) -> DocumentRef {
        DocumentRef(id: 1, path: Self.folder.appendingPathComponent(name).path, kind: .pdf)
    }

    /// Page `number` of `name` from an extractor that has read `before` first: its drawing's
    /// verdict (nil: qpdf's listing was not used) and the rows of its rulings.
    private func extract(_ name: String, page number: Int, after before: [Int] = []) throws -> (DrawingVerdict?, [Int]) {
        let extractor = PageExtractor()
        var settings = ExtractSettings()
        settings.dpi = 100
        let raster = TextLayerRaster(dpi: ExtractPageStage.rulingDPI, inkThreshold: 128)
        for earlier in before {
            _ = try extractor.extract(ref(name), page: earlier, settings: settings, textLayerRaster: raster, rulingsFromDrawing: true)
        }
        let page = try extractor.extract(ref(name), page: number, settings: settings, textLayerRaster: raster, rulingsFromDrawing: true)
        XCTAssertEqual(page.textSource, .textLayer, "\(name) page \(number)")
        let rows = (page.vectorRulings ?? []).filter { $0.orientation == .horizontal }.map { $0.position * 100 / page.dpi }
        return (page.drawing, rows)
    }

    func testALoopInThePageTreeGivesEveryPageItsDrawingWhicheverIsAskedFirst() throws {
        let qpdf = try QPDFDocument(path: ref("page_tree_loop.pdf").path)
        XCTAssertEqual(qpdf.pageCount, 2)
        // Page 2 asked first (a worker's first page): its drawing, as when page 1 came before.
        let first = try extract("page_tree_loop.pdf", page: 2)
        let later = try extract("page_tree_loop.pdf", page: 2, after: [1])
        XCTAssertNotNil(first.0)
        XCTAssertEqual(first.0, later.0)
        XCTAssertEqual(first.1, later.1)
        XCTAssertEqual(first.1.count, 1)
        XCTAssertEqual(Double(first.1[0]), 683, accuracy: 3)
        XCTAssertEqual(Double(try extract("page_tree_loop.pdf", page: 1, after: [2]).1.first ?? 0), 267, accuracy: 3)
    }

    func testPagesListedDifferentlyByQPDFAndPopplerDoNotTakeItsDrawings() throws {
        // qpdf counts the font kid as a page (3 of poppler's 2), or finds one page of two past a loop.
        XCTAssertEqual(try QPDFDocument(path: ref("page_tree_odd_kid.pdf").path).pageCount, 3)
        XCTAssertEqual(try QPDFDocument(path: ref("page_tree_lost_page.pdf").path).pageCount, 1)
        // The pages with text: poppler takes the font kid for an empty page 1 of the first, and
        // stops at the loop of the second (its page 2 fails to open).
        for (name, number) in [("page_tree_odd_kid.pdf", 2), ("page_tree_lost_page.pdf", 1)] {
            let (verdict, rows) = try extract(name, page: number)
            XCTAssertNil(verdict, "\(name) page \(number): qpdf's listing is not poppler's")
            XCTAssertTrue(rows.isEmpty, "\(name) page \(number): rendered, no rulings from a drawing")
        }
    }
}
