import DocumentModel
import XCTest
@testable import Layout

final class ParagraphTests: XCTestCase {
    func testVerticalGapSplitsParagraphs() {
        var page = SyntheticPage()
        var y = page.addLines([prose(10), prose(10, seed: 1), prose(6, seed: 2)], x: 100, y: 100)
        y += 14
        page.addLines([prose(10, seed: 3), prose(5, seed: 4)], x: 100, y: y)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .paragraph])
        XCTAssertEqual(blocks[1].text, prose(10, seed: 3) + " " + prose(5, seed: 4))
    }

    func testFirstLineIndentStartsParagraphWithoutGap() {
        var page = SyntheticPage()
        page.add(prose(9), x: 130, y: 100)
        page.add(prose(10, seed: 1), x: 100, y: 124)
        page.add(prose(4, seed: 2), x: 100, y: 148)
        page.add(prose(9, seed: 3), x: 130, y: 172)
        page.add(prose(10, seed: 4), x: 100, y: 196)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.count, 2)
        XCTAssertTrue(blocks[1].text.hasPrefix(prose(9, seed: 3)))
    }

    func testCentredLinesAreNotIndents() {
        var page = SyntheticPage()
        page.add("a centred line of some length here", x: 300, y: 100)
        page.add("shorter centred", x: 385, y: 124)
        XCTAssertEqual(page.analyze().count, 1)
    }

    func testHyphenatedLineEndsAreJoined() {
        XCTAssertEqual(TextJoin().join(["the infor-", "mation is here"]), "the information is here")
        XCTAssertEqual(TextJoin().join(["meet Jean-", "Paul today"]), "meet Jean-Paul today")
        XCTAssertEqual(TextJoin().join(["the COVID-", "19 wave"]), "the COVID-19 wave")
        XCTAssertEqual(TextJoin().join(["soft\u{00AD}", "hyphen"]), "softhyphen")
        XCTAssertEqual(TextJoin().join(["a pause —", "then more"]), "a pause — then more")
        XCTAssertEqual(TextJoin().join(["ends with -", "dash"]), "ends with - dash")
        var page = SyntheticPage()
        page.addLines(["this carries infor-", "mation across lines"], x: 100, y: 100)
        XCTAssertEqual(page.analyze()[0].text, "this carries information across lines")
    }

    /// A line whose first letters OCR lost starts right of the paragraph's edge; the next line,
    /// back at the edge, is no outdent (the edge is where the paragraph's lines start).
    func testLineBackAtTheEdgeAfterALossyStartIsNoOutdent() {
        var page = SyntheticPage()
        let line = prose(12)
        page.addLines([line, line], x: 100, y: 100)
        page.add(String(line.dropFirst(2)), x: 120, y: 148) // "the …" read as "e …": same right end
        page.addLines([line, prose(6, seed: 4)], x: 100, y: 172)
        XCTAssertEqual(page.analyze().count, 1)
    }

    /// A line of prose with inline formulas that fills the paragraph's measure is no display
    /// equation: the paragraph goes on through it.
    func testProseLineWithInlineMathStaysInTheParagraph() {
        var page = SyntheticPage()
        page.addLines([prose(5), prose(5, seed: 1)], x: 100, y: 100)
        let math = "109 < T < Tn, or from a (1 − T/Tn) ≤ 0.085. The"
        page.add(math, x: 100, y: 148)
        page.addLines([prose(5, seed: 3), prose(3, seed: 4)], x: 100, y: 172)
        XCTAssertTrue(Equations.isDisplay(TextLine(words: page.lines[2].words, source: 0)), "the rule is needed")
        XCTAssertGreaterThanOrEqual(page.lines[2].box.maxX, page.lines[0...1].map(\.box.maxX).max()!)
        XCTAssertEqual(page.analyze().map(\.kind), [.paragraph])
        // Set apart (centred, narrower than the measure), the same line is an equation.
        var set = SyntheticPage()
        set.addLines([prose(9), prose(9, seed: 1)], x: 100, y: 100)
        set.add(math, x: 200, y: 148)
        set.addLines([prose(9, seed: 3), prose(3, seed: 4)], x: 100, y: 172)
        XCTAssertEqual(set.analyze().map(\.kind), [.paragraph, .equation, .paragraph])
    }

    /// A paragraph ends with a sentence: a line shifted right after a full line that stops
    /// mid-sentence lost its first words to OCR and is no first-line indent. After a full line
    /// ending with a number (a contents entry) the shift still starts a new block.
    func testShiftAfterAFullLineStoppingMidSentenceIsNoIndent() {
        var page = SyntheticPage()
        let line = prose(12) // ends with a word: mid-sentence
        page.addLines([line, line], x: 100, y: 100)
        let lost = line.split(separator: " ").dropFirst(2).joined(separator: " ")
        page.add(lost, x: 100 + (line.count - lost.count) * 10, y: 148)
        page.addLines([line, prose(5, seed: 4) + "."], x: 100, y: 172)
        XCTAssertEqual(page.analyze().count, 1)

        var contents = SyntheticPage() // entries set right to the same page-number column
        contents.add("2 Expansion of the elastic amplitude and the rest 5", x: 100, y: 100)
        contents.add("2.1 Power counting of the amplitude 6", x: 100, y: 124)
        let shift = contents.lines[0].box.maxX - contents.lines[1].box.maxX
        contents.lines[1] = Line(text: contents.lines[1].text, confidence: 95, box: contents.lines[1].box.offsetBy(shift),
                                 words: contents.lines[1].words.map { w in var w = w; w.box = w.box.offsetBy(shift); return w }, stage: .textLayer)
        XCTAssertGreaterThan(contents.lines[1].box.minX, 140)
        XCTAssertEqual(contents.analyze().count, 2)
    }

    func testParagraphsSwitchOffGivesOneBlockPerLine() {
        var page = SyntheticPage()
        page.options.paragraphs = false
        page.addLines([prose(10), prose(10, seed: 1), prose(6, seed: 2)], x: 100, y: 100)
        XCTAssertEqual(page.analyze().count, 3)
    }

    func testCaption() {
        var page = SyntheticPage()
        page.addLines([prose(10), prose(6, seed: 1)], x: 100, y: 100)
        page.add("Figure 3: the measured results", x: 100, y: 190)
        XCTAssertEqual(page.analyze().map(\.kind), [.paragraph, .caption])
    }
}

/// Paragraph, equation and footnote rules on OCR-like pages (ink boxes, no font sizes).
final class OCRParagraphTests: XCTestCase {
    func testIndentEndsAParagraphWithoutAGap() {
        var page = OCRPage()
        page.addLines([prose(14), prose(14, seed: 1), prose(12, seed: 2)], y: 200)
        page.add(prose(13, seed: 3), x: 160, y: 200 + 3 * 56)
        page.addLines([prose(14, seed: 4), prose(9, seed: 5)], y: 200 + 4 * 56)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .paragraph])
        XCTAssertEqual(blocks.map { $0.text.split(separator: " ").count }, [14 + 14 + 12, 13 + 14 + 9])
    }

    func testShortLastLineFollowedByANewStartEndsAParagraph() {
        var page = OCRPage()
        page.addLines([prose(14), prose(14), prose(14), "the end of it."], y: 200)
        page.addLines(["Then " + prose(13, seed: 3), prose(14, seed: 4)], y: 200 + 4 * 56)
        XCTAssertEqual(page.analyze().map(\.kind), [.paragraph, .paragraph])
    }

    /// On a till receipt (a page about 25 body sizes wide) a line with "=" is a label and an
    /// amount, not a display formula; the same line on a page-wide layout is one.
    func testNoDisplayFormulaOnAReceiptWidePage() {
        func kinds(width: Int) -> [BlockKind] {
            var page = OCRPage()
            page.width = width
            page.addLines(["SUBTOTAL 35.48", "ROUNDING 0.02"], y: 200)
            page.add("= 37.92 2.44", x: 300, y: 360)
            page.addLines(["THANK YOU", "PLEASE COME AGAIN"], y: 460)
            return page.analyze().map(\.kind)
        }
        XCTAssertFalse(kinds(width: 1000).contains(.equation), "\(kinds(width: 1000))")
        XCTAssertTrue(kinds(width: 2400).contains(.equation), "\(kinds(width: 2400))")
    }

    func testDisplayEquationIsItsOwnBlock() {
        var page = OCRPage()
        page.addLines([prose(14), prose(12, seed: 1)], y: 200)
        page.add("A(t + 1) < 4pT = AnpSP (4 + 62c) (165)", x: 500, y: 360)
        page.addLines(["where " + prose(12, seed: 2), prose(14, seed: 3)], y: 460)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .equation, .paragraph])
        XCTAssertEqual(blocks[1].text, "A(t + 1) < 4pT = AnpSP (4 + 62c) (165)")
        XCTAssertFalse(Equations.isDisplay(TextLine(words: OCRPage.line(["Moment", "along", "a", "3.13", "(8)", "3.33", "(7)"], y: 100, size: 40).words,
                                                    source: 0, ink: true)), "a table row of values with uncertainties")
    }

    func testSmallTextAtThePageBottomIsAFootnote() {
        var page = OCRPage()
        page.addLines((0..<6).map { prose(14, seed: $0) }, y: 1500)
        page.addLines(["1 " + prose(14, seed: 7), prose(10, seed: 8)], y: 2500, pitch: 40, size: 28)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .footnote])
    }

    /// OCR stretched most word boxes of a line (up and down, 2.5×) to its formula's height: the
    /// letters are as wide as the line before, so the style did not change, and the gaps measured
    /// between the boxes' middles are normal: the paragraph goes on.
    func testStretchedWordBoxesDoNotEndAParagraph() {
        var page = OCRPage()
        page.addLines([prose(14), prose(14, seed: 1)], y: 200)
        var stretched = OCRPage.line(prose(14, seed: 2).split(separator: " ").map(String.init), y: 200 + 2 * 56, size: 40)
        for k in stretched.words.indices where k % 4 != 0 {
            let b = stretched.words[k].box
            stretched.words[k].box = Box(x: b.x, y: b.y - b.height * 3 / 4, width: b.width, height: b.height * 5 / 2)
        }
        stretched.box = Box.enclosing(stretched.words.map(\.box))!
        page.lines.append(stretched)
        page.addLines([prose(14, seed: 3), prose(9, seed: 4)], y: 200 + 3 * 56)
        XCTAssertEqual(page.analyze().map(\.kind), [.paragraph])
    }

    /// A formula's tall parentheses hang well below their line, so the next line's baseline is
    /// set further down; the ink of the two lines is as close as normal lines' is: one paragraph.
    func testTallGlyphsThatSpreadTheLinesDoNotEndAParagraph() {
        var page = OCRPage()
        page.addLines([prose(14), prose(14, seed: 1)], y: 200)
        var formula = OCRPage.line(prose(12, seed: 2).split(separator: " ").map(String.init), y: 312, size: 40)
        let b = formula.words[5].box
        formula.words[5].box = Box(x: b.x, y: b.y, width: b.width, height: 312 + 32 - b.y) // down to 0.8 em below the baseline
        formula.box = Box.enclosing(formula.words.map(\.box))!
        page.lines.append(formula)
        page.addLines([prose(14, seed: 3), prose(9, seed: 4)], y: 312 + 56 + 24)
        XCTAssertEqual(page.analyze().map(\.kind), [.paragraph])
        // Without the hanging glyph, the same extra space is a paragraph break.
        var plain = OCRPage()
        plain.addLines([prose(14), prose(14, seed: 1), prose(12, seed: 2)], y: 200)
        plain.addLines([prose(14, seed: 3), prose(9, seed: 4)], y: 312 + 56 + 24)
        XCTAssertEqual(plain.analyze().count, 2)
    }

    /// A real change of type size changes the letters' width too: the paragraph ends.
    func testSmallerTypeEndsAParagraphWithoutAGap() {
        var page = OCRPage()
        page.addLines([prose(14), prose(14, seed: 1), prose(14, seed: 2)], y: 200)
        page.addLines([prose(16, seed: 3), prose(16, seed: 4)], y: 200 + 3 * 56 - 10, pitch: 40, size: 28)
        XCTAssertEqual(page.analyze().count, 2)
    }
}

private extension Box {
    func offsetBy(_ dx: Int) -> Box { Box(x: x + dx, y: y, width: width, height: height) }
}
