import DocumentModel

/// Table extraction for one page: ruled tables from the ruling grid first, then unruled tables
/// from column alignment among the remaining words. Returns the tables and the lines left over.
enum Tables {
    /// A placed word: which working line and which word of it.
    struct WordRef: Hashable { var line: Int; var word: Int }

    /// A cell's frame in the grid, before its text is known.
    struct CellFrame {
        var row: Int, column: Int, rowSpan: Int, columnSpan: Int
        var box: Box
    }

    static func extract(lines: [TextLine], rulings: [RulingLine], metrics: PageMetrics) -> (tables: [Block], rest: [TextLine]) {
        var used = Set<WordRef>()
        var tables: [Block] = []
        for table in RuledTables.find(lines: lines, rulings: rulings, metrics: metrics) {
            tables.append(table.block); used.formUnion(table.words)
        }
        var remaining = remove(used, from: lines)
        // On a multi-column page, look for unruled tables on each side of the gutter first (a
        // table inside one column), then over the whole page for what is left.
        if let gutter = Gutter.find(remaining, metrics: metrics) {
            used = []
            var sideTables: [[Block]] = [[], []]
            // A side's table whose rows go on across the gutter (its row labels on the other
            // side) is one table over the whole page: left to the whole-page search.
            var across: [(side: Int, block: Block, words: Set<WordRef>)] = []
            let sides = gutter.sides(of: remaining)
            for (s, side) in sides.enumerated() {
                for table in UnruledTables.find(lines: side.map { remaining[$0] }, rulings: rulings, metrics: metrics) {
                    let words = Set(table.words.map { WordRef(line: side[$0.line], word: $0.word) })
                    if UnruledTables.rowsGoOn(table.block, across: sides[1 - s].map { remaining[$0] }) {
                        across.append((s, table.block, words)); continue
                    }
                    sideTables[s].append(table.block); used.formUnion(words)
                }
            }
            if !across.isEmpty {
                // Kept on its side when the whole page holds no table there after all.
                let whole = UnruledTables.find(lines: remove(used, from: remaining), rulings: rulings, metrics: metrics)
                for a in across where !whole.contains(where: { $0.block.box.intersection(a.block.box) != nil }) {
                    sideTables[a.side].append(a.block); used.formUnion(a.words)
                }
            }
            tables += SideBySide.merge(left: sideTables[0], right: sideTables[1], tolerance: Int(0.3 * metrics.bodySize))
            remaining = remove(used, from: remaining)
        }
        used = []
        for table in UnruledTables.find(lines: remaining, rulings: rulings, metrics: metrics) {
            tables.append(table.block); used.formUnion(table.words)
        }
        return (tables.map { joiningLines(of: $0, with: metrics.textJoin) }, remove(used, from: remaining))
    }

    /// The lines without the given words (lines left empty disappear).
    static func remove(_ used: Set<WordRef>, from lines: [TextLine]) -> [TextLine] {
        guard !used.isEmpty else { return lines }
        return lines.enumerated().compactMap { (i, line) in
            let kept = line.words.enumerated().filter { !used.contains(WordRef(line: i, word: $0.offset)) }.map(\.element)
            return kept.isEmpty ? nil : line.with(words: kept)
        }
    }

    /// The text of the words of one cell: grouped into visual lines top to bottom, each left to
    /// right, the lines separated by newlines. `extract` joins them with the page's `TextJoin`
    /// (`joiningLines`) once the tables are found: the ruled and unruled finders build their
    /// blocks without the page's lexicon.
    static func cellLines(_ words: [Word]) -> String {
        var rows: [[Word]] = []
        for w in words.sorted(by: { $0.box.midY < $1.box.midY }) {
            if let last = rows.last?.last, Double(w.box.minY) < last.box.midY {
                rows[rows.count - 1].append(w)
            } else {
                rows.append([w])
            }
        }
        return rows.map { $0.sorted { $0.box.minX < $1.box.minX }.map(\.text).joined(separator: " ") }.joined(separator: "\n")
    }

    /// The table with each cell's lines (`cellLines`) joined by `join` and its text made again.
    static func joiningLines(of table: Block, with join: TextJoin) -> Block {
        var table = table
        for i in table.tableCells.indices {
            table.tableCells[i].text = join.join(table.tableCells[i].text.split(separator: "\n").map(String.init))
        }
        table.text = gridText(table.tableCells, rowCount: table.rowCount, columnCount: table.columnCount)
        return table
    }

    /// A table's text: one line per row, cells separated by tabs (a spanning cell's text in its first slot).
    static func gridText(_ cells: [TableCell], rowCount: Int, columnCount: Int) -> String {
        var grid = Array(repeating: Array(repeating: "", count: columnCount), count: rowCount)
        for c in cells { grid[c.row][c.column] = c.text }
        return grid.map { $0.joined(separator: "\t") }.joined(separator: "\n")
    }

    /// Builds a table block from cell frames and each cell's words (cell texts as `cellLines`); the
    /// first `headerRows` rows are column headers.
    static func block(frames: [CellFrame], words: [[Word]], rowCount: Int, columnCount: Int, headerRows: Int) -> Block {
        var cells: [TableCell] = []
        for (f, ws) in zip(frames, words) {
            cells.append(TableCell(row: f.row, column: f.column, rowSpan: f.rowSpan, columnSpan: f.columnSpan,
                                   text: cellLines(ws), isHeader: f.row < headerRows, box: f.box))
        }
        cells.sort { ($0.row, $0.column) < ($1.row, $1.column) }
        let text = gridText(cells, rowCount: rowCount, columnCount: columnCount)
        let box = Box.enclosing(frames.map(\.box))!
        return Block(kind: .table, readingOrder: 0, text: text, box: box, tableCells: cells,
                     rowCount: rowCount, columnCount: columnCount)
    }

    /// Index of the interval `[bounds[i], bounds[i+1])` holding `v`, clamped to the grid.
    static func slot(_ v: Double, in bounds: [Int]) -> Int {
        var i = 0
        while i + 2 < bounds.count, v >= Double(bounds[i + 1]) { i += 1 }
        return i
    }
}
