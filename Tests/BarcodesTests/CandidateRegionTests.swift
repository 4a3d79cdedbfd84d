import DocumentModel
import Foundation
@testable import Barcodes
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
            XCTAssertEqual(try page.barcodeCandidateRegions(), [], name)
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
            let candidates = try (scale == 1 ? page : try page.scaled(by: Double(scale))).barcodeCandidateRegions()
            for code in codes {
                let b = code.expectedBox
                let box = Box(x: b.x * scale, y: b.y * scale, width: b.width * scale, height: b.height * scale)
                let overlap = candidates.compactMap { $0.intersection(box) }.map { $0.width * $0.height }.max() ?? 0
                XCTAssertGreaterThanOrEqual(overlap * 3, box.width * box.height,
                                            "scale \(scale): \(code.symbology) at \(box): candidates \(candidates)")
            }
        }
    }

    /// A large page (≥ 1500 px: read only where there is evidence of a code) whose only code is
    /// a big linear one: its bars fuse into a candidate at the coarser scale, so the page is
    /// read and the code found (before, such a page was not read at all).
    func testBigLinearCodeAloneOnALargePageIsRead() throws {
        let reader = BarcodeReader()
        // Modules of 10–12 page pixels (a 300-dpi scan of a code with 1 mm modules). ITF at 6×
        // (12-pixel modules) is not found yet: its bars do not fuse even at the coarser scale.
        for (file, payload, scales) in [("single_code128.png", "QUIRE-128-abc", [5.0, 6.0]),
                                        ("single_code39.png", "QUIRE39", [5.0, 6.0]),
                                        ("single_itf.png", "30712345000010", [5.0])] {
            for scale in scales {
                let page = try BarcodeFixtures.image(file).scaled(by: scale)
                XCTAssertGreaterThanOrEqual(max(page.width, page.height), BarcodePage.largePage, file)
                XCTAssertFalse(try page.barcodeCandidateRegions().isEmpty, "\(file) ×\(scale)")
                XCTAssertEqual(try reader.read(page).map(\.payload), [payload], "\(file) ×\(scale)")
            }
        }
    }

    /// A text document (OCR read many words) is searched as a scan: after the quick look, the
    /// later passes read only code-like regions. The sheet of codes enlarged 3× (a large page)
    /// yields the same symbols both ways.
    func testATextPageIsSearchedAsAScanAndKeepsItsCodes() throws {
        let page = try BarcodeFixtures.image("multi.png").scaled(by: 3)
        let reader = BarcodeReader(search: .staged)
        let asPhoto = Set(try reader.read(page).map(\.payload))
        let asScan = Set(try reader.read(page, textPage: true).map(\.payload))
        XCTAssertGreaterThanOrEqual(asPhoto.count, 6)
        XCTAssertEqual(asScan, asPhoto)
        // The same sheet over 12 megapixels (22 MP): a text page's whole-page read is made on a
        // halved copy, and keeps every symbol.
        let huge = try BarcodeFixtures.image("multi.png").scaled(by: 6)
        XCTAssertGreaterThan(huge.width * huge.height, BarcodeReader.textPageReadPixels)
        XCTAssertEqual(Set(try reader.read(huge, textPage: true).map(\.payload)), asPhoto)
    }
}
