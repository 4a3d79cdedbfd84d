import DocumentModel
import XCTest
@testable import Layout

final class TableTests: XCTestCase {
    /// A 3×3 ruled grid whose first row's two right cells are merged (the inner vertical line
    /// stops below the first row).
    func testRuledTableWithSpanningCell() {
        var page = SyntheticPage()
        page.add("Before the table " + prose(6), x: 100, y: 60)
        let xs = [100, 400, 700, 1000], ys = [120, 170, 220, 270]
        for y in ys { page.hLine(y: y, from: 100, to: 1000) }
        page.vLine(x: 100, from: 120, to: 270); page.vLine(x: 400, from: 120, to: 270)
        page.vLine(x: 700, from: 170, to: 270); page.vLine(x: 1000, from: 120, to: 270)
        page.add("Name", x: 110, y: 135, bold: true); page.add("Merged heading", x: 600, y: 135, bold: true)
        page.add("alpha", x: 110, y: 185); page.add("1", x: 410, y: 185); page.add("2", x: 710, y: 185)
        page.add("beta", x: 110, y: 235); page.add("3", x: 410, y: 235); page.add("4", x: 710, y: 235)
        page.add("After the table " + prose(6), x: 100, y: 300)
        _ = xs
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .table, .paragraph])
        let t = blocks[1]
        XCTAssertEqual(t.rowCount, 3); XCTAssertEqual(t.columnCount, 3)
        XCTAssertEqual(t.tableCells.count, 8)
        let merged = t.tableCells.first { $0.row == 0 && $0.column == 1 }
        XCTAssertEqual(merged?.columnSpan, 2); XCTAssertEqual(merged?.text, "Merged heading")
        XCTAssertEqual(t.tableCells.filter(\.isHeader).count, 2)
        XCTAssertEqual(t.text, "Name\tMerged heading\t\nalpha\t1\t2\nbeta\t3\t4")
    }

    func testUnderlineAloneIsNoTable() {
        var page = SyntheticPage()
        page.addLines([prose(10), prose(8, seed: 1)], x: 100, y: 100)
        page.hLine(y: 145, from: 100, to: 400)
        XCTAssertFalse(page.analyze().contains { $0.kind == .table })
    }

    func testUnruledTableFromColumnAlignment() {
        var page = SyntheticPage()
        page.add("Intro " + prose(10), x: 100, y: 60)
        let rows = [["Item", "Qty", "Price"], ["apples", "3", "1.20"], ["pears", "12", "0.80"], ["plums", "7", "2.10"]]
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() { page.add(cell, x: 100 + 250 * c, y: 120 + 30 * r, bold: r == 0) }
        }
        page.add("Outro " + prose(10), x: 100, y: 280)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .table, .paragraph])
        let t = blocks[1]
        XCTAssertEqual(t.rowCount, 4); XCTAssertEqual(t.columnCount, 3)
        XCTAssertEqual(t.tableCells.first { $0.row == 2 && $0.column == 1 }?.text, "12")
        XCTAssertTrue(t.tableCells.filter { $0.row == 0 }.allSatisfy(\.isHeader))
        XCTAssertEqual(t.text.split(separator: "\n").first, "Item\tQty\tPrice")
    }

    func testTwoColumnProseIsNotATable() {
        var page = SyntheticPage()
        for k in 0..<8 {
            page.add(prose(8, seed: k), x: 100, y: 100 + 24 * k)
            page.add(prose(8, seed: k + 3), x: 650, y: 100 + 24 * k)
        }
        let blocks = page.analyze()
        XCTAssertFalse(blocks.contains { $0.kind == .table })
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .paragraph])
    }

    func testTablesSwitchOff() {
        var page = SyntheticPage()
        page.options.tables = false
        for r in 0..<3 { for c in 0..<3 { page.add("c\(r)\(c)", x: 100 + 250 * c, y: 100 + 30 * r) } }
        XCTAssertFalse(page.analyze().contains { $0.kind == .table })
    }
}

final class MultiColumnTableTests: XCTestCase {
    /// Two-column prose with a small table inside the left column, its rows level with prose
    /// lines of the right column.
    func testTableInsideOneColumnOfTwo() {
        var page = SyntheticPage()
        page.addLines((0..<4).map { prose(8, seed: $0) }, x: 100, y: 100)
        let rows = [["Name", "Qty", "Note"], ["apples", "3", "ok"], ["pears", "12", "late"], ["plums", "7", "ok"]]
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() { page.add(cell, x: 100 + 150 * c, y: 230 + 30 * r, bold: r == 0) }
        }
        page.addLines((0..<3).map { prose(8, seed: $0 + 4) }, x: 100, y: 380)
        page.addLines((0..<15).map { prose(8, seed: $0 + 7) }, x: 650, y: 100)
        let blocks = page.analyze()
        let tables = blocks.filter { $0.kind == .table }
        XCTAssertEqual(tables.count, 1)
        XCTAssertEqual(tables.first?.columnCount, 3)
        XCTAssertEqual(tables.first?.rowCount, 4)
        XCTAssertEqual(tables.first?.text.split(separator: "\n").first, "Name\tQty\tNote")
        XCTAssertEqual(blocks.filter { $0.kind == .paragraph && $0.box.minX >= 600 }.count, 1, "right column stays prose")
    }

    /// A full-width unruled table on a two-column page is one table, not two halves.
    func testFullWidthTableOnTwoColumnPage() {
        var page = SyntheticPage()
        page.addLines((0..<5).map { prose(8, seed: $0) }, x: 100, y: 100)
        page.addLines((0..<5).map { prose(8, seed: $0 + 5) }, x: 650, y: 100)
        for r in 0..<4 { for c in 0..<4 { page.add("v\(r)\(c)", x: 100 + 280 * c, y: 260 + 30 * r) } }
        page.addLines((0..<5).map { prose(8, seed: $0 + 9) }, x: 100, y: 420)
        page.addLines((0..<5).map { prose(8, seed: $0 + 13) }, x: 650, y: 420)
        let tables = page.analyze().filter { $0.kind == .table }
        XCTAssertEqual(tables.count, 1)
        XCTAssertEqual(tables.first?.columnCount, 4)
        XCTAssertEqual(tables.first?.tableCells.first { $0.row == 3 && $0.column == 3 }?.text, "v33")
    }

    /// A grid that rules off groups of rows: the band under the header holds three rows of
    /// figures, one per line. Each line is a table row, not one row of three-line cells.
    func testRowsStackedInOneRuledBandAreSplit() {
        var page = SyntheticPage()
        page.add("Before the table " + prose(6), x: 100, y: 40)
        for y in [100, 150, 300, 350] { page.hLine(y: y, from: 100, to: 1000) }
        for x in [100, 400, 700, 1000] { page.vLine(x: x, from: 100, to: 350) }
        page.add("M", x: 110, y: 115); page.add("dim", x: 410, y: 115); page.add("error", x: 710, y: 115)
        for (k, row) in [["6", "1452", "0.837"], ["8", "1936", "0.293"], ["12", "2904", "0.148"]].enumerated() {
            for (c, cell) in row.enumerated() { page.add(cell, x: 110 + 300 * c, y: 165 + 40 * k) }
        }
        page.add("all", x: 110, y: 315); page.add("536", x: 410, y: 315); page.add("2.343", x: 710, y: 315)
        page.add("After the table " + prose(6), x: 100, y: 400)
        let table = page.analyze().first { $0.kind == .table }
        XCTAssertEqual(table?.rowCount, 5)
        XCTAssertEqual(table?.columnCount, 3)
        XCTAssertEqual(table?.text, "M\tdim\terror\n6\t1452\t0.837\n8\t1936\t0.293\n12\t2904\t0.148\nall\t536\t2.343")
        XCTAssertEqual(table?.tableCells.first { $0.row == 3 && $0.column == 1 }?.text, "2904")
    }

    /// OCR reads a vertical ruling as "[|" or "l" beside a number: those "words" lie across the
    /// line and are dropped; a "1" inside a cell is kept.
    func testRulingReadAsTextIsDropped() {
        var page = SyntheticPage()
        for y in [100, 150, 200] { page.hLine(y: y, from: 100, to: 1000) }
        for x in [100, 400, 700, 1000] { page.vLine(x: x, from: 100, to: 200) }
        page.add("all", x: 110, y: 115); page.add("536", x: 410, y: 115); page.add("2.343", x: 710, y: 115)
        page.add("[|", x: 392, y: 115)
        page.add("l", x: 696, y: 165)
        page.add("6", x: 110, y: 165); page.add("1", x: 410, y: 165); page.add("0.837", x: 710, y: 165)
        let table = page.analyze().first { $0.kind == .table }
        XCTAssertEqual(table?.text, "all\t536\t2.343\n6\t1\t0.837")
        XCTAssertFalse(page.analyze().contains { $0.text.contains("[|") })
    }

    /// A ruled cell whose text wraps over three lines beside one-line cells stays one row: its
    /// second and third lines continue only in their own column.
    func testWrappedTextInARuledCellStaysOneRow() {
        var page = SyntheticPage()
        for y in [100, 150, 300] { page.hLine(y: y, from: 100, to: 1000) }
        for x in [100, 400, 700, 1000] { page.vLine(x: x, from: 100, to: 300) }
        page.add("Item", x: 110, y: 115); page.add("Qty", x: 410, y: 115); page.add("Price", x: 710, y: 115)
        page.add("a long description", x: 110, y: 165); page.add("3", x: 410, y: 165); page.add("1.20", x: 710, y: 165)
        page.add("that wraps over", x: 110, y: 205)
        page.add("three lines 2024", x: 110, y: 245)
        let table = page.analyze().first { $0.kind == .table }
        XCTAssertEqual(table?.rowCount, 2)
        XCTAssertEqual(table?.tableCells.first { $0.row == 1 && $0.column == 0 }?.text,
                       "a long description that wraps over three lines 2024")
    }

    /// Two prose columns that both wrap in one band stay one row: their lines hold no figures.
    func testTwoWrappedProseCellsStayOneRow() {
        var page = SyntheticPage()
        for y in [100, 150, 260] { page.hLine(y: y, from: 100, to: 1000) }
        for x in [100, 550, 1000] { page.vLine(x: x, from: 100, to: 260) }
        page.add("Term", x: 110, y: 115); page.add("Meaning", x: 560, y: 115)
        page.add("the first cell wraps", x: 110, y: 165); page.add("and so does the", x: 560, y: 165)
        page.add("onto a second line", x: 110, y: 205); page.add("second cell here", x: 560, y: 205)
        let table = page.analyze().first { $0.kind == .table }
        XCTAssertEqual(table?.rowCount, 2)
    }
}

/// Tables on OCR-like pages (ink boxes, no font sizes).
final class OCRTableTests: XCTestCase {
    /// A row whose word boxes touch a ruling (or hold tall parentheses) comes out taller than the
    /// body; its letters are as wide as the body's, so it is no heading-sized text: the table
    /// goes on through it.
    func testTallBoxesInATableRowDoNotCutTheTable() {
        var page = OCRPage()
        page.addLines([prose(14), prose(14, seed: 1), prose(10, seed: 2)], y: 200)
        let rows = [["Scanned", "reflections", "421", "269"], ["Independent", "values", "417", "121"],
                    ["Moment", "along", "3.13", "3.33"], ["Total", "moment", "3.36", "3.62"], ["Residual", "fit", "8.759", "9.14"]]
        for (r, row) in rows.enumerated() {
            let y = 420 + 60 * r
            var words = [OCRPage.inkWord(row[0], x: 100, baseline: y, size: 40), OCRPage.inkWord(row[1], x: 100 + row[0].count * 20 + 10, baseline: y, size: 40),
                         OCRPage.inkWord(row[2], x: 900, baseline: y, size: 40), OCRPage.inkWord(row[3], x: 1400, baseline: y, size: 40)]
            if r == 2 {
                words = words.map { w in
                    var w = w
                    w.box = Box(x: w.box.x, y: w.box.y - w.box.height / 4, width: w.box.width, height: w.box.height * 3 / 2)
                    return w
                }
            }
            page.lines.append(Line(text: row.joined(separator: " "), confidence: 90, box: Box.enclosing(words.map(\.box))!, words: words, stage: .fast))
        }
        page.addLines([prose(14, seed: 3), prose(14, seed: 4)], y: 420 + 60 * 5 + 40)
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .table, .paragraph])
        XCTAssertEqual(blocks.first { $0.kind == .table }?.rowCount, 5)
    }
}

/// Unruled tables whose first column labels the rows and whose first rows head the columns
/// (issue 38 item 7: camelot's budget.pdf lost its labels to headings and a list, its headers to
/// the body). The gap between the labels and the numbers is wide and nothing else crosses it.
final class LabelledTableTests: XCTestCase {
    static let labels = ["1. Revenue receipts", "2. Tax revenue (net to centre)", "3. Non-tax revenue",
                         "4. Capital receipts (5+6+7)", "5. Recoveries of loans", "6. Other receipts",
                         "7. Borrowings and other liabilities", "8. Total receipts (1+4)"]

    /// Headers in regular type over a blank stub, right-aligned-looking numbers at x = 640…
    static func budget(labels: [String] = labels) -> SyntheticPage {
        var page = SyntheticPage()
        page.width = 1275
        page.add("Budget at a glance", x: 100, y: 60, size: 32, bold: true)
        var y = 200
        for row in [["2021-22", "2022-23", "2022-23", "2023-24"], ["Actuals", "Budget", "Revised", "Budget"]] {
            for (c, text) in row.enumerated() { page.add(text, x: 640 + 150 * c, y: y) }
            y += 26
        }
        y += 10
        for (r, label) in labels.enumerated() {
            page.add(label, x: 100, y: y)
            for c in 0..<4 { page.add(String(1374203 - 91357 * r - 7919 * c), x: 640 + 150 * c, y: y) }
            y += 28
        }
        return page
    }

    func testRowLabelsAcrossTheGapAndHeaderRowsBelongToTheTable() {
        let blocks = Self.budget().analyze()
        XCTAssertEqual(blocks.map(\.kind), [.title, .table])
        let t = blocks[1]
        XCTAssertEqual(t.rowCount, 10); XCTAssertEqual(t.columnCount, 5)
        XCTAssertEqual(t.tableCells.filter { $0.column == 0 && !$0.text.isEmpty }.map(\.text), Self.labels)
        XCTAssertEqual(Set(t.tableCells.filter(\.isHeader).map(\.row)), [0, 1], "the two rows over the blank stub")
        XCTAssertEqual(t.text.split(separator: "\n", omittingEmptySubsequences: false).prefix(3),
                       ["\t2021-22\t2022-23\t2022-23\t2023-24", "\tActuals\tBudget\tRevised\tBudget",
                        "1. Revenue receipts\t1374203\t1366284\t1358365\t1350446"])
    }

    /// A row label longer than six words is still a label when two or more numbers follow it.
    func testALongRowLabelBeforeNumbersStaysInTheTable() {
        var labels = Self.labels
        labels[6] = "7. Borrowings and other liabilities of the centre"
        let blocks = Self.budget(labels: labels).analyze()
        XCTAssertEqual(blocks.map(\.kind), [.title, .table])
        XCTAssertEqual(blocks[1].tableCells.first { $0.row == 8 && $0.column == 0 }?.text, labels[6])
        XCTAssertEqual(blocks[1].tableCells.first { $0.row == 8 && $0.column == 4 }?.text, "802304")
    }

    /// Header rows over a blank stub need every row below to have its label; a table whose first
    /// column is not filled has no header row from it (nor from bold, with none set).
    func testHeaderRowsOverABlankStubOnlyWhenEveryRowBelowIsLabelled() {
        func table(_ rows: [[String]]) -> Block? {
            var page = SyntheticPage()
            for (r, row) in rows.enumerated() {
                for (c, cell) in row.enumerated() where !cell.isEmpty { page.add(cell, x: 100 + 250 * c, y: 120 + 30 * r) }
            }
            return page.analyze().first { $0.kind == .table }
        }
        let stub = table([["", "Q1", "Q2"], ["North", "12", "14"], ["South", "9", "11"], ["East", "7", "8"]])
        XCTAssertEqual(stub.map { Set($0.tableCells.filter(\.isHeader).map(\.row)) }, [0])
        let gap = table([["", "Q1", "Q2"], ["North", "12", "14"], ["", "9", "11"], ["East", "7", "8"]])
        XCTAssertEqual(gap?.rowCount, 4)
        XCTAssertEqual(gap?.tableCells.filter(\.isHeader).count, 0)
    }

    /// Two columns of prose whose lines happen to sit level stay prose: no numbers, no table.
    func testLevelLinesOfProseOnBothSidesAreNoTable() {
        var page = SyntheticPage()
        for k in 0..<8 {
            page.add(prose(8, seed: k), x: 100, y: 100 + 28 * k)
            page.add(prose(8, seed: k + 3), x: 650, y: 100 + 28 * k)
        }
        XCTAssertFalse(page.analyze().contains { $0.kind == .table })
    }
}

extension LabelledTableTests {
    /// A row label with no figures ("Capital account") between rows of the table is a row of it
    /// (the label of a section), not a paragraph that cuts the table in two.
    func testASectionLabelBetweenRowsIsARowOfTheTable() {
        var labels = Self.labels
        labels.insert("Capital account", at: 4)
        var page = SyntheticPage()
        page.width = 1275
        page.add("Budget at a glance", x: 100, y: 60, size: 32, bold: true)
        for (c, text) in ["2021-22", "2022-23", "2022-23", "2023-24"].enumerated() { page.add(text, x: 640 + 150 * c, y: 200) }
        for (r, label) in labels.enumerated() {
            page.add(label, x: 100, y: 228 + 28 * r)
            guard r != 4 else { continue }
            for c in 0..<4 { page.add(String(1374203 - 91357 * r - 7919 * c), x: 640 + 150 * c, y: 228 + 28 * r) }
        }
        let blocks = page.analyze()
        XCTAssertEqual(blocks.map(\.kind), [.title, .table])
        XCTAssertEqual(blocks.last?.rowCount, 10)
        XCTAssertEqual(blocks.last?.tableCells.filter { $0.row == 5 }.map(\.text), ["Capital account", "", "", "", ""])
        XCTAssertEqual(blocks.last.map { Set($0.tableCells.filter(\.isHeader).map(\.row)) }, [0])
    }
}
