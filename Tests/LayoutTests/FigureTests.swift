import DocumentModel
import XCTest
@testable import Layout

/// Figures from image regions and caption links, on OCR-like pages.
final class FigureTests: XCTestCase {
    /// A page with prose, a chart region holding axis labels, a caption below it, more prose.
    private func chartPage() -> OCRPage {
        var page = OCRPage()
        let y = page.addLines([prose(12), prose(12, seed: 1), prose(11, seed: 2)], y: 200)
        // The chart: 900 × 600 px; its tick labels and a legend are words OCR found inside it,
        // one axis label just below its frame.
        let chart = Box(x: 300, y: y + 40, width: 900, height: 600)
        page.figures = [chart]
        page.add("600", x: 320, y: chart.minY + 60)
        page.add("400", x: 320, y: chart.minY + 300)
        page.add("LHC 13 TeV", x: 500, y: chart.minY + 100)
        page.add("NLO NLL NNLL", x: 420, y: chart.maxY - 20)
        page.add("mass", x: 700, y: chart.maxY + 50)
        page.add("Figure 2. Cross sections at two scales, with the envelope of both.", y: chart.maxY + 140)
        page.addLines([prose(12, seed: 3), prose(12, seed: 4)], y: chart.maxY + 260)
        return page
    }

    func testFigureRegionTakesItsWords() {
        let blocks = chartPage().analyze()
        let figures = blocks.filter { $0.kind == .figure }
        XCTAssertEqual(figures.count, 1)
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .figure, .caption, .paragraph])
        let paragraphText = blocks.filter { $0.kind == .paragraph }.map(\.text).joined(separator: " ")
        for label in ["600", "400", "LHC", "NNLL", "mass"] {
            XCTAssertFalse(paragraphText.contains(label), "\(label) is inside the figure, not a paragraph")
        }
        // They are the figure's text: the page's text keeps every word OCR read.
        for label in ["600", "400", "LHC", "NNLL", "mass"] {
            XCTAssertTrue(figures[0].text.contains(label), "\(label) in the figure's text \(figures[0].text)")
        }
        XCTAssertFalse(figures[0].text.contains("Figure 2"), "the caption is not the figure's text")
        // The axis label just below the frame is part of the figure.
        XCTAssertGreaterThan(figures[0].box.maxY, 200 + 3 * 56 + 40 + 600)
    }

    func testCaptionLinksToItsFigure() {
        let blocks = chartPage().analyze()
        let figure = blocks.first { $0.kind == .figure }!
        let caption = blocks.first { $0.kind == .caption }!
        XCTAssertEqual(caption.captionOf, figure.readingOrder)
        XCTAssertTrue(blocks.filter { $0.kind != .caption }.allSatisfy { $0.captionOf == nil })
    }

    /// "Table 40" on a receipt (the restaurant's table number) names no table or figure near it:
    /// a paragraph. The same label right above a table is its caption.
    func testBareLabelWithNothingNearIsNoCaption() {
        var receipt = OCRPage()
        receipt.addLines(["Corner Cafe on the square", "Receipt for your visit today"], y: 200)
        receipt.add("Table 40", x: 100, y: 420)
        receipt.add("Table 23 4.", x: 100, y: 520)
        receipt.addLines(["Cashier Ann served you today", "Thank you and come again soon"], y: 620)
        let lines = receipt.analyze()
        XCTAssertTrue(lines.contains { $0.text == "Table 40" }, "\(lines.map(\.text))")
        XCTAssertTrue(lines.contains { $0.text == "Table 23 4." }, "\(lines.map(\.text))")
        XCTAssertFalse(lines.contains { $0.kind == .caption })

        var page = SyntheticPage()
        page.add("Before the table " + prose(6), x: 100, y: 40)
        page.add("Table 4", x: 100, y: 80)
        for y in [100, 150, 200] { page.hLine(y: y, from: 100, to: 700) }
        for x in [100, 400, 700] { page.vLine(x: x, from: 100, to: 200) }
        page.add("Site", x: 110, y: 115); page.add("Count", x: 410, y: 115)
        page.add("North", x: 110, y: 165); page.add("12", x: 410, y: 165)
        let blocks = page.analyze()
        let table = blocks.first { $0.kind == .table }
        XCTAssertNotNil(table)
        XCTAssertEqual(blocks.first { $0.kind == .caption }?.captionOf, table?.readingOrder)
    }

    func testTableCaptionPrefersTheTable() {
        var page = SyntheticPage()
        page.add("Figure 1. A chart above the table.", x: 100, y: 100)
        page.add("Table 1: Results by site.", x: 100, y: 400)
        page.hLine(y: 440, from: 100, to: 700); page.hLine(y: 480, from: 100, to: 700); page.hLine(y: 560, from: 100, to: 700)
        page.vLine(x: 100, from: 440, to: 560); page.vLine(x: 400, from: 440, to: 560); page.vLine(x: 700, from: 440, to: 560)
        page.add("Site", x: 120, y: 450); page.add("Count", x: 420, y: 450)
        page.add("North", x: 120, y: 490); page.add("12", x: 420, y: 490)
        page.add("South", x: 120, y: 520); page.add("7", x: 420, y: 520)
        var input = page.input
        input.figures = [Box(x: 100, y: 150, width: 600, height: 200)]
        let blocks = LayoutAnalyzer.analyze(page: input)
        let table = blocks.first { $0.kind == .table }
        let figure = blocks.first { $0.kind == .figure }
        XCTAssertNotNil(table); XCTAssertNotNil(figure)
        let captions = blocks.filter { $0.kind == .caption }
        XCTAssertEqual(captions.count, 2)
        XCTAssertEqual(captions.first { $0.text.hasPrefix("Table") }?.captionOf, table?.readingOrder)
        XCTAssertEqual(captions.first { $0.text.hasPrefix("Figure") }?.captionOf, figure?.readingOrder)
    }

    func testFramedTextIsNotAFigure() {
        var page = OCRPage()
        let y = page.addLines([prose(12), prose(12, seed: 1)], y: 200)
        page.figures = [Box(x: 80, y: y, width: 1000, height: 260)]
        page.addLines([prose(12, seed: 2), prose(12, seed: 3), prose(12, seed: 4), prose(11, seed: 5)], y: y + 60)
        let blocks = page.analyze()
        XCTAssertFalse(blocks.contains { $0.kind == .figure })
        XCTAssertEqual(blocks.filter { $0.kind == .paragraph }.flatMap { $0.text.split(separator: " ") }.count, 12 * 5 + 11)
    }

    /// A framed box of short text (a receipt's tax summary: a heading, column names, numbers)
    /// is text, not a figure, although few of its lines are prose: its words cover a quarter of
    /// the frame, where a chart's labels cover a twentieth.
    func testFramedSummaryOfNumbersIsNotAFigure() {
        var page = OCRPage()
        let y = page.addLines([prose(12), prose(12, seed: 1)], y: 200)
        page.figures = [Box(x: 280, y: y + 40, width: 760, height: 330)]
        page.add("GST SUMMARY", x: 300, y: y + 60, size: 52)
        page.add("Tax Code % Amt (RM) Tax (RM)", x: 300, y: y + 130, size: 52)
        page.add("SR-0 0 473.30 0.00", x: 340, y: y + 200, size: 52)
        page.add("Total : 473.30 0.00", x: 480, y: y + 270, size: 52)
        page.addLines([prose(12, seed: 2), prose(12, seed: 3)], y: y + 420)
        let region = page.figures[0]
        let cover = page.lines.flatMap(\.words).compactMap { $0.box.intersection(region)?.area }.reduce(0, +)
        XCTAssertEqual(Double(cover) / Double(region.area), 0.25, accuracy: 0.04, "a quarter of the frame, as on the receipt")
        let blocks = page.analyze()
        XCTAssertFalse(blocks.contains { $0.kind == .figure }, "\(blocks.map(\.kind))")
        XCTAssertTrue(blocks.contains { $0.text.contains("473.30") })
    }

    /// What OCR makes of an engraving or a photo: words of confidence 20–50 over most of it. In
    /// a picture at least 8 em on a side they are no evidence of text: it is a figure, and takes
    /// them. The same words read with confidence are a framed text box.
    func testUnsureWordsInAPictureAreNoEvidenceOfText() {
        func page(confidence: Double) -> OCRPage {
            var page = OCRPage()
            let y = page.addLines([prose(12), prose(12, seed: 1)], y: 200)
            let picture = Box(x: 100, y: y, width: 700, height: 700)
            page.figures = [picture]
            for row in 0..<9 {
                page.add("Wg witty Wyn Fic YM Vie", x: 120, y: y + 60 + 75 * row, size: 50, confidence: confidence)
            }
            page.addLines([prose(12, seed: 2), prose(12, seed: 3)], y: picture.maxY + 120)
            return page
        }
        let engraving = page(confidence: 35)
        let region = engraving.figures[0]
        let cover = engraving.lines.flatMap(\.words).compactMap { $0.box.intersection(region)?.area }.reduce(0, +)
        XCTAssertGreaterThan(Double(cover) / Double(region.area), 0.3, "the garbage covers much of the picture")
        let blocks = engraving.analyze()
        XCTAssertEqual(blocks.filter { $0.kind == .figure }.count, 1, "\(blocks.map(\.kind))")
        XCTAssertFalse(blocks.filter { $0.kind != .figure }.contains { $0.text.contains("witty") })
        XCTAssertFalse(page(confidence: 85).analyze().contains { $0.kind == .figure })
    }

    /// A candidate under 8 em on a side may be a few glyphs of display type (a chapter number
    /// OCR misreads): its words count however unsure, and it stays text.
    func testMisreadDisplayTypeInASmallCandidateStaysText() {
        var page = OCRPage()
        page.add("it", x: 900, y: 260, size: 150, confidence: 30)
        page.figures = [Box(x: 880, y: 120, width: 180, height: 200)]
        page.addLines([prose(12), prose(12, seed: 1), prose(11, seed: 2)], y: 500)
        let blocks = page.analyze()
        XCTAssertFalse(blocks.contains { $0.kind == .figure }, "\(blocks.map(\.kind))")
        XCTAssertTrue(blocks.contains { $0.text.contains("it") })
    }

    /// A figure grows over the short lines next to it (tick labels, axis titles), at most 6 em
    /// beyond its picture: the pieces OCR makes of a text column beside a picture stay text.
    func testAFigureGrowsAtMostSixEmBeyondItsPicture() {
        var page = chartPage()
        let chart = page.figures[0]
        // Two short pieces to the right of the chart, 1 em apart: the first ends 5 em beyond it,
        // the second starts 6 em beyond it (and would be taken on the second growth step).
        page.add("axis title", x: chart.maxX + 40, y: chart.minY + 300)
        page.add("walked along", x: chart.maxX + 40 + 200 + 40, y: chart.minY + 300)
        let blocks = page.analyze()
        let figure = blocks.first { $0.kind == .figure }
        XCTAssertTrue(figure?.text.contains("axis title") ?? false, "\(figure?.text ?? "no figure")")
        XCTAssertFalse(figure?.text.contains("walked") ?? true)
        XCTAssertTrue(blocks.contains { $0.kind != .figure && $0.text.contains("walked along") }, "\(blocks.map(\.text))")
    }

    func testTableGridRegionStaysATable() {
        var page = SyntheticPage()
        page.hLine(y: 100, from: 100, to: 700); page.hLine(y: 140, from: 100, to: 700); page.hLine(y: 220, from: 100, to: 700)
        page.vLine(x: 100, from: 100, to: 220); page.vLine(x: 400, from: 100, to: 220); page.vLine(x: 700, from: 100, to: 220)
        page.add("Site", x: 120, y: 110); page.add("Count", x: 420, y: 110)
        page.add("North", x: 120, y: 150); page.add("12", x: 420, y: 150)
        page.add("South", x: 120, y: 180); page.add("7", x: 420, y: 180)
        var input = page.input
        input.figures = [Box(x: 99, y: 99, width: 603, height: 123)]
        let kinds = LayoutAnalyzer.analyze(page: input).map(\.kind)
        XCTAssertEqual(kinds, [.table])
    }

    func testScanBackgroundTouchingPageEdgesIsNotAFigure() {
        var page = OCRPage()
        page.figures = [Box(x: 0, y: 0, width: 900, height: 1400)]
        page.addLines(["TOTAL 12.50", "CASH 20.00", "CHANGE 7.50"], y: 300)
        let blocks = page.analyze()
        XCTAssertFalse(blocks.contains { $0.kind == .figure })
        XCTAssertTrue(blocks.map(\.text).joined(separator: " ").contains("TOTAL"))
    }

    /// A shaded corner of a photographed receipt, touching the page's left edge, behind a few
    /// short lines (words over 15 % of it) is text; the same box away from the edge, with the
    /// cover of a chart's labels, stays a figure.
    func testShadedCornerBehindTextIsNotAFigure() {
        func page(regionX: Int) -> OCRPage {
            var page = OCRPage()
            let y = page.addLines([prose(12), prose(12, seed: 1)], y: 200)
            page.figures = [Box(x: regionX, y: y + 40, width: 360, height: 230)]
            page.add("CASH :", x: regionX + 20, y: y + 60, size: 48)
            page.add("GST Summary", x: regionX + 20, y: y + 130, size: 48)
            page.add("SR", x: regionX + 20, y: y + 200, size: 48)
            page.addLines([prose(12, seed: 2), prose(12, seed: 3)], y: y + 420)
            return page
        }
        func blocks(regionX: Int) -> [Block] { page(regionX: regionX).analyze() }
        let p = page(regionX: 0), region = p.figures[0]
        let cover = Double(p.lines.flatMap(\.words).compactMap { $0.box.intersection(region)?.area }.reduce(0, +)) / Double(region.area)
        XCTAssertTrue(cover > 0.1 && cover < 0.2, "\(cover)")
        XCTAssertFalse(blocks(regionX: 0).contains { $0.kind == .figure })
        XCTAssertTrue(blocks(regionX: 600).contains { $0.kind == .figure })
    }

    func testTextRowsMakeATextRegion() {
        var page = OCRPage()
        page.figures = [Box(x: 80, y: 200, width: 1600, height: 700)]
        page.addLines(["Store hours and prices", "Milk two litres fresh", "Bread whole wheat loaf", "Coffee beans dark roast"], y: 300, pitch: 150)
        XCTAssertFalse(page.analyze().contains { $0.kind == .figure })
    }
}

/// Panels of one figure with their labels make one figure.
final class FigurePanelTests: XCTestCase {
    func testPanelsWithLabelsBetweenRowsAreOneFigure() {
        var page = OCRPage()
        page.addLines([prose(12), prose(12, seed: 1)], y: 150)
        // Two rows of two 600 × 400 panels, 40 px apart side by side; labels under each row.
        page.figures = [Box(x: 200, y: 300, width: 600, height: 400), Box(x: 840, y: 300, width: 600, height: 400),
                        Box(x: 200, y: 860, width: 600, height: 400), Box(x: 840, y: 860, width: 600, height: 400)]
        page.add("(a) Original image", x: 300, y: 760); page.add("(b) Noisy image", x: 940, y: 760)
        page.add("(c) Denoised image", x: 300, y: 1320); page.add("(d) Difference", x: 940, y: 1320)
        page.add("Figure 11. Example four: the clock.", x: 500, y: 1420)
        page.addLines([prose(12, seed: 2), prose(12, seed: 3)], y: 1540)
        let blocks = page.analyze()
        // The panel labels between the pictures are the figure's sub-captions, read after it.
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .figure, .caption, .caption, .caption, .caption, .caption, .paragraph])
        let figure = blocks[1]
        XCTAssertEqual(figure.box.minY, 300)
        XCTAssertGreaterThanOrEqual(figure.box.maxY, 1320)
        XCTAssertEqual(blocks[2...5].map(\.text), ["(a) Original image", "(b) Noisy image", "(c) Denoised image", "(d) Difference"])
        XCTAssertTrue(blocks[2...6].allSatisfy { $0.captionOf == figure.readingOrder })
        XCTAssertEqual(blocks[6].text, "Figure 11. Example four: the clock.")
    }

    /// Sub-captions side by side on one OCR line are cut at each label, and a wrapped
    /// sub-caption keeps its second line; a label drawn inside a picture stays part of it.
    func testSubcaptionsOnOneLineAndWrapped() {
        var page = OCRPage()
        page.addLines([prose(12), prose(12, seed: 1)], y: 150)
        page.figures = [Box(x: 200, y: 300, width: 500, height: 400), Box(x: 740, y: 300, width: 500, height: 400),
                        Box(x: 200, y: 900, width: 500, height: 400), Box(x: 740, y: 900, width: 500, height: 400)]
        page.add("(a) in the picture", x: 260, y: 400)
        page.add("(c) NLEM, PSNR = 25.68, SNR = (d) VNLEM, PSNR = 25.48", x: 210, y: 760)
        page.add("17.36, FSIM = 0.952", x: 210, y: 810)
        // One OCR line across the row, cut at the wide gap between the two sub-captions.
        var row = OCRPage.line([")", "NLEM,", "difference"], x: 210, y: 1360, size: 40)
        row.words += OCRPage.line(["(f)", "VNLEM,", "difference"], x: 760, y: 1360, size: 40).words
        row.box = Box.enclosing(row.words.map(\.box))!
        page.lines.append(row)
        page.add("Figure 4. Four panels.", x: 500, y: 1480)
        page.addLines([prose(12, seed: 2), prose(12, seed: 3)], y: 1600)
        let blocks = page.analyze()
        let subs = blocks.filter { $0.kind == .caption && !$0.text.hasPrefix("Figure") }
        // The first label of the last row was misread (")"): the row's other label shows it is one.
        XCTAssertEqual(subs.map(\.text), ["(c) NLEM, PSNR = 25.68, SNR = 17.36, FSIM = 0.952", "(d) VNLEM, PSNR = 25.48",
                                          ") NLEM, difference", "(f) VNLEM, difference"])
        XCTAssertFalse(blocks.contains { $0.kind != .figure && $0.text.contains("picture") })
        XCTAssertTrue(blocks.contains { $0.kind == .figure && $0.text == "(a) in the picture" })
    }

    /// A row of sub-captions is read left to right even when the left one sits a few pixels
    /// lower (OCR boxes of one row differ by a descender or a bracket).
    func testSubcaptionRowIsReadLeftToRight() {
        var page = OCRPage()
        page.addLines([prose(12), prose(12, seed: 1)], y: 150)
        page.figures = [Box(x: 200, y: 300, width: 380, height: 400), Box(x: 620, y: 300, width: 380, height: 400),
                        Box(x: 1040, y: 300, width: 380, height: 400)]
        page.add("(c) NLEM, PSNR = 25.68", x: 210, y: 766)
        page.add("(d) VNLEM, PSNR = 25.48", x: 630, y: 760)
        page.add("(e) VNLEM-DD, PSNR = 25.54", x: 1050, y: 760)
        page.add("Figure 4. Three panels.", x: 500, y: 880)
        page.addLines([prose(12, seed: 2), prose(12, seed: 3)], y: 1000)
        let subs = page.analyze().filter { $0.kind == .caption && !$0.text.hasPrefix("Figure") }
        XCTAssertEqual(subs.map { $0.text.prefix(3) }, ["(c)", "(d)", "(e)"])
    }
}
