import DocumentModel

/// Ruled tables: horizontal and vertical rulings that cross each other form a grid. Grid lines
/// are the distinct ruling positions; a cell spans several grid cells where the inner line
/// between them is missing (covered less than 60 %). Words are placed in the cell holding their
/// centre. A lone ruling (an underline, a separator) or a single framed box is never a table;
/// a grid needs ≥ 2 cells and ≥ 2 cells with text. A ruling read as text ("[|" across a
/// vertical line) is dropped. The first row is a header row when all its
/// words are bold or the line below it is thicker than the other inner lines.
///
/// Rows stacked inside one ruled band (a grid that rules off groups of rows, not each row) are
/// split into table rows: see `StackedRows`.
enum RuledTables {
    struct Found { var block: Block; var words: Set<Tables.WordRef> }

    static func find(lines: [TextLine], rulings: [RulingLine], metrics: PageMetrics) -> [Found] {
        let tol = max(3, metrics.pageWidth / 250)
        let merged = RulingGrid.merge(rulings, tolerance: tol)
        return RulingGrid.components(merged, tolerance: tol).compactMap { grid in
            table(in: grid, lines: lines, tolerance: tol)
        }
    }

    private static func table(in ruled: RulingGrid, lines: [TextLine], tolerance tol: Int) -> Found? {
        let grid = StackedRows.split(ruled, words: lines.flatMap(\.words))
        let xs = grid.columnBounds, ys = grid.rowBounds
        let rows = ys.count - 1, cols = xs.count - 1
        guard rows >= 1, cols >= 1, rows * cols >= 2 else { return nil }
        let (frames, owner) = spanningFrames(grid, rows: rows, cols: cols)
        var cellWords = Array(repeating: [Word](), count: frames.count)
        var used = Set<Tables.WordRef>()
        for (li, line) in lines.enumerated() {
            for (wi, w) in line.words.enumerated() {
                let cx = w.box.midX, cy = w.box.midY
                guard cx >= Double(xs.first!), cx <= Double(xs.last!), cy >= Double(ys.first!), cy <= Double(ys.last!) else { continue }
                used.insert(Tables.WordRef(line: li, word: wi))
                if isRulingReadAsText(w, columnBounds: xs) { continue }
                let cell = owner[Tables.slot(cy, in: ys)][Tables.slot(cx, in: xs)]
                cellWords[cell].append(w)
            }
        }
        guard cellWords.filter({ !$0.isEmpty }).count >= 2 else { return nil }
        let firstRow = zip(frames, cellWords).filter { $0.0.row == 0 }.flatMap(\.1)
        let header = (!firstRow.isEmpty && firstRow.allSatisfy(\.isBold)) || ruled.firstInnerLineIsThicker
        let block = Tables.block(frames: frames, words: cellWords, rowCount: rows, columnCount: cols, headerRows: header ? 1 : 0)
        return Found(block: block, words: used)
    }

    /// A "word" of bar-like glyphs ("|", "[|", "l") lying across one of the grid's vertical lines:
    /// OCR's reading of the ruling itself, dropped from the table and the page's text.
    static func isRulingReadAsText(_ word: Word, columnBounds xs: [Int]) -> Bool {
        guard !word.text.isEmpty, word.text.allSatisfy({ "|¦‖│┃[]!lI1".contains($0) }) else { return false }
        return xs.contains { word.box.minX - 1 <= $0 && $0 <= word.box.maxX + 1 }
    }

    /// Grid cells merged where the separating line is missing: one frame per merged group (the
    /// group's bounding box), in reading order, and the frame each grid cell belongs to (`owner[row][column]`).
    ///
    /// A group need not be a rectangle (an L of cells around another group), so two frames can
    /// overlap and share their top-left corner: a grid cell goes to its own group, never to
    /// whichever overlapping frame came last, and ties in the order go by the group's first grid
    /// cell — nothing depends on a dictionary's (per-process, randomly seeded) order.
    static func spanningFrames(_ grid: RulingGrid, rows: Int, cols: Int) -> (frames: [Tables.CellFrame], owner: [[Int]]) {
        spanningFrames(rows: rows, cols: cols, columnBounds: grid.columnBounds, rowBounds: grid.rowBounds,
                       hasVertical: { grid.hasVertical(at: $0, row: $1) },
                       hasHorizontal: { grid.hasHorizontal(at: $0, column: $1) })
    }

    /// `spanningFrames(_:rows:cols:)` over the grid's separators as functions: `hasVertical(k, r)`
    /// is the line at column bound `k` in row `r`, `hasHorizontal(k, c)` the line at row bound `k`
    /// in column `c`.
    static func spanningFrames(rows: Int, cols: Int, columnBounds xs: [Int], rowBounds ys: [Int],
                               hasVertical: (Int, Int) -> Bool,
                               hasHorizontal: (Int, Int) -> Bool) -> (frames: [Tables.CellFrame], owner: [[Int]]) {
        var parent = Array(0..<(rows * cols))
        func find(_ i: Int) -> Int { var i = i; while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }; return i }
        func unite(_ a: Int, _ b: Int) { parent[find(a)] = find(b) }
        for r in 0..<rows {
            for c in 0..<cols {
                if c + 1 < cols, !hasVertical(c + 1, r) { unite(r * cols + c, r * cols + c + 1) }
                if r + 1 < rows, !hasHorizontal(r + 1, c) { unite(r * cols + c, (r + 1) * cols + c) }
            }
        }
        // Each group's bounding box and its first grid cell (row-major), keyed by the group's root.
        var groups: [Int: (r0: Int, c0: Int, r1: Int, c1: Int, first: Int)] = [:]
        for r in 0..<rows {
            for c in 0..<cols {
                let g = find(r * cols + c)
                let old = groups[g] ?? (r, c, r, c, r * cols + c)
                groups[g] = (min(old.r0, r), min(old.c0, c), max(old.r1, r), max(old.c1, c), old.first)
            }
        }
        let ordered = groups.sorted { ($0.value.r0, $0.value.c0, $0.value.first) < ($1.value.r0, $1.value.c0, $1.value.first) }
        var index: [Int: Int] = [:]
        for (i, g) in ordered.enumerated() { index[g.key] = i }
        let owner = (0..<rows).map { r in (0..<cols).map { c in index[find(r * cols + c)]! } }
        let frames = ordered.map(\.value).map { g in
            Tables.CellFrame(row: g.r0, column: g.c0, rowSpan: g.r1 - g.r0 + 1, columnSpan: g.c1 - g.c0 + 1,
                             box: Box(x: xs[g.c0], y: ys[g.r0], width: xs[g.c1 + 1] - xs[g.c0], height: ys[g.r1 + 1] - ys[g.r0]))
        }
        return (frames, owner)
    }
}
