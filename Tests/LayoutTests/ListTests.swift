import DocumentModel
import XCTest
@testable import Layout

final class ListTests: XCTestCase {
    func testMarkerTypes() {
        let cases: [(String, ListMarkerType)] = [
            ("•", .bullet), ("◦", .bullet), ("▪", .bullet), ("*", .bullet), ("-", .dash), ("–", .dash), ("—", .dash),
            ("1.", .decimal), ("12)", .decimal), ("(3)", .decimal), ("a)", .lowerLetter), ("(b)", .lowerLetter),
            ("B.", .upperLetter), ("ii.", .lowerRoman), ("(iv)", .lowerRoman), ("XII.", .upperRoman), ("[46]", .decimal),
        ]
        for (token, type) in cases {
            XCTAssertEqual(ListMarker.parse(token)?.type, type, token)
        }
        for token in ["word", "1999.", "1.2.3", "(x", "ab.", "e.g.", "Ii."] {
            XCTAssertNil(ListMarker.parse(token), token)
        }
        XCTAssertEqual(ListMarker.parse("i.")?.romanAlternative, .lowerRoman)
    }

    func testEachMarkerTypeMakesAList() {
        let sequences: [([String], ListMarkerType)] = [
            (["•", "•"], .bullet), (["-", "-"], .dash), (["1.", "2."], .decimal), (["a)", "b)"], .lowerLetter),
            (["A.", "B."], .upperLetter), (["i.", "ii."], .lowerRoman), (["I.", "II."], .upperRoman),
            (["(i)", "(ii)", "(iii)"], .lowerRoman),
        ]
        for (markers, type) in sequences {
            var page = SyntheticPage()
            for (k, m) in markers.enumerated() { page.add("\(m) item number \(k)", x: 100, y: 100 + 30 * k) }
            let blocks = page.analyze()
            XCTAssertEqual(blocks.map(\.kind), [.list], "\(markers)")
            XCTAssertEqual(blocks.first?.listItems.map(\.markerType), Array(repeating: type, count: markers.count))
            XCTAssertEqual(blocks.first?.listItems.map(\.marker), markers)
            XCTAssertEqual(blocks.first?.listItems.last?.text, "item number \(markers.count - 1)")
        }
    }

    func testNestedListWithContinuationLines() {
        var page = SyntheticPage()
        page.add("Intro paragraph " + prose(8), x: 100, y: 60)
        page.add("1. first item that wraps", x: 100, y: 100)
        page.add("onto a second line", x: 130, y: 124)
        page.add("a) nested one", x: 140, y: 150)
        page.add("b) nested two with a hyphen-", x: 140, y: 176)
        page.add("ated continuation", x: 170, y: 200)
        page.add("2. second item", x: 100, y: 226)
        page.add("After the list " + prose(8), x: 100, y: 280)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .list, .paragraph])
        let items = blocks[1].listItems
        XCTAssertEqual(items.map(\.text), ["first item that wraps onto a second line", "nested one",
                                          "nested two with a hyphenated continuation", "second item"])
        XCTAssertEqual(items.map(\.depth), [0, 1, 1, 0])
        XCTAssertEqual(items.map(\.markerType), [.decimal, .lowerLetter, .lowerLetter, .decimal])
        XCTAssertEqual(blocks[1].text.split(separator: "\n").count, 4)
    }

    /// At low resolution OCR reads "1." as "1,": such a marker counts where the numbering confirms it.
    func testCommaMarkersConfirmedByTheNumbering() {
        var page = SyntheticPage()
        page.add("Intro paragraph " + prose(8), x: 100, y: 60)
        page.addLines(["1, links addresses as free text;", "2. uses data-driven blocking keys;",
                       "3. extends the inverted index;", "4, is robust against quality issues; and", "5. is practical."],
                      x: 100, y: 100, pitch: 30)
        page.add("After the list " + prose(8), x: 100, y: 280)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .list, .paragraph])
        XCTAssertEqual(blocks[1].listItems.map(\.marker), ["1,", "2.", "3.", "4,", "5."])
        XCTAssertEqual(blocks[1].listItems.map(\.markerType), Array(repeating: .decimal, count: 5))
        // Without the numbering, "3," opening a line is prose.
        var prosePage = SyntheticPage()
        prosePage.addLines(["3, 5 and 7 are the primes " + prose(5), "that follow two " + prose(6)], x: 100, y: 100)
        XCTAssertEqual(prosePage.analyze().map(\.kind), [.paragraph])
    }

    func testSingleNumberedLineIsNotAList() {
        var page = SyntheticPage()
        page.add("1. The only numbered line", x: 100, y: 100)
        page.addLines([prose(10), prose(8, seed: 1)], x: 100, y: 160)
        XCTAssertEqual(page.analyze().map(\.kind), [.paragraph, .paragraph])
    }

    func testSingleBulletGlyphLineIsAList() {
        var page = SyntheticPage()
        page.add("• the only bullet", x: 100, y: 100)
        page.addLines([prose(10), prose(8, seed: 1)], x: 100, y: 160)
        XCTAssertEqual(page.analyze().map(\.kind), [.list, .paragraph])
    }

    func testLetterListKeepsAmbiguousRomanLettersAsLetters() {
        var page = SyntheticPage()
        for (k, m) in ["h.", "i.", "j."].enumerated() { page.add("\(m) entry", x: 100, y: 100 + 30 * k) }
        XCTAssertEqual(page.analyze().first?.listItems.map(\.markerType), [.lowerLetter, .lowerLetter, .lowerLetter])
    }

    func testHangingBulletFarFromItsTextStaysOneLine() {
        var page = SyntheticPage()
        page.add("•", x: 100, y: 100)
        page.add("first bullet text", x: 160, y: 100)
        page.add("•", x: 100, y: 130)
        page.add("second bullet text", x: 160, y: 130)
        page.add("•", x: 100, y: 160)
        page.add("third bullet text", x: 160, y: 160)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.list])
        XCTAssertEqual(blocks.first?.listItems.map(\.text), ["first bullet text", "second bullet text", "third bullet text"])
    }

    func testListsSwitchOff() {
        var page = SyntheticPage()
        page.options.lists = false
        page.addLines(["- one", "- two"], x: 100, y: 100)
        XCTAssertEqual(page.analyze().map(\.kind), [.paragraph])
    }
}

final class ListWrapTests: XCTestCase {
    func testWrapWithoutHangingIndentJoinsItemButShortLineEndsIt() {
        var page = SyntheticPage()
        page.add(prose(14), x: 100, y: 60)                        // sets the column's right edge
        page.add("- " + prose(13, seed: 1), x: 100, y: 100)        // full line
        page.add("wrapped back to the marker", x: 100, y: 124)     // continuation at marker x
        page.add("- second item short", x: 100, y: 150)
        page.add("A paragraph line after the list", x: 100, y: 174)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .list, .paragraph], "\(blocks.map(\.text))")
        XCTAssertEqual(blocks[1].listItems.first?.text, prose(13, seed: 1) + " wrapped back to the marker")
        XCTAssertEqual(blocks[1].listItems.count, 2)
    }
}

/// Lists as OCR reads them: bullets read as letters, markers split from their text.
final class OCRListTests: XCTestCase {
    func testBulletsReadAsEWithHangingIndentMakeOneList() {
        var page = OCRPage()
        let y = page.addLines([prose(12), "we consider the following cases:"], y: 200)
        page.add("e the distribution with respect to the invariant mass of the top pair", x: 150, y: y + 30)
        page.add("and the Higgs boson in the final state;", x: 200, y: y + 86)
        page.add("e the distribution with respect to the transverse momentum of the top", x: 150, y: y + 172)
        page.add("quark.", x: 200, y: y + 228)
        page.addLines([prose(12, seed: 4), prose(10, seed: 5)], y: y + 330)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .list, .paragraph])
        let list = blocks[1]
        XCTAssertEqual(list.listItems.map(\.markerType), [.bullet, .bullet])
        XCTAssertEqual(list.listItems.map(\.text), ["the distribution with respect to the invariant mass of the top pair and the Higgs boson in the final state;",
                                                   "the distribution with respect to the transverse momentum of the top quark."])
    }

    func testMarkerReadAsItsOwnOverlappingLineJoinsItsItem() {
        var page = OCRPage()
        page.addLines([prose(12)], y: 200)
        // OCR returned "1." as its own line, its box overlapping the start of the item's text.
        page.lines.append(OCRPage.line(["1."], x: 150, y: 300, size: 40))
        page.lines.append(OCRPage.line(["links", "addresses", "as", "free", "text;"], x: 180, y: 300, size: 40))
        page.addLines(["2. uses data-driven blocking keys;", "3. is practical and scalable."], x: 150, y: 356)
        let lists = page.analyze().filter { $0.kind == .list }
        XCTAssertEqual(lists.count, 1)
        XCTAssertEqual(lists.first?.listItems.map(\.marker), ["1.", "2.", "3."])
    }
}
