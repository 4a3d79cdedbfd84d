import DocumentModel

/// The main vertical gutter of a multi-column page: the widest strip in the middle 60 % of the
/// page that at most ~3 % of the lines cross (full-width titles and headings do) and that is at
/// least one body size wide, with lines on both sides.
struct Gutter {
    var range: ClosedRange<Int>

    static func find(_ lines: [TextLine], metrics: PageMetrics) -> Gutter? {
        guard lines.count >= 6, metrics.pageWidth > 0 else { return nil }
        let width = metrics.pageWidth
        var cover = Array(repeating: 0, count: width + 1)
        for l in lines {
            for x in max(0, l.box.minX)...min(width, max(0, l.box.maxX)) { cover[x] += 1 }
        }
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

    /// Indices of the lines entirely left and entirely right of the gutter.
    func sides(of lines: [TextLine]) -> [[Int]] {
        [lines.indices.filter { lines[$0].box.maxX <= range.upperBound },
         lines.indices.filter { lines[$0].box.minX >= range.lowerBound }]
    }
}
