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
