import DocumentModel

/// Table rows stacked inside one ruled band. Many ruled tables rule off groups of rows, not each
/// row: a band between two horizontal rulings holds four lines of figures, one per table row
/// ("6 1452 0.837 …", "8 1936 0.293 …"). Read as one row, every cell of the band would hold a
/// column of four numbers and the table's rows would be lost.
///
/// A band is split into one row per text line when
/// - it holds at least two text lines (words grouped by their vertical centres) that do not
///   overlap vertically (by more than a sixth of a word's height);
/// - every line has words in at least two of the grid's columns (a cell's wrapped text only
///   continues in its own column);
/// - at least half of the line pieces (one line's words in one column) hold a digit (stacked
///   rows of figures, not two columns of prose that both wrap).
/// The split is a virtual horizontal line halfway between the lines, across the band.
enum StackedRows {
    /// The grid with a virtual horizontal line between the stacked lines of each band that holds them.
    static func split(_ grid: RulingGrid, words: [Word]) -> RulingGrid {
        let xs = grid.columnBounds, ys = grid.rowBounds
        guard xs.count >= 3, ys.count >= 2, let left = xs.first, let right = xs.last else { return grid }
        let inside = words.filter { Double(left) <= $0.box.midX && $0.box.midX <= Double(right) }
        var added: [RulingLine] = []
        for r in 0..<(ys.count - 1) {
            let band = inside.filter { Double(ys[r]) <= $0.box.midY && $0.box.midY < Double(ys[r + 1]) }
            for y in cuts(band, columns: xs) {
                added.append(RulingLine(orientation: .horizontal, position: y, start: left, end: right, thickness: 0))
            }
        }
        guard !added.isEmpty else { return grid }
        var out = grid
        out.horizontals += added
        return out
    }

    /// The y positions between the band's stacked lines, or none when the band is one row.
    static func cuts(_ band: [Word], columns xs: [Int]) -> [Int] {
        let lines = textLines(band)
        guard lines.count >= 2 else { return [] }
        var pieces = 0, withDigit = 0
        for line in lines {
            let byColumn = Dictionary(grouping: line) { Tables.slot($0.box.midX, in: xs) }
            guard byColumn.count >= 2 else { return [] }
            pieces += byColumn.count
            withDigit += byColumn.values.filter { $0.contains { $0.text.contains(where: \.isNumber) } }.count
        }
        guard 2 * withDigit >= pieces else { return [] }
        var cuts: [Int] = []
        for (upper, lower) in zip(lines, lines.dropFirst()) {
            // Lines that overlap (a superscript beside its line) are one row.
            let bottom = upper.map(\.box.maxY).max()!, top = lower.map(\.box.minY).min()!
            let slack = lower.map(\.box.height).min()! / 6
            guard top + slack >= bottom else { return [] }
            cuts.append((bottom + top) / 2)
        }
        return cuts
    }

    /// Words grouped into lines top to bottom: a word joins the line above when its centre lies
    /// within half the line's median height of the line's centre.
    static func textLines(_ words: [Word]) -> [[Word]] {
        var lines: [[Word]] = []
        for w in words.sorted(by: { $0.box.midY < $1.box.midY }) {
            if let last = lines.last {
                let centre = last.map(\.box.midY).reduce(0, +) / Double(last.count)
                let height = last.map { Double($0.box.height) }.sorted()[last.count / 2]
                if abs(w.box.midY - centre) <= 0.5 * height { lines[lines.count - 1].append(w); continue }
            }
            lines.append([w])
        }
        return lines
    }
}
