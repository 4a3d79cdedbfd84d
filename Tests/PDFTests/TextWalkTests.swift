import Foundation
import XCTest
@testable import PDF

/// A page's text read in one walk of poppler's text (`PopplerTextShim`) is the text poppler-glib's
/// three calls give, glyph for glyph: characters, spaces and line ends, boxes, font sizes and
/// weights (scripts/fixtures/text_walk.py `text_walk.pdf`, and every PDF fixture of the suite);
/// a right-to-left page is read line by line, every line kept.
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

    /// A left-to-right page with a right-to-left run: read line by line, it gives what
    /// poppler-glib's calls give (their selection loses nothing on such a page).
    func testRightToLeftRunsOnALeftToRightPage() throws {
        let page = try PDFDocument(path: Fixture.path("text_walk.pdf")).page(2)
        let glyphs = try XCTUnwrap(walked(page))
        XCTAssertEqual(glyphs, glib(page))
        XCTAssertEqual(page.contentGlyphs(), glyphs)
        XCTAssertTrue(glyphs.contains { $0.scalar.value >= 0x05D0 && $0.scalar.value <= 0x05EA })
        // poppler's text brackets each right-to-left run with embedding marks its rectangles do
        // not count: the words keep no mark, and the words after the run keep their own boxes.
        XCTAssertFalse(glyphs.contains { (0x202A...0x202C).contains($0.scalar.value) })
        XCTAssertFalse(glib(page).contains { (0x202A...0x202C).contains($0.scalar.value) })
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

    /// A right-to-left page (Hebrew drawn in visual order, as producers draw it): every line is
    /// read, each Hebrew line from right to left in reading order, its number kept as written
    /// and a Latin name inside it in its own order, the Latin line from left to right.
    func testRightToLeftPageKeepsEveryLineInReadingOrder() throws {
        let page = try PDFDocument(path: Fixture.path("text_walk.pdf")).page(4)
        XCTAssertNotNil(walked(page))
        let lines = page.textLayer(dpi: 72).lines
        XCTAssertEqual(lines.map(\.text), [
            "\u{5E9}\u{5D5}\u{5E8}\u{5D4} \u{5E8}\u{5D0}\u{5E9}\u{5D5}\u{5E0}\u{5D4} \u{5E9}\u{5DC} \u{5D4}\u{5DE}\u{5E1}\u{5DE}\u{5DA}",
            "\u{5E9}\u{5D5}\u{5E8}\u{5D4} \u{5E9}\u{5E0}\u{5D9}\u{5D9}\u{5D4} \u{5E2}\u{5DD} \u{5DE}\u{5D9}\u{5DC}\u{5D9}\u{5DD}",
            "\u{5E9}\u{5D5}\u{5E8}\u{5D4} \u{5E9}\u{5DC}\u{5D9}\u{5E9}\u{5D9}\u{5EA} \u{5D1}\u{5D0}\u{5E8}\u{5DB}\u{5D9}\u{5D5}\u{5DF}",
            "\u{5E9}\u{5D5}\u{5E8}\u{5D4} \u{5E8}\u{5D1}\u{5D9}\u{5E2}\u{5D9}\u{5EA} 2025 \u{5DB}\u{5D0}\u{5DF}",
            "\u{5D4}\u{5E0}\u{5E9}\u{5D9}\u{5D0} Bill Clinton \u{5D1}\u{5D9}\u{5E7}\u{5E8} \u{5D1}\u{5D0}\u{5E8}\u{5DB}\u{5D9}\u{5D5}\u{5DF}",
            "Latin line at the bottom",
        ])
        for line in lines.prefix(4) {
            let xs = line.words.map(\.box.minX)
            XCTAssertEqual(xs, xs.sorted(by: >), "a Hebrew line's words run right to left: \(line.text)")
            XCTAssertLessThanOrEqual(abs(line.box.maxX - 540), 2, "right-aligned at 540 pt: \(line.box)")
        }
        let latin = lines[5].words.map(\.box.minX)
        XCTAssertEqual(latin, latin.sorted())
        XCTAssertFalse(page.contentGlyphs().contains { (0x202A...0x202C).contains($0.scalar.value) })
    }

    /// Every left-to-right page of every PDF the suite keeps as a fixture reads the same both ways.
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
                // Right-to-left pages are read line by line (above), not as poppler-glib's
                // selection reads them.
                if glyphs.contains(where: { (0x0590...0x08FF).contains($0.scalar.value) || (0xFB1D...0xFEFC).contains($0.scalar.value) }) {
                    continue
                }
                XCTAssertEqual(glyphs, glib(page), "\(file) page \(number)")
                if walked(page) != nil && !glyphs.isEmpty { walkedPages += 1 }
            }
        }
        XCTAssertGreaterThan(walkedPages, 20, "most fixture pages with text should be read in one walk")
    }
}
