import Foundation
import XCTest

/// An unruled table whose first column holds the row labels and whose first rows hold the column
/// headers, through the real binary on a born-digital PDF (issue 38 item 7): the labels and the
/// headers are the table's cells, not headings and a list beside a table of bare numbers; the
/// header rows are `is_header`, and the CSV holds the header rows and the label column.
final class UnruledTableEndToEndTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/layout/unruled-labels.pdf")

    func testRowLabelsAndHeaderRowsBelongToTheTable() throws {
        let box = try QuireSandbox(files: [])
        try box.add(Self.fixture, as: "budget.pdf")
        try box.writePipeline(ocr: false, barcodes: false, extra: "run: {workers: 1}")
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try box.query("SELECT kind FROM blocks ORDER BY reading_order"), ["title", "table", "paragraph"])
        XCTAssertEqual(try box.query("SELECT row_count || 'x' || col_count FROM blocks WHERE kind = 'table'"), ["11x5"])
        XCTAssertEqual(try box.query("SELECT DISTINCT row FROM table_cells WHERE is_header = 1 ORDER BY row"), ["0", "1", "2"])
        XCTAssertEqual(try box.query("SELECT text FROM table_cells WHERE col = 0 AND text != '' ORDER BY row").first,
                       "1. Revenue receipts")

        let out = box.dir.appendingPathComponent("exports").path
        let export = try box.run(["export", box.database, "--format", "csv", "--out", out])
        XCTAssertEqual(export.status, 0, export.stderr)
        let csv = try String(contentsOfFile: out + "/budget.pdf.p1-t1.csv", encoding: .utf8)
        XCTAssertEqual(csv.replacingOccurrences(of: "\r\n", with: "\n"), """
            ,2021-22,2022-23,2022-23,2023-24
            ,Actuals,Budget,Revised,Budget
            ,,Estimates,Estimates,Estimates
            1. Revenue receipts,1374203,1366284,1358365,1350446
            2. Tax revenue (net to centre),1282846,1274927,1267008,1259089
            3. Non-tax revenue,1191489,1183570,1175651,1167732
            4. Capital receipts (5+6+7),1100132,1092213,1084294,1076375
            5. Recoveries of loans,1008775,1000856,992937,985018
            6. Other receipts,917418,909499,901580,893661
            7. Borrowings and other liabilities of the centre,826061,818142,810223,802304
            8. Total receipts (1+4),734704,726785,718866,710947

            """)
    }
}
