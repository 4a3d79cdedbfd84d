import DocumentModel
import XCTest
@testable import Layout

/// Titles and headings as a reader points at them (issue 34): a slide's title set as its first
/// bullet, a lead-in word standing alone before a formula, numerators OCR read as a short
/// capitalised line inside an equation.
final class TitleRegionTests: XCTestCase {
    /// A slide opens with its title set as a bullet ("• Human Factors", body size, space below):
    /// a heading. The same bullet line between two paragraphs is no heading: only the line that
    /// opens the page is judged without its bullet.
    func testBulletedLineOpeningThePageIsAHeading() {
        var slide = OCRPage()
        slide.add("• Human Factors", y: 200)
        slide.addLines([prose(12), prose(12, seed: 1), prose(8, seed: 2)], y: 400)
        let blocks = slide.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.heading, .paragraph], "\(blocks.map(\.text))")
        XCTAssertEqual(blocks[0].text, "• Human Factors")

        var inside = OCRPage()
        inside.addLines([prose(12), prose(12, seed: 1), prose(8, seed: 2) + "."], y: 200)
        inside.add("• Human Factors", y: 500)
        inside.addLines([prose(12, seed: 3), prose(12, seed: 4)], y: 700)
        XCTAssertFalse(inside.analyze().contains { $0.kind == .heading }, "\(inside.analyze().map(\.text))")
    }

    /// A capitalised lead-in word standing alone between two display formulas ("Since", "Hence
    /// we have") reads on into the formula: no heading. A short isolated line that ends with a
    /// noun ("Results") stays a heading.
    func testLeadInLineBeforeAFormulaIsNoHeading() {
        for lead in ["Since", "Hence we have", "It follows that"] {
            var page = OCRPage()
            page.addLines([prose(12), prose(12, seed: 1), prose(8, seed: 2) + " to obtain"], y: 200)
            page.add(lead, y: 450)
            page.addLines([prose(12, seed: 3), prose(12, seed: 4)], y: 650)
            let blocks = page.analyze()
            XCTAssertFalse(blocks.contains { $0.kind == .heading }, "\(lead): \(blocks.map(\.kind))")
        }
        var page = OCRPage()
        page.addLines([prose(12), prose(12, seed: 1), prose(8, seed: 2) + "."], y: 200)
        page.add("Results", y: 450)
        page.addLines([prose(12, seed: 3), prose(12, seed: 4)], y: 650)
        XCTAssertEqual(page.analyze().map(\.kind), [.paragraph, .heading, .paragraph])
    }

    /// OCR reads the numerators of a display fraction as a short capitalised line ("Iu uLv")
    /// that the heading rules take; it lies inside the equation's box, so it is part of the
    /// equation. A heading beside the formula (not inside its box) stays.
    func testHeadingInsideAnEquationJoinsIt() {
        func line(_ text: String, x: Int, y: Int) -> TextLine {
            TextLine(words: OCRPage.line(text.split(separator: " ").map(String.init), x: x, y: y, size: 40).words, source: y, ink: true)
        }
        let formula = [line("= uv - v2 + bw, + a=, Wr,", x: 400, y: 1700)]
        let numerators = line("Iu uLv", x: 450, y: 1660)
        var equation = DraftBlock(kind: .equation, text: formula[0].text, lines: formula)
        equation.block.box = Box(x: 400, y: 1630, width: 700, height: 100)
        var blocks = [DraftBlock(kind: .heading, text: numerators.text, lines: [numerators]), equation]
        Equations.absorbPieces(&blocks, em: 40)
        XCTAssertEqual(blocks.map(\.block.kind), [.equation])
        XCTAssertTrue(blocks[0].block.text.hasPrefix("Iu uLv\n"), blocks[0].block.text)
        XCTAssertEqual(blocks[0].block.box, equation.block.box.union(numerators.box))

        let aside = line("Main Results", x: 1300, y: 1700)
        var apart = [DraftBlock(kind: .heading, text: aside.text, lines: [aside]), equation]
        Equations.absorbPieces(&apart, em: 40)
        XCTAssertEqual(apart.map(\.block.kind), [.heading, .equation])
    }

    /// A notice's heading stack: the issuer in capitals, the agency, a bracketed docket line and
    /// the notice's own title in title case over several lines, all at the body size and close
    /// together. The rules take only the first line for a heading; the rest reads as a headline
    /// and joins it: one heading, then the body. A sentence right below a heading, and a smaller
    /// author line below a title, stay apart.
    func testHeadlineStackInTitleCaseIsOneHeading() {
        var notice = OCRPage()
        notice.add("DEPARTMENT OF THE INTERIOR", y: 200)
        notice.addLines(["Bureau of Land Management"], y: 270)
        notice.addLines(["[Docket No. BLM-2024-0001]"], y: 340)
        notice.addLines(["Termination of the Environmental Impact", "Statement for the Farmington Resource", "Management Plan Amendment"],
                        y: 410, pitch: 50)
        notice.addLines(["AGENCY: Bureau of Land Management, " + prose(4), prose(12, seed: 1), prose(12, seed: 2) + "."], y: 620)
        let blocks = notice.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.heading, .paragraph], "\(blocks.map(\.kind)) \(blocks.map(\.text))")
        XCTAssertTrue(blocks[0].text.hasSuffix("Management Plan Amendment"), blocks[0].text)

        XCTAssertTrue(Headlines.isTitleCase("Termination of Preparation of the Environmental impact Statement for the Plan, New Mexico"))
        XCTAssertFalse(Headlines.isTitleCase("We measured the Yield of the Two Methods."))
        XCTAssertFalse(Headlines.isTitleCase("the yield of the two methods over ten years"))
        XCTAssertFalse(Headlines.isTitleCase("Institute for Physics, Stony Brook University, Stony Brook, New York"))
        XCTAssertTrue(Headlines.isBracketed("(BLM NM FRN MO4500178179)"))

        var sentence = OCRPage()
        sentence.add("DEPARTMENT OF THE INTERIOR", y: 200)
        sentence.addLines(["The Bureau of Land Management Terminates the", "Environmental Impact Statement Today."], y: 270)
        XCTAssertEqual(sentence.analyze().map(\.kind), [.heading, .paragraph])

        var paper = OCRPage()
        paper.add("Stochastic Models of River Flow", y: 200, size: 64)
        paper.add("Anna Berger Michael Dunn", y: 290, size: 40)
        paper.addLines([prose(12), prose(12, seed: 1), prose(12, seed: 2) + "."], y: 420)
        XCTAssertEqual(paper.analyze().first?.text, "Stochastic Models of River Flow", "\(paper.analyze().map(\.text))")
    }

    /// OCR can stretch a line's boxes to twice its type's height (a re-read line's box reaching up
    /// to the line above, in a run of lines at the normal pitch): the ink sizes then say "larger
    /// than the body", but the letters are as wide as the body's. Such a line is no heading; a
    /// line set larger, with wider letters, is.
    func testLineWithStretchedBoxesButBodyWideLettersIsNoHeading() {
        var page = OCRPage()
        page.addLines([prose(12), prose(12, seed: 1), prose(8, seed: 2) + "."], y: 200)
        var stretched = OCRPage.line(["Fuzzy", "problem-solving", "ability"], y: 368, size: 40)
        stretched.words = stretched.words.map { w in
            Word(text: w.text, confidence: w.confidence, box: Box(x: w.box.x, y: w.box.maxY - 2 * w.box.height, width: w.box.width, height: 2 * w.box.height))
        }
        stretched = Line(text: stretched.text, confidence: 90, box: Box.enclosing(stretched.words.map(\.box))!, words: stretched.words, stage: .accurate)
        page.lines.append(stretched)
        page.addLines([prose(12, seed: 3), prose(12, seed: 4) + "."], y: 424)
        XCTAssertFalse(page.analyze().contains { $0.kind == .heading }, "\(page.analyze().map(\.kind))")

        var larger = OCRPage()
        larger.addLines([prose(12), prose(12, seed: 1), prose(8, seed: 2) + "."], y: 200)
        larger.add("Fuzzy problem-solving ability", y: 500, size: 60)
        larger.addLines([prose(12, seed: 3), prose(12, seed: 4) + "."], y: 640)
        XCTAssertEqual(larger.analyze().map(\.kind), [.paragraph, .heading, .paragraph])
    }
}
