import DocumentModel
import XCTest
@testable import Layout

final class HeaderFooterTests: XCTestCase {
    private func page(_ n: Int) -> LayoutInput {
        var p = SyntheticPage()
        p.add("Quarterly Report 2024 — Section \(n)", x: 100, y: 30, size: 16)
        p.addLines([prose(10, seed: n), prose(9, seed: n + 1), prose(7, seed: n + 2)], x: 100, y: 200)
        p.add("Page \(n) of 3", x: 550, y: 1550, size: 16)
        return p.input
    }

    func testRepeatedMarginTextsAcrossPages() {
        let pages = LayoutAnalyzer.analyzeDocument(pages: [page(1), page(2), page(3)])
        for blocks in pages {
            XCTAssertEqual(blocks.first?.kind, .header)
            XCTAssertEqual(blocks.last?.kind, .footer)
            XCTAssertEqual(blocks.filter { $0.kind == .paragraph }.count, 1)
        }
    }

    /// The one rule, on margin lines from anywhere (the document pass gives stored lines by page id).
    func testRepeatedMarginLinesNeedTwoPagesAndLeaveOutPageNumbers() {
        let top = Box(x: 100, y: 20, width: 400, height: 20), middle = Box(x: 100, y: 700, width: 400, height: 20)
        let bottom = Box(x: 500, y: 1560, width: 80, height: 20)
        let lines: [(page: Int64, text: String, box: Box, pageHeight: Int)] = [
            (7, "ACME Annual Report 2023", top, 1600), (9, "ACME annual report 2024", top, 1600),   // digits and case fold
            (7, "Page 1 of 2", bottom, 1600), (9, "Page 2 of 2", bottom, 1600),                      // page numbers: per page
            (7, "Only on one page", top, 1600),
            (7, "Body text", middle, 1600), (9, "Body text", middle, 1600),                          // not in a margin
        ]
        let repeated = HeadersFooters.repeated(lines)
        XCTAssertEqual(repeated, ["acme annual report #": [7, 9]])
        XCTAssertEqual(HeadersFooters.repeatedKeys(pages: [page(1), page(2)]), [HeadersFooters.key("Quarterly Report 2024 — Section 1")])
    }

    func testKeyFoldsDigitsAndCase() {
        XCTAssertEqual(HeadersFooters.key("Page 12  of 30"), HeadersFooters.key("page 3 of 30"))
    }

    func testSinglePageHeaderIsBodyButPageNumberIsFooter() {
        var p = SyntheticPage()
        p.add("Some unique top line", x: 100, y: 30, size: 16)
        p.addLines([prose(10), prose(9, seed: 1)], x: 100, y: 200)
        p.add("- 7 -", x: 580, y: 1550, size: 16)
        let blocks = p.analyze()
        XCTAssertEqual(blocks.first?.kind, .paragraph)
        XCTAssertEqual(blocks.last?.kind, .footer)
    }

    /// On a single page, a running title on the page number's row is a header; a top line
    /// away from the number stays body text.
    func testRunningTitleBesideThePageNumber() {
        var p = SyntheticPage()
        p.add("30", x: 100, y: 40, size: 16)
        p.add("A. AUTHOR AND B. AUTHOR", x: 400, y: 40, size: 16)
        p.addLines([prose(10), prose(9, seed: 1)], x: 100, y: 200)
        let blocks = p.analyze()
        XCTAssertEqual(blocks.prefix(2).map(\.kind), [.header, .header])
        XCTAssertEqual(blocks.filter { $0.kind == .paragraph }.count, 1)
    }

    /// Margin lines on one row are read left to right, though the page number's box starts a
    /// pixel lower than the running title's.
    func testMarginRowIsReadLeftToRight() {
        var p = SyntheticPage()
        p.add("30", x: 100, y: 42, size: 16)
        p.add("A. AUTHOR AND B. AUTHOR", x: 400, y: 40, size: 16)
        p.addLines([prose(10), prose(9, seed: 1)], x: 100, y: 200)
        XCTAssertEqual(p.analyze().prefix(2).map(\.text), ["30", "A. AUTHOR AND B. AUTHOR"])
    }

    /// A page's margin keys are those of its margin lines whose kind the document decides:
    /// not a page number, not a running title on a page number's row, not body text.
    func testMarginKeysLeaveOutWhatThePageDecidesAlone() {
        var p = SyntheticPage()
        p.add("Quarterly Report 2024", x: 100, y: 30, size: 16)
        p.addLines([prose(10), prose(9, seed: 1)], x: 100, y: 200)
        p.add("12", x: 100, y: 1550, size: 16)
        p.add("A. AUTHOR AND B. AUTHOR", x: 400, y: 1550, size: 16)
        let laidOut = LayoutAnalyzer.layOut(page: p.input)
        XCTAssertEqual(laidOut.marginKeys, [HeadersFooters.key("Quarterly Report 2024")])
        XCTAssertEqual(laidOut.blocks, LayoutAnalyzer.analyze(page: p.input))
        XCTAssertEqual(HeadersFooters.marginKey("Quarterly Report 2024", box: Box(x: 100, y: 30, width: 300, height: 16), pageHeight: 1600),
                       "quarterly report #")
        XCTAssertNil(HeadersFooters.marginKey("Page 3 of 9", box: Box(x: 100, y: 1560, width: 100, height: 16), pageHeight: 1600))
        XCTAssertNil(HeadersFooters.marginKey("Quarterly Report 2024", box: Box(x: 100, y: 700, width: 300, height: 16), pageHeight: 1600))
        XCTAssertNil(HeadersFooters.marginKey("Quarterly Report 2024", box: Box(x: 100, y: 30, width: 300, height: 16), pageHeight: 0))
    }

    /// What lets the document pass leave a page alone: repeated-key sets that agree on the page's
    /// margin keys lay it out alike; one that differs there does not.
    func testRepeatedKeysMatterOnlyThroughTheMarginKeys() {
        let input = page(2)
        let keys = LayoutAnalyzer.layOut(page: input, isFirstPage: false).marginKeys
        XCTAssertEqual(keys, [HeadersFooters.key("Quarterly Report 2024 — Section 2")])
        let given = LayoutAnalyzer.layOut(page: input, isFirstPage: false, repeatedMargins: keys).blocks
        XCTAssertEqual(given.first?.kind, .header)
        XCTAssertEqual(LayoutAnalyzer.layOut(page: input, isFirstPage: false, repeatedMargins: keys.union(["elsewhere #"])).blocks, given)
        XCTAssertNotEqual(LayoutAnalyzer.layOut(page: input, isFirstPage: false, repeatedMargins: ["elsewhere #"]).blocks, given)
    }
}
