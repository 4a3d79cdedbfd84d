import Foundation
import XCTest

/// A born-digital Hebrew page through the real binary: laid out as its mirror image, its list
/// markers stand at the right of their items, its table's first column is its right-most, its
/// right-hand column is read before the left-hand one, which carries its sentence on; every box
/// stays where the page draws it.
final class RightToLeftLayoutEndToEndTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/layout/right-to-left.pdf")
    // Words of the fixture (scripts/fixtures/layout.py): "name", "records", "news,".
    private let nameWord = "\u{5E9}\u{5DD}", records = "\u{5E8}\u{5E9}\u{5D5}\u{5DE}\u{5D5}\u{5EA}"
    private let newsComma = "\u{5D4}\u{5D7}\u{5D3}\u{5E9}\u{5D5}\u{5EA},"

    func testHebrewPageIsLaidOutRightToLeft() throws {
        let box = try QuireSandbox(files: [])
        try box.add(Self.fixture, as: "hebrew.pdf")
        try box.writePipeline(ocr: false, barcodes: false, extra: "run: {workers: 1}")
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try box.query("SELECT kind FROM blocks ORDER BY reading_order"),
                       ["paragraph", "list", "table", "paragraph", "paragraph"])

        // Three items, each with its bullet, found at the right of the item's text.
        XCTAssertEqual(try box.query("SELECT marker FROM list_items ORDER BY item_order"), ["\u{2022}", "\u{2022}", "\u{2022}"])
        let pageWidth = try XCTUnwrap(Int(try box.query("SELECT width FROM pages").first ?? ""))
        let itemRight = try box.query("SELECT MIN(x + width) FROM list_items").compactMap { Int($0) }.first ?? 0
        XCTAssertGreaterThan(itemRight, pageWidth * 3 / 4, "the items' boxes where the page draws them, at the right")

        // Column 0 is the right-most: the header row reads name, year, sum; a number keeps its digits in order.
        XCTAssertEqual(try box.query("SELECT text FROM table_cells WHERE row = 0 AND col = 0"), [nameWord])
        XCTAssertEqual(try box.query("SELECT text FROM table_cells WHERE row = 1 ORDER BY col"), [records, "2024", "1,250"])
        let x = try box.query("SELECT x FROM table_cells WHERE row = 0 ORDER BY col").compactMap { Int($0) }
        XCTAssertEqual(x, x.sorted(by: >), "columns counted from the right: \(x)")

        // The right-hand column first; it stops at a comma and the left-hand one continues it.
        let columns = try box.query("SELECT x || ' ' || continues FROM blocks WHERE reading_order >= 3 ORDER BY reading_order")
            .map { $0.split(separator: " ").compactMap { Int($0) } }
        XCTAssertEqual(columns.count, 2)
        XCTAssertGreaterThan(columns.first?.first ?? 0, pageWidth / 2, "\(columns)")
        XCTAssertLessThan(columns.last?.first ?? pageWidth, pageWidth / 2, "\(columns)")
        XCTAssertEqual(columns.map { $0.last }, [0, 1])
        XCTAssertEqual(try box.query("SELECT text FROM blocks WHERE reading_order = 3").first?.hasSuffix(newsComma), true)
    }
}
