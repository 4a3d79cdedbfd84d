import DocumentModel
import XCTest
@testable import Layout

final class ReferenceTests: XCTestCase {
    private let entries = [
        "[1] A. Smith and B. C. Jones, Phys. Rev. B 90, 235105 (2014).",
        "[2] D. Miller, J.-P. Dupont, and E. Brown, Proc. Conf. Layout, pp. 10-20, 2016.",
        "[3] F. Green et al., Journal of Pages 12, 1 (2019).",
    ]

    func testCitationLikeEntries() {
        for e in entries { XCTAssertTrue(References.isCitationLike(e), e) }
        XCTAssertEqual(References.initials("A. Smith and B. C. Jones, J.-P. Dupont"), 4)
        XCTAssertTrue(References.hasYear("Lett. 94, 026401 (2005)"))
        XCTAssertTrue(References.hasYear("Smith 2014a, p. 3"))
        XCTAssertFalse(References.hasYear("page 12345 and 99"))
        // Prose with a year but no authors or publication cue is not a citation.
        XCTAssertFalse(References.isCitationLike("In 2014 the layout of the page was redrawn by hand."))
        XCTAssertTrue(References.opensWithMarker("(47] Hartmut Hafermann"))
        XCTAssertTrue(References.opensWithMarker("12. Arasu, A."))
        XCTAssertFalse(References.opensWithMarker("1999. was a year"))
        XCTAssertTrue(References.isSectionHeading("References"))
        XCTAssertTrue(References.isSectionHeading("7 REFERENCES"))
        XCTAssertTrue(References.isSectionHeading("Literature Cited"))
        XCTAssertFalse(References.isSectionHeading("Results"))
    }

    /// A numbered list of citations is a reference list, with its entries as items.
    func testNumberedCitationsAreAReferenceList() {
        var page = SyntheticPage()
        page.add("Some closing words of the body " + prose(6), x: 100, y: 60)
        page.addLines(entries, x: 100, y: 120, pitch: 30)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .reference])
        XCTAssertEqual(blocks.last?.listItems.map(\.marker), ["[1]", "[2]", "[3]"])
    }

    /// A widely spaced reference list where OCR lost a line (a hole of one line pitch) is still
    /// one reference list.
    func testWidelySpacedListWithALostLineIsOneList() {
        var page = SyntheticPage()
        page.add("Some closing words of the body " + prose(6), x: 100, y: 60)
        let more = ["[4] G. Hall and H. I. King, Phys. Rev. Lett. 94, 026401 (2005).",
                    "[5] J. Lee, K. Moore, and L. N. Otto, Proc. Conf. Pages, pp. 1-9, 2011.",
                    "[6] M. Park et al., Journal of Layout 7, 33 (2013)."]
        page.addLines(entries, x: 100, y: 120, pitch: 48)
        page.addLines(more, x: 100, y: 120 + 4 * 48, pitch: 48) // the line at 120 + 3 × 48 was lost
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .reference])
        XCTAssertEqual(blocks.last?.listItems.count, 6)
    }

    /// A numbered list of plain items stays a list.
    func testOrdinaryNumberedListStaysAList() {
        var page = SyntheticPage()
        page.addLines(["1. links addresses as free text;", "2. uses data-driven blocking keys;", "3. is practical and scalable."],
                      x: 100, y: 100, pitch: 30)
        XCTAssertEqual(page.analyze().map(\.kind), [.list])
    }

    /// After a "References" heading, entries without markers (author–year style) are references;
    /// the next heading ends the section.
    func testEntriesAfterReferencesHeading() {
        var page = SyntheticPage()
        page.add("References", x: 100, y: 100, size: 28, bold: true)
        page.add("Smith, A. (2010). The layout of pages. Journal of Pages 3, 1-20.", x: 100, y: 160)
        page.add("Appendix", x: 100, y: 240, size: 28, bold: true)
        page.add("The appendix " + prose(10), x: 100, y: 300)
        let kinds = page.analyze().map(\.kind)
        XCTAssertEqual(kinds.filter { $0 == .reference }.count, 1, "\(kinds)")
        XCTAssertEqual(kinds.last, .paragraph)
    }

    /// A paragraph that cites works inline stays a paragraph.
    func testInlineCitationsStayProse() {
        var page = SyntheticPage()
        page.addLines(["As A. B. Smith and C. Jones (2010) showed, the layout of a page",
                       "follows simple rules " + prose(8)], x: 100, y: 100)
        XCTAssertEqual(page.analyze().map(\.kind), [.paragraph])
    }

    /// An entry whose hanging-indented continuation was split off is one reference: the opening
    /// piece names its authors by initials, the continuation starts in lowercase.
    func testPiecesOfAnEntryNextToAReference() {
        var page = SyntheticPage()
        page.add("The body ends here " + prose(8), x: 100, y: 40)
        page.add("Results", x: 100, y: 100, size: 28, bold: true)
        page.add("[46] E. G. C. P. van Loon, H. Hafermann, and M. I. Kat-", x: 100, y: 160)
        page.add("snelson, Plasmons in strongly correlated systems, Lett. 113, 246407 (2014).", x: 160, y: 190)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.first?.kind, .paragraph)
        // The two pieces are one entry of one reference block.
        XCTAssertEqual(blocks.last?.kind, .reference, "\(blocks.map(\.kind))")
        XCTAssertEqual(blocks.filter { $0.kind == .reference }.count, 1)
        XCTAssertEqual(blocks.last?.listItems.map(\.marker), ["[46]"])
        XCTAssertTrue(blocks.last?.listItems.first?.text.hasSuffix("246407 (2014).") ?? false)
    }

    /// A year in parentheses ends many reference lines: it is no equation number.
    func testYearIsNoEquationNumber() {
        XCTAssertTrue(Equations.isEquationNumber("(12)"))
        XCTAssertTrue(Equations.isEquationNumber("(2.10)"))
        XCTAssertFalse(Equations.isEquationNumber("(2012)"))
        XCTAssertFalse(Equations.isEquationNumber("(2012),"))
    }

    /// A piece without a year, initials or marker between two reference blocks of its column
    /// belongs to them; the run is one reference list.
    func testPieceBetweenReferencesJoinsThem() {
        var page = SyntheticPage()
        page.add("[52] M. Schiller, M. Rosner, and T. O. Wehling, Optimal", x: 100, y: 100)
        page.add("Hubbard models for materials with nonlocal interactions", x: 160, y: 160)
        page.add("[53] C. E. Sanders and M. Dendzik, Phys. Rev. B 94, 081404 (2016).", x: 100, y: 220)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.reference])
        XCTAssertEqual(blocks.first?.listItems.map(\.marker), ["[52]", "[53]"])
    }
}
