import DocumentModel

/// Unruled tables from column alignment.
///
/// Words are grouped into visual rows across the page; a row splits into segments at gaps wider
/// than ~0.8 em. A table is a run of ≥ 3 consecutive rows, each with ≥ 2 segments of ≤ 6 words
/// (a longer segment is a line of prose; a longer row label followed by ≥ 2 numbers is not), or a
/// row label alone between two of them (a section of the table), close to each
/// other (gap < 2 body sizes) at a regular pitch (largest ≤ 1.6× smallest), without heading-sized
/// text (≥ 1.15× body; with OCR boxes, letters also > 1.08× as wide as the body's), whose segments, projected onto the x axis together, still leave ≥ 2
/// separate columns (a gutter crossing every row). Two-column prose also has such a gutter, so a
/// run is refused when it reads like prose (its cells hold ≥ 3.5 words on average, or one column's
/// cells ≥ 4.5 words on average or half of them ≥ 5 words: tables with long free-text columns
/// are missed) unless one column holds numbers (≥ 80 % of its ≥ 3 filled cells), and a run
/// whose first column holds only list markers is a list, not a table. Cells are row × column
/// intersections (unruled tables have no spans); adjacent columns that no row fills both of are
/// merged (a left-aligned header above right-aligned numbers). Header rows (`headerRows`): the
/// leading rows all in bold; the leading rows over a blank stub when the first column labels every
/// row below; or the first row, when a horizontal ruling separates it from the second.
enum UnruledTables {
    struct Found { var block: Block; var words: Set<Tables.WordRef> }

    struct Segment { var words: [(Tables.WordRef, Word)]; var minX: Int; var maxX: Int }
    struct Row { var segments: [Segment]; var minY: Int; var maxY: Int }

    static func find(lines: [TextLine], rulings: [RulingLine], metrics: PageMetrics) -> [Found] {
        let rows = visualRows(lines, gap: 0.8 * metrics.bodySize)
        var found: [Found] = []
        var i = 0
        while i < rows.count {
            var best: (end: Int, cols: [ClosedRange<Int>])? = nil
            var j = i
            var cols: [ClosedRange<Int>] = []
            var pitch = (low: Double.infinity, high: 0.0)
            while j < rows.count, tabular(rows[j]) || sectionLabel(rows, j, after: i, cols), !hasLargeText(rows[j], metrics) {
                if j > i {
                    if Double(rows[j].minY - rows[j - 1].maxY) > 2 * metrics.bodySize { break }
                    let p = Double(rows[j].minY + rows[j].maxY - rows[j - 1].minY - rows[j - 1].maxY) / 2
                    pitch = (min(pitch.low, p), max(pitch.high, p))
                    if pitch.high > 1.6 * pitch.low { break }
                }
                guard tabular(rows[j]) else { j += 1; continue }   // a section label: in the first column, ends no run
                cols = merged(cols + rows[j].segments.map { $0.minX...$0.maxX }, tolerance: Int(0.3 * metrics.bodySize))
                guard cols.count >= 2 else { break }
                best = (j, cols); j += 1
            }
            if let b = best, b.end - i + 1 >= 3, let t = table(Array(rows[i...b.end]), b.cols, rulings) {
                found.append(t); i = b.end + 1
            } else {
                i += 1
            }
        }
        return found
    }

    /// A table's row: ≥ 2 segments of ≤ 6 words (a longer segment is a line of prose), or a row
    /// label of any length followed by two or more numbers (a line of prose ends in one at most).
    static func tabular(_ row: Row) -> Bool {
        guard row.segments.count >= 2 else { return false }
        if row.segments.allSatisfy({ $0.words.count <= 6 }) { return true }
        let rest = row.segments.dropFirst()
        return rest.count >= 2 && rest.allSatisfy { isNumber($0.words.map(\.1)) }
    }

    /// A row label alone ("Capital account") inside a run: one segment of ≤ 6 words starting in
    /// the first column, between table rows (the next row is one) at the table's pitch.
    static func sectionLabel(_ rows: [Row], _ j: Int, after start: Int, _ cols: [ClosedRange<Int>]) -> Bool {
        guard j > start, let first = cols.first, rows[j].segments.count == 1, rows[j].segments[0].words.count <= 6,
              first.contains(rows[j].segments[0].minX), j + 1 < rows.count else { return false }
        return tabular(rows[j + 1])
    }

    /// Heading-sized text (≥ 1.15× body, measured over the whole row: one OCR word box can be
    /// inflated by a ruling it touches) is not table text.
    private static func hasLargeText(_ row: Row, _ metrics: PageMetrics) -> Bool {
        let words = row.segments.flatMap { $0.words.map(\.1) }
        let size = words.contains { $0.fontSize != nil } ? PageMetrics.median(words.compactMap(\.fontSize))
            : (metrics.inkBoxes ? InkMetrics.line(words).size : PageMetrics.median(words.map { Double($0.box.height) }))
        guard (size ?? 0) >= 1.15 * metrics.bodySize else { return false }
        // OCR boxes touching a ruling or holding parentheses are tall: letters as wide as the body's are body text.
        return !metrics.lettersAsNarrowAsBody(words)
    }

    /// The page's words grouped into visual rows (top to bottom) and each row into segments at
    /// gaps wider than `gap`. Words are sorted and grouped by index, and each `Word` is copied
    /// once, into its segment.
    static func visualRows(_ lines: [TextLine], gap: Double) -> [Row] {
        var refs: [Tables.WordRef] = [], boxes: [Box] = []
        for (li, l) in lines.enumerated() {
            for (wi, w) in l.words.enumerated() { refs.append(Tables.WordRef(line: li, word: wi)); boxes.append(w.box) }
        }
        let order = boxes.indices.sorted { boxes[$0].midY < boxes[$1].midY }
        var groups: [[Int]] = []
        var bottom = Int.min
        for i in order {
            let box = boxes[i]
            if !groups.isEmpty, Double(box.minY) < Double(bottom) - 0.5 * Double(box.height) {
                groups[groups.count - 1].append(i); bottom = max(bottom, box.maxY)
            } else {
                groups.append([i]); bottom = box.maxY
            }
        }
        return groups.map { g in
            var segs: [Segment] = []
            for i in g.sorted(by: { boxes[$0].minX < boxes[$1].minX }) {
                let w = (refs[i], lines[refs[i].line].words[refs[i].word]), box = boxes[i]
                // Only the last segment's right edge is kept aside: a copy of the segment would make
                // the append below copy its words.
                if let lastMaxX = segs.last?.maxX, Double(box.minX - lastMaxX) <= gap {
                    segs[segs.count - 1].words.append(w); segs[segs.count - 1].maxX = max(lastMaxX, box.maxX)
                } else {
                    segs.append(Segment(words: [w], minX: box.minX, maxX: box.maxX))
                }
            }
            var minY = Int.max, maxY = Int.min
            for i in g { minY = min(minY, boxes[i].minY); maxY = max(maxY, boxes[i].maxY) }
            return Row(segments: segs, minY: minY, maxY: maxY)
        }
    }

    /// X intervals merged where they overlap (or nearly): the columns of a run of rows.
    static func merged(_ intervals: [ClosedRange<Int>], tolerance: Int) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        for r in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound + tolerance {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else { out.append(r) }
        }
        return out
    }

    /// Adjacent columns that no row fills both of are one column whose cells are aligned
    /// differently (a left-aligned header over right-aligned numbers).
    static func mergeComplementary(_ rows: [Row], _ cols: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var cols = cols
        var k = 0
        while k + 1 < cols.count {
            let both = rows.contains { row in
                row.segments.contains { cols[k].contains($0.minX) } && row.segments.contains { cols[k + 1].contains($0.minX) }
            }
            if both { k += 1 } else { cols[k] = cols[k].lowerBound...cols[k + 1].upperBound; cols.remove(at: k + 1) }
        }
        return cols
    }

    private static func table(_ rows: [Row], _ cols: [ClosedRange<Int>], _ rulings: [RulingLine]) -> Found? {
        let cols = mergeComplementary(rows, cols)
        guard cols.count >= 2 else { return nil }
        var cellWords = Array(repeating: Array(repeating: [Word](), count: cols.count), count: rows.count)
        var used = Set<Tables.WordRef>()
        for (r, row) in rows.enumerated() {
            for seg in row.segments {
                guard let c = cols.firstIndex(where: { $0.contains(seg.minX) }) else { continue }
                cellWords[r][c] += seg.words.map(\.1)
                used.formUnion(seg.words.map(\.0))
            }
        }
        guard !looksLikeProse(cellWords), !looksLikeList(cellWords) else { return nil }
        var frames: [Tables.CellFrame] = [], words: [[Word]] = []
        for (r, row) in rows.enumerated() {
            for (c, col) in cols.enumerated() {
                frames.append(Tables.CellFrame(row: r, column: c, rowSpan: 1, columnSpan: 1,
                                               box: Box(x: col.lowerBound, y: row.minY, width: col.upperBound - col.lowerBound, height: row.maxY - row.minY)))
                words.append(cellWords[r][c])
            }
        }
        let headers = headerRows(cellWords, ruled: rulingBetween(rows[0], rows[1], cols, rulings))
        let block = Tables.block(frames: frames, words: words, rowCount: rows.count, columnCount: cols.count, headerRows: headers)
        return Found(block: block, words: used)
    }

    /// How many rows at the top are column headers: the leading rows set all in bold; or, in a
    /// table whose first column labels every row below, the leading rows with that column empty
    /// (headings over the numbers, above a blank stub); or one row when a horizontal ruling
    /// separates the first row from the second. At least one row of the body stays below.
    static func headerRows(_ cells: [[[Word]]], ruled: Bool) -> Int {
        let n = cells.count
        var bold = 0
        while bold < n - 1, case let words = cells[bold].flatMap({ $0 }), !words.isEmpty, words.allSatisfy(\.isBold) { bold += 1 }
        var stub = 0
        while stub < n - 1, cells[stub][0].isEmpty { stub += 1 }
        if stub == 0 || !cells[stub...].allSatisfy({ !$0[0].isEmpty }) || n - stub < 2 { stub = 0 }
        return max(bold, stub, ruled ? 1 : 0)
    }

    /// A table found on one side of a gutter whose rows go on across it: the other side's lines
    /// beside the table each sit on one of its rows, and they fill at least half of them. Two
    /// columns of text beside each other have lines at their own pitch; a table's row labels
    /// (or its numbers, across a wide gap) have the table's.
    static func rowsGoOn(_ table: Block, across other: [TextLine]) -> Bool {
        let rows = (0..<table.rowCount).compactMap { r in table.tableCells.first { $0.row == r }.map { $0.box.minY...$0.box.maxY } }
        let beside = other.filter { Int($0.box.midY) >= table.box.minY && Int($0.box.midY) <= table.box.maxY }
        guard !beside.isEmpty else { return false }
        var hit = Set<Int>()
        for line in beside {
            let on = rows.indices.filter { rows[$0].contains(Int(line.box.midY)) }
            guard on.count == 1, hit.insert(on[0]).inserted else { return false }
        }
        return hit.count >= max(2, rows.count / 2)
    }

    /// A cell holding one number: "1374203", "27.6", "(1,234)", "-5%".
    static func isNumber(_ words: [Word]) -> Bool {
        words.count == 1 && words[0].text.range(of: #"^[-+(]?[$€£]?\d[\d.,]*%?\)?$"#, options: .regularExpression) != nil
    }

    private static func looksLikeProse(_ cells: [[[Word]]]) -> Bool {
        // A column of numbers is a table's, whatever the other columns hold (long row labels).
        for c in 0..<cells[0].count {
            let filled = cells.map { $0[c] }.filter { !$0.isEmpty }
            if filled.count >= 3, Double(filled.filter(isNumber).count) >= 0.8 * Double(filled.count) { return false }
        }
        let filledCells = cells.flatMap { $0 }.filter { !$0.isEmpty }
        if Double(filledCells.map(\.count).reduce(0, +)) >= 3.5 * Double(max(1, filledCells.count)) { return true }
        for c in 0..<cells[0].count {
            let filled = cells.map { $0[c] }.filter { !$0.isEmpty }
            guard !filled.isEmpty else { continue }
            let mean = Double(filled.map(\.count).reduce(0, +)) / Double(filled.count)
            if mean >= 4.5 || Double(filled.filter { $0.count >= 5 }.count) >= 0.5 * Double(filled.count) { return true }
        }
        return false
    }

    private static func looksLikeList(_ cells: [[[Word]]]) -> Bool {
        let first = cells.map { $0[0] }.filter { !$0.isEmpty }
        return first.count >= 2 && first.allSatisfy { $0.count == 1 && ListMarker.parse($0[0].text) != nil }
    }

    private static func rulingBetween(_ a: Row, _ b: Row, _ cols: [ClosedRange<Int>], _ rulings: [RulingLine]) -> Bool {
        let x0 = cols.first!.lowerBound, x1 = cols.last!.upperBound
        return rulings.contains { r in
            r.orientation == .horizontal && r.position >= a.minY && r.position <= b.minY
                && r.start <= x0 + (x1 - x0) / 4 && r.end >= x1 - (x1 - x0) / 4
        }
    }
}
