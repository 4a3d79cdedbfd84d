import Foundation
import XCTest
@testable import PDF

/// A page's text read in one walk of poppler's text (`PopplerTextShim`) is the text poppler-glib's
/// three calls give, glyph for glyph: characters, spaces and line ends, boxes, font sizes and
/// weights (scripts/fixtures/text_walk.py `text_walk.pdf`, and every PDF fixture of the suite).
final class TextWalkTests: XCTestCase {
    private func walked(_ page: PDFPage) -> [Glyph]? { page.withPage { page.oneWalkGlyphs($0) } }
    private func glib(_ page: PDFPage) -> [Glyph] { page.withPage { page.glibContentGlyphs($0) } }

    func testOneWalkGivesPopplerGlibsGlyphs() throws {
        let document = try PDFDocument(path: Fixture.path("text_walk.pdf"))
        for number in [1, 3] {
            let page = try document.page(number)
            let glyphs = try XCTUnwrap(walked(page), "page \(number) should be read in one walk")
            XCTAssertEqual(glyphs, glib(page), "page \(number)")
        }
        let glyphs = try XCTUnwrap(walked(document.page(1)))
        let text = String(String.UnicodeScalarView(glyphs.map(\.scalar)))
        XCTAssertTrue(text.contains("Annual Report of the Records Office\n"), text)
        XCTAssertTrue(text.contains("Monday to Friday"), text)
        // Bold runs (Helvetica-Bold, and the subset-tagged DejaVu Sans Bold mid-line) and regular ones.
        let bold = Set(glyphs.filter(\.isBold).map(\.scalar))
        XCTAssertTrue(bold.contains("A") && bold.contains("M"), "\(bold)")
        XCTAssertTrue(glyphs.contains { !$0.isBold && $0.scalar == "O" })
        XCTAssertEqual(Set(glyphs.compactMap(\.fontSize).map { $0.rounded() }), [11, 20])
        // A space between words is a glyph with a box between them; a line end is a point.
        let lineEnd = try XCTUnwrap(glyphs.first(where: \.isLineBreak))
        XCTAssertEqual(lineEnd.x0, lineEnd.x1)
        XCTAssertEqual(lineEnd.y0, lineEnd.y1)
    }

    func testRightToLeftTextIsLeftToPopplerGlib() throws {
        let page = try PDFDocument(path: Fixture.path("text_walk.pdf")).page(2)
        XCTAssertNil(walked(page), "a page with Hebrew is left to poppler-glib, which reorders it")
        let glyphs = page.contentGlyphs()
        XCTAssertEqual(glyphs, glib(page))
        XCTAssertTrue(glyphs.contains { $0.scalar.value >= 0x05D0 && $0.scalar.value <= 0x05EA })
        // poppler's text brackets each right-to-left run with embedding marks its rectangles do
        // not count: the words keep no mark, and the words after the run keep their own boxes.
        XCTAssertFalse(glyphs.contains { (0x202A...0x202C).contains($0.scalar.value) })
        let lines = page.textLayer(dpi: 72).lines
        XCTAssertEqual(lines.count, 2, "\(lines.map(\.text))")
        let words = lines.flatMap(\.words)
        XCTAssertEqual(words.map(\.text).filter { $0.unicodeScalars.allSatisfy(\.isASCII) },
                       ["Shalom:", "and", "goodbye", "A", "plain", "second", "line."])
        let hebrew = words.filter { $0.text.unicodeScalars.contains { $0.value >= 0x05D0 && $0.value <= 0x05EA } }
        XCTAssertEqual(hebrew.count, 2, "\(words.map(\.text))")
        let shalom = try XCTUnwrap(words.first { $0.text == "Shalom:" }), and = try XCTUnwrap(words.first { $0.text == "and" })
        for word in hebrew {
            XCTAssertGreaterThan(word.box.minX, shalom.box.maxX, word.text)
            XCTAssertLessThan(word.box.maxX, and.box.minX, word.text)
        }
    }

    /// Every page of every PDF the suite keeps as a fixture reads the same both ways.
    func testEveryFixturePageReadsTheSameBothWays() throws {
        let fixtures = Fixture.folder.deletingLastPathComponent()
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: fixtures.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".pdf") }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        var walkedPages = 0
        for file in files {
            guard let document = try? PDFDocument(path: fixtures.appendingPathComponent(file).path) else { continue }
            for number in 1...max(1, min(document.pageCount, 30)) {
                guard let page = try? document.page(number) else { continue }
                let glyphs = page.contentGlyphs()
                XCTAssertEqual(glyphs, glib(page), "\(file) page \(number)")
                if walked(page) != nil && !glyphs.isEmpty { walkedPages += 1 }
            }
        }
        XCTAssertGreaterThan(walkedPages, 20, "most fixture pages with text should be read in one walk")
    }
}
