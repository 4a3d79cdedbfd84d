import DocumentModel
import XCTest
@testable import Layout

/// One region per thing a reader points at (issue 34): headline stacks, numbered lines that
/// read on, tables the rules cut inside one engine table, lists inside an engine paragraph,
/// captions above their figure, and boxes that reach the type's body.
final class ReaderRegionTests: XCTestCase {
    private func words(_ page: [Block], _ kind: BlockKind) -> [String] { page.filter { $0.kind == kind }.map(\.text) }

    /// A headline set in three larger lines, each a little apart (more than a heading's own line
    /// gap): one heading. Numbered headings in a row ("2 Methods" / "2.1 Data") stay two.
    func testStackedHeadingLinesAreOneHeading() {
        var page = OCRPage()
        page.addLines([prose(12), prose(12, seed: 1)], y: 200)
        page.addLines(["Department of the Interior", "Bureau of Land Management", "Notice of Termination"], y: 400, pitch: 110, size: 60)
        page.addLines([prose(12, seed: 2), prose(12, seed: 3), prose(6, seed: 4)], y: 800)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .heading, .paragraph], "\(blocks.map(\.text))")
        XCTAssertEqual(blocks[1].text, "Department of the Interior Bureau of Land Management Notice of Termination")

        var numbered = OCRPage()
        numbered.addLines([prose(12), prose(12, seed: 1)], y: 200)
        numbered.addLines(["2 Methods and data", "2.1 Data sources"], y: 400, pitch: 110, size: 60)
        numbered.addLines([prose(12, seed: 2), prose(12, seed: 3)], y: 700)
        XCTAssertEqual(numbered.analyze().map(\.kind), [.paragraph, .heading, .heading, .paragraph])

        // A centred title over a flush-left section heading of its size: two headings.
        var titled = OCRPage()
        titled.add("Quarterly Operations Report", x: 600, y: 200, size: 60)
        titled.add("Summary of results", x: 100, y: 310, size: 60)
        titled.addLines([prose(12, seed: 2), prose(12, seed: 3)], y: 420)
        XCTAssertEqual(titled.analyze().map(\.kind), [.heading, .heading, .paragraph])
    }

    /// A question's numbered first line ("4. Emilia used …") looks like a section heading, but
    /// its sentence runs on into a lowercase line right below it: one paragraph, even where the
    /// engine put the two lines in different paragraphs. A real heading above a capitalised
    /// sentence stays.
    func testNumberedLineRunningOnIntoLowercaseIsNoHeading() {
        var page = OCRPage()
        page.add("4. Emilia used 4 of her 8 stamps to mail", y: 200)
        page.add("letters. Which fraction is less than half?", y: 256)
        page.lines[0].paragraphHint = 1; page.lines[1].paragraphHint = 2
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph], "\(blocks.map(\.text))")
        XCTAssertTrue(blocks[0].text.hasPrefix("4. Emilia used"))

        var heading = OCRPage()
        heading.add("4. Results of the survey", y: 200)
        heading.addLines(["We counted " + prose(9), prose(12, seed: 1)], y: 300)
        XCTAssertEqual(heading.analyze().map(\.kind), [.heading, .paragraph])
    }

    /// The same when reading order put the heading before another column's paragraph: the
    /// lowercase line right under it still joins it; the other column's paragraph stays.
    func testNumberedLineJoinsTheParagraphRightUnderItWhereverItIsRead() {
        func line(_ text: String, x: Int, y: Int, paragraph: Int) -> TextLine {
            TextLine(words: OCRPage.line(text.split(separator: " ").map(String.init), x: x, y: y, size: 40).words, source: y,
                     paragraphHint: paragraph, ink: true)
        }
        let lead = line("4. Emilia used 4 of her 8 stamps to mail", x: 1100, y: 200, paragraph: 1)
        let other = [line("Read each question and fill in", x: 100, y: 300, paragraph: 2),
                     line("the answer on the sheet given.", x: 100, y: 356, paragraph: 2)]
        let under = line("letters. Which fraction is less than half?", x: 1100, y: 256, paragraph: 3)
        let metrics = PageMetrics(lines: [lead, under] + other, pageWidth: 2000, pageHeight: 2800, lexicon: nil)
        var blocks = [DraftBlock(kind: .heading, text: lead.text, lines: [lead]),
                      DraftBlock(kind: .paragraph, text: metrics.textJoin.join(other.map(\.text)), lines: other),
                      DraftBlock(kind: .paragraph, text: under.text, lines: [under])]
        EngineParagraphs.join(&blocks, metrics: metrics)
        XCTAssertEqual(blocks.map(\.block.kind), [.paragraph, .paragraph])
        XCTAssertTrue(blocks[0].block.text.hasPrefix("4. Emilia used 4 of her 8 stamps to mail letters."), blocks[0].block.text)
        XCTAssertEqual(blocks[0].block.box, lead.box.union(under.box))
        XCTAssertTrue(blocks[1].block.text.hasPrefix("Read each question"))
    }

    /// A numbered line with a sentence ending inside it ("11. Proof. Define …") is a numbered
    /// paragraph, not a section heading; section titles with several numbers are headings.
    func testSentenceEndingInsideANumberedLineIsNoSectionHeading() {
        func line(_ text: String) -> TextLine {
            TextLine(words: OCRPage.line(text.split(separator: " ").map(String.init), y: 100, size: 40).words, source: 0, ink: true)
        }
        XCTAssertNil(Headings.sectionDepth(line("11. Proof. Define the operator")))
        XCTAssertEqual(Headings.sectionDepth(line("2.9. Removal of sulfur and lipids")), 2)
        XCTAssertEqual(Headings.sectionDepth(line("3. Results and discussion")), 1)
        XCTAssertEqual(Headings.sectionDepth(line("4 Comparison with Fig. 2 of the model")), 1, "a short abbreviation is no sentence end")
    }

    private func table(rows: Int, columns: Int, y: Int, rowHeight: Int = 50) -> Block {
        var cells: [TableCell] = []
        for r in 0..<rows {
            for c in 0..<columns {
                cells.append(TableCell(row: r, column: c, text: "r\(r)c\(c)",
                                       box: Box(x: 100 + 200 * c, y: y + r * rowHeight, width: 150, height: rowHeight - 10)))
            }
        }
        var block = Block(kind: .table, readingOrder: 0, text: "t",
                          box: Box.enclosing(cells.map(\.box))!)
        block.tableCells = cells; block.rowCount = rows; block.columnCount = columns
        return block
    }

    /// The rules cut one table under its header rows (a ruling across it); the engine saw one
    /// table block around both: one table, the body's rows after the header's. Without an engine
    /// table around both, or with prose between, they stay apart.
    func testTableCutInsideOneEngineTableIsOneTable() {
        let head = table(rows: 2, columns: 3, y: 100), body = table(rows: 4, columns: 4, y: 220)
        let engine = RegionHint(kind: .table, box: Box(x: 90, y: 90, width: 800, height: 360), index: 3)
        var blocks = [DraftBlock(block: head, size: 20), DraftBlock(block: body, size: 20)]
        EngineTables.join(&blocks, regions: [engine], em: 20)
        XCTAssertEqual(blocks.count, 1)
        let one = blocks[0].block
        XCTAssertEqual(one.rowCount, 6)
        XCTAssertEqual(one.columnCount, 4)
        XCTAssertEqual(one.box, head.box.union(body.box))
        XCTAssertEqual(one.tableCells.count, 6 + 16)
        XCTAssertEqual(one.tableCells.first { $0.text == "r0c0" && $0.box.minY == 220 }?.row, 2, "the body's first row follows the header's")

        var apart = [DraftBlock(block: head, size: 20), DraftBlock(block: body, size: 20)]
        EngineTables.join(&apart, regions: [RegionHint(kind: .text, box: engine.box, index: 3)], em: 20)
        XCTAssertEqual(apart.count, 2, "only an engine table joins")
        let prose = DraftBlock(block: Block(kind: .paragraph, readingOrder: 0, text: "p", box: Box(x: 100, y: 205, width: 500, height: 10)))
        var between = [DraftBlock(block: head, size: 20), prose, DraftBlock(block: body, size: 20)]
        EngineTables.join(&between, regions: [engine], em: 20)
        XCTAssertEqual(between.count, 3)
    }

    /// Tesseract often puts a paragraph and the list that follows it in one engine paragraph;
    /// the list is its own region, its items inside it.
    func testListThatTheEngineMergesWithAParagraphIsItsOwnRegion() {
        var page = OCRPage()
        page.addLines([prose(12), prose(12, seed: 1), "the following tools are needed for it:"], y: 200)
        page.addLines(["• a ruler with marks", "• a sharp pencil", "• an eraser for errors"], y: 368)
        for i in page.lines.indices { page.lines[i].paragraphHint = 1 }
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .list], "\(blocks.map(\.text))")
        XCTAssertEqual(blocks[1].listItems.map(\.text), ["a ruler with marks", "a sharp pencil", "an eraser for errors"])
        XCTAssertLessThanOrEqual(blocks[0].box.maxY, blocks[1].box.minY)
    }

    /// A caption set above its figure ("Figure 3." then the chart) is a caption block of its own,
    /// linked to the figure below it, and not part of the figure.
    func testCaptionAboveItsFigureIsLinkedToIt() {
        var page = OCRPage()
        page.addLines([prose(12), prose(12, seed: 1)], y: 200)
        page.add("Figure 3. Yield of the two methods over ten years.", y: 400)
        let chart = Box(x: 300, y: 460, width: 900, height: 500)
        page.figures = [chart]
        page.add("100", x: 320, y: chart.minY + 60)
        page.add("50", x: 320, y: chart.minY + 300)
        page.addLines([prose(12, seed: 3), prose(12, seed: 4)], y: chart.maxY + 150)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .caption, .figure, .paragraph], "\(blocks.map(\.text))")
        XCTAssertEqual(blocks[1].captionOf, blocks[2].readingOrder)
        XCTAssertFalse(blocks[2].text.contains("Figure 3"))
        XCTAssertLessThan(blocks[1].box.maxY, chart.minY + 1)
    }

    /// On an OCR page a text block's box reaches the type's body: its words' ink boxes grown
    /// alike on every side by a small share of the body size. A figure keeps its picture's box;
    /// a text layer's font boxes stay as they are.
    func testTextBlockBoxesReachTheTypeBody() {
        var page = OCRPage()
        page.addLines([prose(12), prose(12, seed: 1), prose(8, seed: 2)], y: 200)
        let ink = Box.enclosing(page.lines.flatMap { $0.words.map(\.box) })!
        let block = page.analyze()[0]
        let m = ink.minX - block.box.minX
        XCTAssertGreaterThan(m, 0)
        XCTAssertLessThanOrEqual(Double(m), 0.2 * 40)
        XCTAssertEqual(block.box, Box(x: ink.x - m, y: ink.y - m, width: ink.width + 2 * m, height: ink.height + 2 * m))

        var layer = SyntheticPage()
        layer.addLines([prose(12), prose(12, seed: 1)], x: 100, y: 100)
        let fonts = Box.enclosing(layer.lines.map(\.box))!
        XCTAssertEqual(layer.analyze()[0].box, fonts)
    }
}
