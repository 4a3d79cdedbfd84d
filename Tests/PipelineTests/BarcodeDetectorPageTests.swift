import DocumentModel
import Foundation
import Imaging
import PDF
import Pipeline
import XCTest

/// The barcode stage on whole 300-dpi pages, as the runner gives them: born-digital text pages
/// must yield nothing (the staged search skips pages without code-like regions), and a scanned
/// page with codes must still yield them all.
final class BarcodeDetectorPageTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func render(_ relative: String, page: Int) throws -> Image {
        let document = try PDFDocument(path: Self.root.appendingPathComponent(relative).path)
        return try document.page(page).render(dpi: 300)
    }

    func testTextOnlyPagesYieldNothing() throws {
        let detector = BarcodeDetector(settings: BarcodeSettings())
        for (file, pages) in [("Tests/Fixtures/runner/alpha.pdf", 1...3), ("samples/report.pdf", 1...2)] {
            for number in pages {
                let image = try render(file, page: number)
                XCTAssertGreaterThan(image.width, 2400, "\(file) p\(number) rendered at 300 dpi")
                XCTAssertEqual(try detector.detect(image), [], "\(file) p\(number)")
            }
        }
    }

    func testScannedPageWithCodesStillYieldsThem() throws {
        let image = try render("samples/invoice-scan.pdf", page: 1)
        XCTAssertGreaterThan(image.width, 2400)
        let found = try BarcodeDetector(settings: BarcodeSettings()).detect(image)
        XCTAssertEqual(Set(found.map { "\($0.symbology.rawValue) \($0.payload)" }),
                       ["qr https://pay.example.com/invoice/INV-2024-0042", "code128 INV-2024-0042"])
    }
}
