import Foundation
import PDF
import QPDF
import XCTest

/// A page whose content walk (qpdf) met no image draws none that poppler's image mapping lists,
/// so the text-layer policy may take "no image coverage" from the walk it makes anyway, over
/// every committed fixture PDF (scans, born-digital pages, images, codes, forms, soft masks).
final class DrawsNoImagesTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    func testAWalkWithoutImagesMeansPopplerListsNone() throws {
        let paths = FileManager.default.enumerator(atPath: Self.fixtures.path)!
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".pdf") }.sorted()
        XCTAssertGreaterThan(paths.count, 30)
        var without = 0, with = 0
        for relative in paths {
            let path = Self.fixtures.appendingPathComponent(relative).path
            // Encrypted, corrupt and empty fixtures open in neither or one: nothing to compare.
            guard let pdf = try? PDFDocument(path: path), let qpdf = try? QPDFDocument(path: path) else { continue }
            for number in 1...max(1, min(pdf.pageCount, 20)) where number <= pdf.pageCount {
                guard let drawing = try? qpdf.drawing(ofPage: number - 1, budget: DrawingBudget()),
                      let page = try? pdf.page(number) else { continue }
                let areas = page.imageAreas
                if drawing.drawsNoImages {
                    without += 1
                    XCTAssertEqual(areas, [], "\(relative) page \(number)")
                } else {
                    with += 1
                    // Every image poppler lists, the walk met too (the converse of the rule's need).
                    if drawing.complete, drawing.softMasks == 0 { XCTAssertGreaterThanOrEqual(drawing.images.count, areas.count, "\(relative) page \(number)") }
                }
            }
        }
        XCTAssertGreaterThan(without, 10, "pages without images")
        XCTAssertGreaterThan(with, 10, "pages with images")
    }
}
