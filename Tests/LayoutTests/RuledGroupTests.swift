import DocumentModel
import XCTest
@testable import Layout

/// Ruled grids whose merged cells do not form rectangles: an L of three cells (A) inside a U of
/// six (B) — both groups' bounding boxes start at the top-left cell.
///
///     +----+----+----+
///     | A    A  | B  |
///     +----+    +    +
///     | B  | A  | B  |
///     +    +----+    +
///     | B    B    B  |
///     +----+----+----+
final class RuledGroupTests: XCTestCase {
    private let xs = [100, 300, 500, 700], ys = [200, 260, 320, 380]
    private let a: Set<[Int]> = [[0, 0], [0, 1], [1, 1]]

    /// The separators between grid cells of different groups, none inside a group.
    private func hasVertical(_ k: Int, _ r: Int) -> Bool { a.contains([r, k - 1]) != a.contains([r, k]) }
    private func hasHorizontal(_ k: Int, _ c: Int) -> Bool { a.contains([k - 1, c]) != a.contains([k, c]) }

    func testEachGridCellBelongsToItsOwnGroupAndTiesGoByTheGroupsFirstCell() {
        let (frames, owner) = RuledTables.spanningFrames(rows: 3, cols: 3, columnBounds: xs, rowBounds: ys,
                                                         hasVertical: hasVertical, hasHorizontal: hasHorizontal)
        XCTAssertEqual(frames.map { [$0.row, $0.column, $0.rowSpan, $0.columnSpan] }, [[0, 0, 2, 2], [0, 0, 3, 3]],
                       "A (first cell 0,0) before B (first cell 0,2): both boxes start at the top-left cell")
        // Bounding boxes alone would give B's cell (1, 0) to A, or every cell to B, depending on
        // which frame came last.
        XCTAssertEqual(owner, [[0, 0, 1],
                               [1, 0, 1],
                               [1, 1, 1]])
    }

    /// The whole table, laid out again and again: the same cells with the same words each time
    /// (the frames' order once followed a dictionary's randomly seeded order).
    func testATableOfOverlappingGroupsIsLaidOutTheSameEveryTime() {
        var page = SyntheticPage()
        page.add("Before the table " + prose(6), x: 100, y: 120)
        page.hLine(y: ys[0], from: xs[0], to: xs[3]); page.hLine(y: ys[3], from: xs[0], to: xs[3])
        page.vLine(x: xs[0], from: ys[0], to: ys[3]); page.vLine(x: xs[3], from: ys[0], to: ys[3])
        for k in 1...2 {
            for r in 0..<3 where hasVertical(k, r) { page.vLine(x: xs[k], from: ys[r], to: ys[r + 1]) }
            for c in 0..<3 where hasHorizontal(k, c) { page.hLine(y: ys[k], from: xs[c], to: xs[c + 1]) }
        }
        for r in 0..<3 {
            for c in 0..<3 { page.add(a.contains([r, c]) ? "a\(r)\(c)" : "b\(r)\(c)", x: xs[c] + 20, y: ys[r] + 20) }
        }
        page.add("After the table " + prose(6), x: 100, y: 420)
        let first = page.analyze()
        guard let table = first.first(where: { $0.kind == .table }) else { return XCTFail("no table: \(first.map(\.kind))") }
        let byText = Dictionary(uniqueKeysWithValues: table.tableCells.map { ($0.text, [$0.row, $0.column]) })
        XCTAssertEqual(byText["a00 a01 a11"], [0, 0])
        XCTAssertEqual(byText["b02 b10 b12 b20 b21 b22"], [0, 0])
        for _ in 0..<20 { XCTAssertEqual(page.analyze(), first) }
    }
}
