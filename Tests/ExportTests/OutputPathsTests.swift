import DocumentModel
@testable import Export
import XCTest

/// Output names taken from document paths never leave `--out`; table files are RFC 4180.
final class OutputPathsTests: XCTestCase {
    func testPathsMirrorTheInputsBelowTheirCommonFolder() {
        let paths = OutputPaths(root: "/out", documentPaths: ["/data/in/a/report.pdf", "/data/in/b/c/scan.png"])
        XCTAssertEqual(paths.base, "/data/in")
        XCTAssertEqual(paths.file(for: "/data/in/a/report.pdf", suffix: ".json"), "/out/a/report.pdf.json")
        XCTAssertEqual(paths.file(for: "/data/in/b/c/scan.png", suffix: ".md"), "/out/b/c/scan.png.md")
    }

    func testHostileNamesStayInsideTheOutputFolder() {
        let paths = OutputPaths(root: "/out", documentPaths: [], inputRoots: ["/data/in"])
        for hostile in ["/data/in/../../etc/passwd", "/data/in/./../x", "/data/in/..", "/data/in/a\u{1B}[2J\nb.pdf",
                        "/elsewhere/../../etc/shadow", "/data/in/.hidden", "/data/in/" + String(repeating: "é", count: 300)] {
            let file = paths.file(for: hostile, suffix: ".json")
            XCTAssertTrue(file.hasPrefix("/out/"), file)
            let components = file.dropFirst("/out/".count).split(separator: "/")
            XCTAssertFalse(components.contains { $0 == ".." || $0 == "." || $0.hasPrefix(".") }, file)
            XCTAssertFalse(file.unicodeScalars.contains { $0.value < 0x20 }, file)
            XCTAssertTrue(components.allSatisfy { $0.utf8.count <= 255 }, file)
            XCTAssertTrue(file.hasSuffix(".json"), file)
        }
    }

    func testCSVQuotesFieldsAndRepeatsMergedCells() {
        let cells = [
            TableCell(row: 0, column: 0, columnSpan: 2, text: "Region, all", isHeader: true, box: Box(x: 0, y: 0, width: 1, height: 1)),
            TableCell(row: 1, column: 0, text: "say \"hi\"", box: Box(x: 0, y: 0, width: 1, height: 1)),
            TableCell(row: 1, column: 1, text: "two\nlines", box: Box(x: 0, y: 0, width: 1, height: 1)),
        ]
        let table = Block(kind: .table, readingOrder: 0, text: "", box: Box(x: 0, y: 0, width: 1, height: 1),
                          tableCells: cells, rowCount: 2, columnCount: 2)
        let page = StoredPage(number: 1, status: .done, blocks: [table])
        let doc = StoredDocument(id: 1, path: "/in/t.pdf", sha256: nil, kind: "pdf", status: "done", error: nil, pages: [page])
        let files = CSVRenderer().render(doc)
        XCTAssertEqual(files.map(\.suffix), [".p1-t1.csv"])
        XCTAssertEqual(String(decoding: files[0].bytes, as: UTF8.self),
                       "\"Region, all\",\"Region, all\"\r\n\"say \"\"hi\"\"\",\"two\nlines\"\r\n")
        let html = HTMLTable.render(table)
        XCTAssertTrue(html.contains("<th colspan=\"2\">Region, all</th>"), html)
        XCTAssertTrue(html.contains("<td>say &quot;hi&quot;</td>"), html)
        // Spans make a pipe table lossy: Markdown falls back to the HTML table.
        XCTAssertEqual(MarkdownRenderer.table(table), html)
    }
}
