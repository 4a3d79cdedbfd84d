import DocumentModel
import XCTest
@testable import Layout

final class FragmentTests: XCTestCase {
    /// Paragraph, a small `piece` at (x, y), a display `formula` just below it, paragraph: the
    /// blocks found, which must be paragraph, equation, paragraph with the piece in the equation.
    private func formulaPage(piece: String, x: Int, y: Int, formula: String) -> [Block] {
        var page = SyntheticPage()
        page.addLines([prose(12), prose(12, seed: 1)], x: 100, y: 100)
        page.add(piece, x: x, y: y, size: 12)
        page.add(formula, x: 380, y: y + 10)
        page.addLines([prose(12, seed: 2), prose(12, seed: 3)], x: 100, y: 260)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .equation, .paragraph])
        XCTAssertEqual(blocks.count == 3 ? blocks[1].box.minY : nil, y)
        return blocks
    }

    /// A sum's limit set on its own row just above an equation joins the equation.
    func testLoneMarkAboveAnEquationJoinsIt() {
        let blocks = formulaPage(piece: "n", x: 420, y: 194, formula: "A = ∑ σ u v = U Σ V (2)")
        XCTAssertTrue(blocks[1].text.hasPrefix("n\n"))
    }

    /// A formula's row of exponents, read as a line of its own before the formula, joins the
    /// equation rather than standing as a paragraph.
    func testExponentRowJoinsTheEquationBelowIt() {
        let blocks = formulaPage(piece: "a1...ar b1...bs", x: 430, y: 196, formula: "Φ = Λ Λ Φ (1.8)")
        XCTAssertTrue(blocks[1].text.contains("a1...ar"))
    }

    /// A flat row of dots or a rule read as text ("= =") next to a paragraph is no block of its own.
    func testFlatMarkBesideParagraphJoinsIt() {
        var page = SyntheticPage()
        page.addLines([prose(12), prose(12, seed: 1), prose(12, seed: 2)], x: 100, y: 100)
        page.add("= = = = = = = = = = = = = = = = =", x: 100, y: 176, size: 6)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.count, 1)
        XCTAssertEqual(blocks[0].box.maxY, 182)
    }

    /// A short mark far from any block (a page number in the body area) stays a block.
    func testIsolatedShortBlockStays() {
        var page = SyntheticPage()
        page.addLines([prose(12), prose(12, seed: 1)], x: 100, y: 100)
        page.add("17", x: 580, y: 600)
        XCTAssertEqual(page.analyze().count, 2)
    }

    /// A heading of three letters above a paragraph is a heading; beside a line on its own row
    /// it is a piece of a word OCR cut ("Pai" + "irwise comparisons") and joins it, first.
    func testThreeLetterHeadingJoinsOnlyItsRow() {
        var page = SyntheticPage()
        page.add("Aim", x: 100, y: 100, size: 26)
        page.addLines([prose(12), prose(12, seed: 1)], x: 100, y: 134)
        XCTAssertEqual(page.analyze().map(\.text).first, "Aim") // the page's title, even
        var cut = SyntheticPage()
        cut.add("Pai", x: 100, y: 100, size: 26)
        cut.add("rwise comparisons", x: 143, y: 103, size: 20)
        cut.addLines([prose(12), prose(12, seed: 1)], x: 100, y: 160)
        let blocks = cut.analyze()
        XCTAssertEqual(blocks.count, 2)
        XCTAssertEqual(blocks.first?.text, "Pai rwise comparisons")
        XCTAssertNotEqual(blocks.first?.kind, .paragraph)
    }

    func testFragmentRule() {
        let em = 20.0
        func block(_ kind: BlockKind, _ text: String, height: Int) -> Block {
            Block(kind: kind, readingOrder: 0, text: text, box: Box(x: 0, y: 0, width: 200, height: height))
        }
        XCTAssertTrue(Fragments.isFragment(block(.paragraph, "hoo", height: 20), em: em))
        XCTAssertTrue(Fragments.isFragment(block(.paragraph, "..................", height: 5), em: em))
        XCTAssertFalse(Fragments.isFragment(block(.paragraph, "word", height: 20), em: em))
        XCTAssertFalse(Fragments.isFragment(block(.paragraph, "ab", height: 60), em: em), "several lines")
        XCTAssertFalse(Fragments.isFragment(block(.footer, "3", height: 20), em: em))

        XCTAssertFalse(Fragments.isFragment(block(.table, "1", height: 20), em: em))
    }
}
