import DocumentModel
import XCTest
@testable import Layout

final class HeadingTests: XCTestCase {
    func testLargerFontIsHeadingWithLevelsFromSizeClusters() {
        var page = SyntheticPage()
        page.add("Document Title", x: 100, y: 60, size: 40)
        page.add("First Section", x: 100, y: 140, size: 30)
        page.addLines([prose(10), prose(9, seed: 1)], x: 100, y: 200)
        page.add("A Subsection", x: 100, y: 280, size: 24)
        page.addLines([prose(10, seed: 2), prose(9, seed: 3)], x: 100, y: 330)
        page.add("Second Section", x: 100, y: 420, size: 30)
        page.addLines([prose(10, seed: 4)], x: 100, y: 480)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.title, .heading, .paragraph, .heading, .paragraph, .heading, .paragraph])
        XCTAssertEqual(blocks.map(\.level), [nil, 1, nil, 2, nil, 1, nil])
    }

    func testBoldBodySizeLineIsHeading() {
        var page = SyntheticPage()
        page.addLines([prose(10), prose(9, seed: 1)], x: 100, y: 100)
        page.add("Bold Run In Heading", x: 100, y: 170, bold: true)
        page.addLines([prose(10, seed: 2), prose(9, seed: 3)], x: 100, y: 200)
        let kinds = page.analyze().map(\.kind)
        XCTAssertEqual(kinds, [.paragraph, .heading, .paragraph], "a bold body-size heading is never the title")
    }

    func testOCRLineHeightHeadingWithoutFontSizes() {
        var page = SyntheticPage()
        page.withFontSizes = false
        page.add("Big Heading", x: 100, y: 100, size: 34)
        page.addLines([prose(10), prose(9, seed: 1), prose(8, seed: 2)], x: 100, y: 160)
        page.add("Smaller Heading", x: 100, y: 260, size: 28)
        page.addLines([prose(10, seed: 3), prose(9, seed: 4)], x: 100, y: 310)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.title, .paragraph, .heading, .paragraph])
    }

    func testMultiLineHeadingIsOneBlock() {
        var page = SyntheticPage()
        page.add("A Long Heading That", x: 100, y: 100, size: 30)
        page.add("Wraps Onto Two Lines", x: 100, y: 134, size: 30)
        page.addLines([prose(10), prose(9, seed: 1)], x: 100, y: 200)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.count, 2)
        XCTAssertEqual(blocks[0].text, "A Long Heading That Wraps Onto Two Lines")
    }

    func testTitleAtMostOncePerDocument() {
        func page(_ title: String) -> LayoutInput {
            var p = SyntheticPage()
            p.add(title, x: 100, y: 100, size: 40)
            p.addLines([prose(10), prose(9, seed: 1)], x: 100, y: 180)
            return p.input
        }
        let pages = LayoutAnalyzer.analyzeDocument(pages: [page("Title Of Report"), page("Another Big Line")])
        let titles = pages.flatMap { $0 }.filter { $0.kind == .title }
        XCTAssertEqual(titles.map(\.text), ["Title Of Report"])
        XCTAssertEqual(pages[1][0].kind, .heading)
        XCTAssertEqual(pages[1][0].level, 1)
        XCTAssertFalse(LayoutAnalyzer.analyze(page: page("Rerun Page"), isFirstPage: false).contains { $0.kind == .title })
    }

    func testTitleSharingItsSizeWithSectionHeadingsWinsWhenItOpensThePage() {
        var page = SyntheticPage()
        page.add("Quarterly Operations Report", x: 100, y: 60, size: 30)
        page.add("Summary", x: 100, y: 140, size: 30)
        page.addLines([prose(10), prose(9, seed: 1)], x: 100, y: 200)
        page.add("Outlook", x: 100, y: 290, size: 30)
        page.addLines([prose(10, seed: 2)], x: 100, y: 350)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.title, .heading, .paragraph, .heading, .paragraph])
        XCTAssertEqual(blocks[0].text, "Quarterly Operations Report")
    }

    func testSameSizeHeadingBelowProseIsNotATitle() {
        var page = SyntheticPage()
        page.addLines([prose(10), prose(9, seed: 1)], x: 100, y: 60)
        page.add("First Section", x: 100, y: 140, size: 30)
        page.addLines([prose(10, seed: 2)], x: 100, y: 200)
        page.add("Second Section", x: 100, y: 260, size: 30)
        page.addLines([prose(10, seed: 3)], x: 100, y: 320)
        XCTAssertFalse(page.analyze().contains { $0.kind == .title })
    }
}

/// Headings on OCR pages: sizes from ink boxes, robust to one tall box; section-number levels.
final class OCRHeadingTests: XCTestCase {
    func testTallOCRBoxIsNotAHeading() {
        var page = OCRPage()
        var y = page.addLines([prose(9), prose(9, seed: 1)], y: 200)
        // A body line where OCR merged a superscript into one word: that box is 2.5× as tall.
        var tall = OCRPage.line(["the", "Higgs", "boson", "decays", "into", "pairs"], y: y, size: 40)
        tall.words[2].box = Box(x: tall.words[2].box.x, y: tall.words[2].box.y - 60,
                                width: tall.words[2].box.width, height: tall.words[2].box.height + 60)
        tall.box = Box.enclosing(tall.words.map(\.box))!
        page.lines.append(tall)
        y += 56
        y = page.addLines([prose(9, seed: 2)], y: y)
        // A short last line whose only tall box is its one word.
        var lone = OCRPage.line(["Result"], y: y, size: 40)
        lone.words[0].box = Box(x: lone.words[0].box.x, y: lone.words[0].box.y - 40,
                                width: lone.words[0].box.width, height: lone.words[0].box.height + 40)
        lone.box = lone.words[0].box
        page.lines.append(lone)
        let blocks = page.analyze()
        XCTAssertFalse(blocks.contains { $0.kind == .heading || $0.kind == .title }, "\(blocks.map(\.kind))")
        XCTAssertEqual(blocks.count, 1, "one paragraph")
    }

    /// A heading numbered with a letter ("C. The slender shape function") set right below a
    /// paragraph that ends a sentence, without space, is a heading; after a line that stops
    /// mid-sentence the same words continue the paragraph.
    func testLetterNumberedHeadingAfterASentence() {
        var page = OCRPage()
        page.addLines([prose(14), prose(14, seed: 1), prose(6, seed: 2) + "."], y: 200)
        page.add("C. The slender shape function", y: 200 + 3 * 56)
        page.addLines([prose(14, seed: 3), prose(9, seed: 4)], y: 200 + 4 * 56 + 30)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .heading, .paragraph])
        XCTAssertEqual(blocks[1].text, "C. The slender shape function")
        var running = OCRPage()
        running.addLines([prose(14), prose(14, seed: 1) + ","], y: 200)
        running.add("C. The slender shape function", y: 200 + 2 * 56)
        XCTAssertEqual(running.analyze().count, 1)
    }

    /// A numbered heading in small capitals wraps onto a short centred line: one heading. In
    /// small capitals only each word's first letter is a full capital, so a two-word line's
    /// median box is taller than the first line's; the robust sizes agree.
    func testSmallCapitalsHeadingOnTwoLines() {
        var page = OCRPage()
        let y = page.addLines([prose(12), prose(12, seed: 1)], y: 200)
        func smallCaps(_ words: [String], x: Int, y: Int) -> Line {
            var line = OCRPage.line(words, x: x, y: y, size: 30)
            for k in line.words.indices where k % 3 == 0 {   // every third word's box shows a full capital
                let b = line.words[k].box
                line.words[k].box = Box(x: b.x, y: b.y - 8, width: b.width, height: b.height + 8)
            }
            line.box = Box.enclosing(line.words.map(\.box))!
            return line
        }
        page.lines.append(smallCaps(["2.", "CLONES", "OF", "ANALYTIC", "AND", "ORDERED", "MAPS,", "EXAMPLES", "TO"], x: 110, y: y + 60))
        page.lines.append(smallCaps(["BANACH’S", "CLAIM"], x: 700, y: y + 100))
        page.addLines([prose(12, seed: 2), prose(12, seed: 3)], y: y + 200)
        let headings = page.analyze().filter { $0.kind == .heading }
        XCTAssertEqual(headings.map(\.text), ["2. CLONES OF ANALYTIC AND ORDERED MAPS, EXAMPLES TO BANACH’S CLAIM"])
    }

    func testEquationLineIsNotAHeading() {
        var page = OCRPage()
        let y = page.addLines([prose(9), prose(9, seed: 1)], y: 200)
        page.add("E = mc2 (4)", x: 700, y: y + 60, size: 60)
        page.addLines([prose(9, seed: 2), prose(9, seed: 3)], y: y + 160)
        XCTAssertFalse(page.analyze().contains { $0.kind == .heading })
    }

    /// A receipt prints item, total and change lines in double-width capitals: large, but a line
    /// that closes on an amount is no heading. The store's name above them still is.
    func testLargeLineEndingWithAnAmountIsNotAHeading() {
        var page = OCRPage()
        page.add("CORNER BAKERY", x: 300, y: 100, size: 60)
        var y = page.addLines(["Receipt no 4471 counter two", "Cashier Ann served today"], y: 200)
        page.add("1 EUROPEAN WALNUT 6.50 T", x: 100, y: y + 60, size: 60)
        page.add("CHANGE RM7,70", x: 100, y: y + 160, size: 60)
        y = page.addLines(["Prices include service tax", "Thank you for coming"], y: y + 260)
        let blocks = page.analyze()
        XCTAssertTrue([.title, .heading].contains(blocks.first?.kind), "the store's name stays a heading")
        XCTAssertFalse(blocks.contains { ($0.kind == .heading || $0.kind == .title) && $0.text.contains("WALNUT") })
        XCTAssertFalse(blocks.contains { ($0.kind == .heading || $0.kind == .title) && $0.text.contains("CHANGE") })
        XCTAssertTrue(Headings.endsWithAmount(TextLine(words: OCRPage.line(["TOTAL", "SAVING:", "RM", "5.30"], x: 0, y: 0, size: 30).words, source: 0)))
        XCTAssertFalse(Headings.endsWithAmount(TextLine(words: OCRPage.line(["2.1", "Results", "for", "2020"], x: 0, y: 0, size: 30).words, source: 0)))
    }

    func testNumberedHeadingLevelsAtBodySize() {
        var page = OCRPage()
        var y = 200
        for heading in ["2 Methods", "2.1 Sampling Design", "2.1.3 Field Notes", "III. Results"] {
            page.add(heading, y: y)
            y = page.addLines([prose(9, seed: y), prose(9, seed: y + 1)], y: y + 70) + 30
        }
        let headings = page.analyze().filter { $0.kind == .heading }
        XCTAssertEqual(headings.map(\.text), ["2 Methods", "2.1 Sampling Design", "2.1.3 Field Notes", "III. Results"])
        XCTAssertEqual(headings.map(\.level), [1, 2, 3, 1])
    }

    func testNumberedListOfCapitalisedItemsStaysAList() {
        var page = OCRPage()
        let y = page.addLines([prose(9), prose(9, seed: 1)], y: 200)
        page.addLines(["1. Compute the mean", "2. Sort the values", "3. Report the median"], y: y + 20)
        let kinds = page.analyze().map(\.kind)
        XCTAssertEqual(kinds, [.paragraph, .list])
    }
}

/// Title pages on OCR pages: blocks set larger than the body that are no headings.
final class TitlePageTests: XCTestCase {
    private func centred(_ text: String, centre: Int, y: Int, size: Double) -> Line {
        let probe = OCRPage.line(text.split(separator: " ").map(String.init), x: 0, y: y, size: size)
        return OCRPage.line(text.split(separator: " ").map(String.init), x: centre - probe.box.width / 2, y: y, size: size)
    }

    /// Centred affiliation lines a little larger than the body: the widest, last one (space
    /// below it, none above) is set like the lines above and is their paragraph's last line, not
    /// a heading; being wider it starts further left, which is no outdent either.
    func testLastLineOfALargerCentredBlockIsNoHeading() {
        var page = OCRPage()
        page.lines.append(centred("Hualong Gervais", centre: 1000, y: 300, size: 48))
        page.lines.append(centred("Yang Institute for Theoretical Physics", centre: 1000, y: 370, size: 48))
        page.lines.append(centred("and Department of Physics", centre: 1000, y: 436, size: 48))
        page.lines.append(centred("Stony Brook University, Stony Brook, New York, USA", centre: 1000, y: 502, size: 48))
        page.addLines((0..<8).map { prose(14, seed: $0) }, x: 300, y: 700)
        let blocks = page.analyze()
        let affiliation = blocks.first { $0.text.hasPrefix("Yang") }
        XCTAssertEqual(affiliation?.kind, .paragraph)
        XCTAssertEqual(affiliation?.text.hasSuffix("New York, USA"), true, "\(blocks.map(\.text))")
        XCTAssertFalse(blocks.contains { $0.text.hasPrefix("Stony") })
    }
}
