import DocumentModel
import XCTest
@testable import Layout

/// One region per thing a reader points at: an equation's number and a caption set without a
/// stop after its label are regions of their own, linked to what they describe.
final class RegionTests: XCTestCase {
    /// A display equation with its number at the right margin: the equation block hugs the
    /// formula, and the number is a caption block linked to it.
    func testEquationNumberIsACaptionOfItsEquation() {
        var page = SyntheticPage()
        page.addLines([prose(16), prose(16, seed: 1)], x: 100, y: 100)
        let measure = page.lines.map(\.box.maxX).max()!
        page.add("f(x) = a0 + a1 x + a2 x2", x: 200, y: 152)
        page.add("(13)", x: measure - 40, y: 152)
        page.addLines([prose(16, seed: 3), prose(3, seed: 4)], x: 100, y: 200)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .equation, .caption, .paragraph], "\(blocks.map(\.text))")
        let equation = blocks[1], number = blocks[2]
        XCTAssertEqual(number.text, "(13)")
        XCTAssertEqual(number.captionOf, equation.readingOrder)
        XCTAssertLessThan(equation.box.maxX, 600, "the equation's box ends with the formula")
        XCTAssertEqual(number.box.minX, measure - 40)
    }

    /// The split on the equation's own row: a number 2 em or more from the formula is split off;
    /// a number right after it (a reference in running text, "by (3)") is left in place.
    func testEquationNumberSplitNeedsAGap() {
        let em = 20.0
        func line(_ gap: Int) -> TextLine {
            let words = [Word(text: "y", confidence: 95, box: Box(x: 100, y: 100, width: 10, height: 20), fontSize: em),
                         Word(text: "=", confidence: 95, box: Box(x: 120, y: 100, width: 10, height: 20), fontSize: em),
                         Word(text: "2x", confidence: 95, box: Box(x: 140, y: 100, width: 20, height: 20), fontSize: em),
                         Word(text: "(4a)", confidence: 95, box: Box(x: 160 + gap, y: 100, width: 40, height: 20), fontSize: em)]
            return TextLine(words: words, source: 0)
        }
        let apart = Equations.split([line(600)], em: em)
        XCTAssertEqual(apart.map(\.block.kind), [.equation, .caption])
        XCTAssertEqual(apart[0].block.text, "y = 2x")
        XCTAssertEqual(apart[0].block.box.maxX, 160)
        XCTAssertEqual(apart[1].block.text, "(4a)")
        let close = Equations.split([line(6)], em: em)
        XCTAssertEqual(close.map(\.block.kind), [.equation])
        XCTAssertEqual(close[0].block.text, "y = 2x (4a)")
    }

    /// An equation's number is cited by readers: it never joins a paragraph as a fragment.
    func testEquationNumberIsNoFragment() {
        let number = Block(kind: .caption, readingOrder: 0, text: "(7)", box: Box(x: 0, y: 0, width: 40, height: 20))
        XCTAssertFalse(Fragments.isFragment(number, em: 20))
        XCTAssertTrue(Fragments.isFragment(Block(kind: .caption, readingOrder: 0, text: "7)", box: number.box), em: 20))
    }

    /// "Table 3 Recoveries of …" (the label on its own, no stop after the number) right above a
    /// ruled table is the table's caption; the same opening far from any table or figure is a
    /// paragraph, and so is prose that only mentions a table.
    func testLabelWithoutStopAgainstATableIsItsCaption() {
        func page(tableAt y0: Int) -> [Block] {
            var page = SyntheticPage()
            page.add("Table 3 Recoveries and deviations obtained by three methods", x: 100, y: 80)
            for y in [y0, y0 + 50, y0 + 100] { page.hLine(y: y, from: 100, to: 700) }
            for x in [100, 400, 700] { page.vLine(x: x, from: y0, to: y0 + 100) }
            page.add("Site", x: 110, y: y0 + 15); page.add("Count", x: 410, y: y0 + 15)
            page.add("North", x: 110, y: y0 + 65); page.add("12", x: 410, y: y0 + 65)
            return page.analyze()
        }
        let near = page(tableAt: 110)
        let table = near.first { $0.kind == .table }
        XCTAssertNotNil(table)
        let caption = near.first { $0.text.hasPrefix("Table 3") }
        XCTAssertEqual(caption?.kind, .caption)
        XCTAssertEqual(caption?.captionOf, table?.readingOrder)
        let far = page(tableAt: 900)
        XCTAssertEqual(far.first { $0.text.hasPrefix("Table 3") }?.kind, .paragraph)
        XCTAssertTrue(Paragraphs.opensWithLabel("Table 3 Recoveries"))
        XCTAssertFalse(Paragraphs.opensWithLabel("The table 3 shows"))
        XCTAssertFalse(Paragraphs.opensWithLabel("Tables show"))
    }
}

/// The OCR engine's paragraphs as a prior (`EngineParagraphs`).
final class EngineParagraphTests: XCTestCase {
    private func line(_ text: String, y: Int, size: Double = 40, paragraph: Int?) -> TextLine {
        let words = OCRPage.line(text.split(separator: " ").map(String.init), y: y, size: size).words
        return TextLine(words: words, source: y, paragraphHint: paragraph, ink: true)
    }

    private func blocks(leadParagraph: Int?, lead: String = "1. Sancho picked up a handful of coins",
                        body: String = "from a jar without looking. He got seven pennies", bodyY: Int = 160) -> [DraftBlock] {
        let first = line(lead, y: 100, size: 48, paragraph: leadParagraph)
        let rest = [line(body, y: bodyY, paragraph: 3), line("and five nickels in all.", y: bodyY + 56, paragraph: 3)]
        let metrics = PageMetrics(lines: [first] + rest, pageWidth: 2000, pageHeight: 2800, lexicon: nil)
        var out = [DraftBlock(kind: .heading, text: first.text, lines: [first]),
                   DraftBlock(kind: .paragraph, text: metrics.textJoin.join(rest.map(\.text)), lines: rest)]
        EngineParagraphs.join(&out, metrics: metrics)
        return out
    }

    /// A question's first line that the heading rules took for a heading (larger, numbered),
    /// which Tesseract puts in one paragraph with the rest of the question, whose sentence runs
    /// on: one paragraph, its box over both.
    func testLeadLineInTheEngineParagraphJoinsIt() {
        let joined = blocks(leadParagraph: 3)
        XCTAssertEqual(joined.map(\.block.kind), [.paragraph])
        XCTAssertTrue(joined[0].block.text.hasPrefix("1. Sancho picked up a handful of coins from a jar"), joined[0].block.text)
        let apart = blocks(leadParagraph: 2, body: "From a jar without looking. He got seven pennies")
        XCTAssertEqual(joined[0].block.box, apart[0].block.box.union(apart[1].block.box))
    }

    /// Another engine paragraph with space between the heading and the paragraph, no engine
    /// paragraphs at all (a text layer), or a heading whose text does not run on into the
    /// paragraph: the heading stays. Right above a lowercase sentence it runs on into (≤ 0.8 em
    /// between them), it is the paragraph's first line though the engine starts another
    /// paragraph there (`ReaderRegionTests`).
    func testHeadingStaysWithoutTheEngineOrTheSentence() {
        XCTAssertEqual(blocks(leadParagraph: 2, bodyY: 200).map(\.block.kind), [.heading, .paragraph])
        XCTAssertEqual(blocks(leadParagraph: nil, bodyY: 200).map(\.block.kind), [.heading, .paragraph])
        XCTAssertEqual(blocks(leadParagraph: 2).map(\.block.kind), [.paragraph])
        XCTAssertEqual(blocks(leadParagraph: nil).map(\.block.kind), [.heading, .paragraph], "no engine: left as it is")
        XCTAssertEqual(blocks(leadParagraph: 3, lead: "2.1 Results", body: "We measured seven pennies").map(\.block.kind),
                       [.heading, .paragraph])
        XCTAssertTrue(EngineParagraphs.runsOn("of the compo-", into: "Sites"))
        XCTAssertFalse(EngineParagraphs.runsOn("Methods.", into: "from"))
        XCTAssertTrue(EngineParagraphs.runsOn("Paige cut a cake into", into: "20 pieces"))
        XCTAssertFalse(EngineParagraphs.runsOn("By iz", into: "2. Paige cut a cake"), "an item number starts a sentence")
    }

    /// A paragraph cut around a line taken for a heading, all in one engine paragraph, the
    /// sentence running on at each cut: one paragraph again. Cut where a sentence ends, or across
    /// engine paragraphs, paragraphs stay apart.
    func testParagraphCutInsideAnEngineParagraphIsJoined() {
        let lines = [line("the transfer of toxic organics from the", y: 100, paragraph: 4),
                     line("sludge into soil is of concern for", y: 156, paragraph: 4),
                     line("70,000 cubic metres a day for Jahra and Om Al-", y: 212, size: 48, paragraph: 4),
                     line("Haymann. The sludge is disposed of as liquid", y: 280, paragraph: 4)]
        let metrics = PageMetrics(lines: lines, pageWidth: 2000, pageHeight: 2800, lexicon: nil)
        func blocks(_ hints: [Int]) -> [DraftBlock] {
            let l = lines.enumerated().map { i, line -> TextLine in
                var line = line; line.paragraphHint = hints[i]; return line
            }
            var out = [DraftBlock(kind: .paragraph, text: metrics.textJoin.join([l[0].text, l[1].text]), lines: Array(l[0...1])),
                       DraftBlock(kind: .heading, text: l[2].text, lines: [l[2]]),
                       DraftBlock(kind: .paragraph, text: l[3].text, lines: [l[3]])]
            EngineParagraphs.join(&out, metrics: metrics)
            return out
        }
        let one = blocks([4, 4, 4, 4])
        XCTAssertEqual(one.map(\.block.kind), [.paragraph])
        XCTAssertEqual(one[0].block.box.minY, lines[0].box.minY)
        XCTAssertEqual(one[0].block.box.maxY, lines[3].box.maxY)
        XCTAssertEqual(blocks([4, 4, 5, 5]).map(\.block.kind), [.paragraph, .paragraph], "the first cut is between engine paragraphs")
        XCTAssertEqual(blocks([3, 4, 4, 4]).map(\.block.kind), [.paragraph], "each cut is inside an engine paragraph")
    }

    /// Flush paragraphs with no gap between them: where the engine starts a new paragraph after
    /// a short line, and the next line opens with a capital, quire starts one too. Without the
    /// engine's break, or after a full line, the lines stay one paragraph.
    func testEngineBreakAfterAShortLineSplitsAParagraph() {
        func kinds(_ hints: [Int], short: Bool = true) -> Int {
            var page = OCRPage()
            let texts = [prose(12), prose(12, seed: 1), short ? prose(4, seed: 2) + " here" : prose(12, seed: 2) + " here",
                         "The " + prose(11, seed: 3), prose(12, seed: 4)]
            page.addLines(texts, y: 200)
            for (i, h) in hints.enumerated() { page.lines[i].paragraphHint = h }
            return page.analyze().filter { $0.kind == .paragraph }.count
        }
        XCTAssertEqual(kinds([1, 1, 1, 1, 1]), 1)
        XCTAssertEqual(kinds([1, 1, 1, 2, 2]), 2)
        XCTAssertEqual(kinds([1, 1, 1, 2, 2], short: false), 1)
        // A label on a line of its own, then its title in another engine paragraph: no break.
        let label = TextLine(words: OCRPage.line(["Table", "3"], y: 100, size: 40).words, source: 0, paragraphHint: 1, ink: true)
        let title = TextLine(words: OCRPage.line(["Recoveries", "and", "deviations", "of", "the", "compounds"], y: 156, size: 40).words,
                             source: 1, paragraphHint: 2, ink: true)
        XCTAssertFalse(EngineParagraphs.breaks(before: title, after: label, paragraph: [label], em: 40))
        XCTAssertTrue(EngineParagraphs.breaks(before: title, after: label, paragraph: [title, label], em: 40), "after a full line it is a last line")
    }

    /// A paragraph's lines keep the engine's paragraph; a block with a line that has none has none.
    func testDraftBlockCarriesEngineParagraphs() {
        let a = line("one two", y: 100, paragraph: 5), b = line("three four", y: 160, paragraph: 6)
        XCTAssertEqual(DraftBlock(kind: .paragraph, text: "", lines: [a, b]).engineParagraphs?.first, 5)
        XCTAssertEqual(DraftBlock(kind: .paragraph, text: "", lines: [a, b]).engineParagraphs?.last, 6)
        XCTAssertNil(DraftBlock(kind: .paragraph, text: "", lines: [a, line("five", y: 220, paragraph: nil)]).engineParagraphs)
        // TextLine.make keeps each input line's paragraph on its pieces.
        var input = OCRPage.line(["left", "words", "far", "right"], y: 100, size: 40)
        input.paragraphHint = 9
        XCTAssertTrue(TextLine.make(from: [input], splitGap: 1000).allSatisfy { $0.paragraphHint == 9 })
    }
}
