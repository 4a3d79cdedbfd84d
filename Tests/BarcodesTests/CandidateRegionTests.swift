import DocumentModel
import Foundation
@testable import Imaging
import XCTest

/// The candidate regions that gate the staged search on large pages: every code of a page must be
/// inside one, and a text page must have none (a spurious candidate costs a whole-page read).
final class CandidateRegionTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    private func image(_ relative: String) throws -> Image {
        let path = Self.fixtures.appendingPathComponent(relative).path
        return try XCTUnwrap(Image(readingForTests: path), "cannot read fixture \(path)")
    }

    func testLargeTextPagesHaveNoCandidates() throws {
        // A 300-dpi letter page with a bold underlined heading, words with partial underlines and
        // a ruled table; and the OCR fixtures enlarged to full-page size (two-letter words, noise).
        var pages = [("layout/ruled-table-300dpi.png", try image("layout/ruled-table-300dpi.png"))]
        for name in ["ocr/clean.png", "ocr/degraded.png"] {
            pages.append(("\(name) ×2", try image(name).scaled(by: 2)))
        }
        for (name, page) in pages {
            XCTAssertGreaterThanOrEqual(max(page.width, page.height), 1500, name)
            XCTAssertEqual(page.barcodeCandidateRegions(), [], name)
        }
    }

    func testEveryCodeOfThePageHasACandidate() throws {
        let codes = try BarcodeFixtures.manifest().codes.filter { $0.file == "multi.png" }
        XCTAssertGreaterThanOrEqual(codes.count, 6)
        let page = try BarcodeFixtures.image("multi.png")
        // As it is (760×820: read at full size) and enlarged 3× (a large page: reduced twice first).
        // A code's region may be split (a wide gap between bars, its digits) or cut short: each
        // code must overlap a candidate by a third of its box at least, so that the page is read
        // (the whole-page pass then sees all of it) and the candidate passes look at it.
        for scale in [1, 3] {
            let candidates = (scale == 1 ? page : page.scaled(by: Double(scale))).barcodeCandidateRegions()
            for code in codes {
                let b = code.expectedBox
                let box = Box(x: b.x * scale, y: b.y * scale, width: b.width * scale, height: b.height * scale)
                let overlap = candidates.compactMap { $0.intersection(box) }.map { $0.width * $0.height }.max() ?? 0
                XCTAssertGreaterThanOrEqual(overlap * 3, box.width * box.height,
                                            "scale \(scale): \(code.symbology) at \(box): candidates \(candidates)")
            }
        }
    }
}
