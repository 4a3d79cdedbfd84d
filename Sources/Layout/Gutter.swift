import DocumentModel

/// The main vertical gutter of a multi-column page: the widest strip in the middle 60 % of the
/// page that at most ~3 % of the lines cross (full-width titles and headings do) and that is at
/// least one body size wide, with lines on both sides.
struct Gutter {
    var range: ClosedRange<Int>

    static func find(_ lines: [TextLine], metrics: PageMetrics) -> Gutter? {
        guard lines.count >= 6, metrics.pageWidth > 0 else { return nil }
        let width = metrics.pageWidth
        let cover = Self.cover(lines, width: width)
        let allowed = max(1, lines.count * 3 / 100)
        var best: ClosedRange<Int>? = nil
        var start: Int? = nil
        for x in (width / 5)...(width * 4 / 5) {
            if cover[x] <= allowed {
                if start == nil { start = x }
                if let s = start, x - s > (best.map { $0.upperBound - $0.lowerBound } ?? -1) { best = s...x }
            } else { start = nil }
        }
        guard let b = best, Double(b.upperBound - b.lowerBound) >= metrics.bodySize else { return nil }
        let g = Gutter(range: b)
        let sides = g.sides(of: lines)
        return sides[0].count >= 3 && sides[1].count >= 3 ? g : nil
    }

    /// How many lines cover each x of `0...width` (their spans clamped to the page): +1 where a
    /// span starts, −1 after it ends, summed left to right — one pass over the width, not one
    /// per line and pixel. (One more slot at the end holds the ends at `width`.)
    static func cover(_ lines: [TextLine], width: Int) -> [Int] {
        var cover = Array(repeating: 0, count: width + 2)
        for l in lines {
            let span = max(0, l.box.minX)...min(width, max(0, l.box.maxX))
            cover[span.lowerBound] += 1; cover[span.upperBound + 1] -= 1
        }
        for x in stride(from: 1, through: width, by: 1) { cover[x] += cover[x - 1] }
        return cover
    }

    /// Indices of the lines entirely left and entirely right of the gutter.
    func sides(of lines: [TextLine]) -> [[Int]] {
        [lines.indices.filter { lines[$0].box.maxX <= range.upperBound },
         lines.indices.filter { lines[$0].box.minX >= range.lowerBound }]
    }
}
