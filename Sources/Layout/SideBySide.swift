import DocumentModel

/// A full-width unruled table on a multi-column page is found as two halves, one on each side of
/// the gutter. Halves with the same rows (same count, row tops within `tolerance`) are one table.
enum SideBySide {
    static func merge(left: [Block], right: [Block], tolerance: Int) -> [Block] {
        var out: [Block] = []
        var rightLeft = right
        for l in left {
            if let k = rightLeft.firstIndex(where: { sameRows(l, $0, tolerance) }) {
                out.append(join(l, rightLeft.remove(at: k)))
            } else {
                out.append(l)
            }
        }
        return out + rightLeft
    }

    private static func rowTops(_ t: Block) -> [Int] {
        (0..<t.rowCount).map { r in t.tableCells.filter { $0.row == r }.map(\.box.minY).min() ?? 0 }
    }

    private static func sameRows(_ a: Block, _ b: Block, _ tol: Int) -> Bool {
        a.rowCount == b.rowCount && zip(rowTops(a), rowTops(b)).allSatisfy { abs($0 - $1) <= tol }
    }

    private static func join(_ a: Block, _ b: Block) -> Block {
        var cells = a.tableCells
        let header = a.tableCells.contains(where: \.isHeader) && b.tableCells.contains(where: \.isHeader)
        for var c in b.tableCells { c.column += a.columnCount; cells.append(c) }
        for i in cells.indices { cells[i].isHeader = header && cells[i].row == 0 }
        cells.sort { ($0.row, $0.column) < ($1.row, $1.column) }
        let columns = a.columnCount + b.columnCount
        return Block(kind: .table, readingOrder: 0, text: Tables.gridText(cells, rowCount: a.rowCount, columnCount: columns),
                     box: a.box.union(b.box), tableCells: cells, rowCount: a.rowCount, columnCount: columns)
    }
}
