import DocumentModel
import XCTest
@testable import Layout

/// A fixed word list standing in for the OCR engine's dictionary. Like Tesseract, it accepts a
/// capitalised form of a lowercase entry only through the caller's lowercase retry.
private struct WordList: Lexicon {
    var words: Set<String>
    func contains(_ word: String) -> Bool { words.contains(word) }
}

private let english = WordList(words: ["three", "dimensional", "meta", "analysis", "metal", "insulator", "lower",
                                       "level", "information", "infor", "mation", "the", "art", "state", "of",
                                       "kat", "e", "mail", "well", "known", "wellknown", "paul"])

final class HyphenationTests: XCTestCase {
    private let join = TextJoin(lexicon: english)

    func testCompoundOfTwoWordsKeepsItsHyphen() {
        XCTAssertEqual(join.join(["a three-", "dimensional model"]), "a three-dimensional model")
        XCTAssertEqual(join.join(["a meta-", "analysis, then"]), "a meta-analysis, then")
        XCTAssertEqual(join.join(["the metal-", "insulator transition"]), "the metal-insulator transition")
        XCTAssertEqual(join.join(["(lower-", "level)"]), "(lower-level)")
        XCTAssertEqual(join.join(["state-of-the-", "art methods"]), "state-of-the-art methods")
    }

    func testWordBrokenAtALineEndIsJoined() {
        XCTAssertEqual(join.join(["the infor-", "mation is here"]), "the information is here")
        // Both halves are words too, but the joined form is one: it wins.
        XCTAssertEqual(join.join(["well-", "known"]), "wellknown")
    }

    func testUnknownPartsAreJoined() {
        XCTAssertEqual(join.join(["by Kat-", "snelson, who"]), "by Katsnelson, who")
        XCTAssertEqual(join.join(["an e-", "mail"]), "an email")          // a one-letter part is no word here
        XCTAssertEqual(join.join(["the thr-", "ee cases"]), "the three cases")
    }

    func testCapitalisedPartsAreLookedUpLowercased() {
        XCTAssertEqual(join.join(["Three-", "dimensional"]), "Three-dimensional")
        XCTAssertEqual(join.join(["INFOR-", "mation"]), "INFORmation")
    }

    func testUppercaseOrDigitStartKeepsTheHyphenAsBefore() {
        XCTAssertEqual(join.join(["meet Jean-", "Paul today"]), "meet Jean-Paul today")
        XCTAssertEqual(join.join(["the COVID-", "19 wave"]), "the COVID-19 wave")
        XCTAssertEqual(join.join(["soft\u{00AD}", "hyphen"]), "softhyphen")
        XCTAssertEqual(join.join(["ends with -", "dash"]), "ends with - dash")
    }

    func testWithoutALexiconEveryLowercaseBreakIsJoined() {
        let plain = TextJoin()
        XCTAssertEqual(plain.join(["a three-", "dimensional model"]), "a threedimensional model")
        XCTAssertEqual(plain.join(["the infor-", "mation is here"]), "the information is here")
        XCTAssertEqual(plain.join(["meet Jean-", "Paul today"]), "meet Jean-Paul today")
    }

    /// The page's lexicon reaches paragraphs, list items, headings, table cells and the entries
    /// of a reference list joined over two blocks.
    func testEveryBlockKindGetsThePagesLexicon() {
        var page = SyntheticPage()
        page.addLines(["The model is three-", "dimensional and the infor-", "mation is kept " + prose(4)], x: 100, y: 100)
        page.addLines(["• a first item of the list that is three-", "dimensional too",
                       "• a second item of the list " + prose(3)], x: 100, y: 300)
        for y in [600, 660, 760] { page.hLine(y: y, from: 100, to: 1000) }
        for x in [100, 550, 1000] { page.vLine(x: x, from: 600, to: 760) }
        page.add("Term", x: 110, y: 615); page.add("Meaning", x: 560, y: 615)
        page.add("meta-", x: 110, y: 675); page.add("lower-", x: 560, y: 675)
        page.add("analysis", x: 110, y: 715); page.add("level", x: 560, y: 715)
        let blocks = page.analyze(lexicon: english)
        XCTAssertEqual(blocks.first { $0.kind == .paragraph }?.text,
                       "The model is three-dimensional and the information is kept " + prose(4))
        XCTAssertEqual(blocks.first { $0.kind == .list }?.listItems.first?.text, "a first item of the list that is three-dimensional too")
        let table = blocks.first { $0.kind == .table }
        XCTAssertEqual(table?.tableCells.first { $0.row == 1 && $0.column == 0 }?.text, "meta-analysis")
        XCTAssertEqual(table?.text, "Term\tMeaning\nmeta-analysis\tlower-level")
        let plain = page.analyze()
        XCTAssertEqual(plain.first { $0.kind == .table }?.text, "Term\tMeaning\nmetaanalysis\tlowerlevel")
        XCTAssertEqual(plain.first { $0.kind == .paragraph }?.text,
                       "The model is threedimensional and the information is kept " + prose(4))
    }

    func testHeadingKeepsACompoundHyphen() {
        var page = SyntheticPage()
        page.add("A Three-", x: 100, y: 100, size: 40, bold: true)
        page.add("dimensional Survey", x: 100, y: 145, size: 40, bold: true)
        page.addLines([prose(12), prose(12, seed: 1), prose(8, seed: 2)], x: 100, y: 240)
        let heading = page.analyze(lexicon: english).first { $0.kind == .title || $0.kind == .heading }
        XCTAssertEqual(heading?.text, "A Three-dimensional Survey")
    }

    func testReferenceEntryJoinedOverTwoBlocksKeepsACompoundHyphen() {
        var blocks = [
            DraftBlock(block: Block(kind: .reference, readingOrder: 0, text: "[1] A. Smith, B. Jones, A meta-",
                                    box: Box(x: 100, y: 100, width: 800, height: 20))),
            DraftBlock(block: Block(kind: .reference, readingOrder: 0, text: "analysis of things, Phys. Rev. (2001)",
                                    box: Box(x: 100, y: 124, width: 800, height: 20))),
        ]
        References.joinRuns(&blocks, em: 20, join: join)
        XCTAssertEqual(blocks.count, 1)
        XCTAssertEqual(blocks[0].block.listItems.first?.text, "A. Smith, B. Jones, A meta-analysis of things, Phys. Rev. (2001)")
    }
}
