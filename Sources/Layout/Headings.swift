import DocumentModel

/// Title and heading rules.
///
/// A line is a heading when its size (font size from a text layer, else line height) is clearly
/// above the page's body size (≥ 1.15× with font sizes, ≥ 1.35× with OCR line heights, which
/// vary with ascenders), or — text layer only — when it is entirely bold, at body size, short
/// (≤ 12 words) and does not end like a sentence; or, for OCR, when it lies in an engine
/// heading region. Heading levels come from size clusters over the whole document (sizes within
/// 10 % are one level; larger is higher). The title is the largest heading of the first page
/// (at most one per document).
enum Headings {
    static func isHeading(_ line: TextLine, metrics: PageMetrics, regions: [RegionHint]) -> Bool {
        guard line.words.count <= 20 else { return false }
        let ratio = line.size / max(metrics.bodySize, 1)
        if metrics.hasFontSizes {
            if ratio >= 1.15 { return true }
            let text = line.text
            return line.isBold && ratio >= 0.9 && line.words.count <= 12
                && !text.hasSuffix(".") && !text.hasSuffix(",") && !text.hasSuffix(";")
        }
        if ratio >= 1.35 { return true }
        let centre = (x: Int(line.box.midX), y: Int(line.box.midY))
        return line.words.count <= 12 && regions.contains { r in
            r.kind == .heading && r.box.minX <= centre.x && centre.x <= r.box.maxX
                && r.box.minY <= centre.y && centre.y <= r.box.maxY
        }
    }

    /// The heading starting at `items[start]`: following lines of the same size, close below
    /// and overlapping it horizontally, belong to it (multi-line headings).
    static func collect(_ items: [PageItem], from start: Int, metrics: PageMetrics,
                        regions: [RegionHint]) -> (DraftBlock, Int) {
        guard let first = items[start].line else { preconditionFailure("a heading starts at a line") }
        var lines = [first]
        var next = start + 1
        while next < items.count, let line = items[next].line,
              isHeading(line, metrics: metrics, regions: regions),
              abs(line.size / first.size - 1) < 0.1, line.isBold == first.isBold,
              Double(line.box.minY - lines.last!.box.maxY) < 0.8 * first.size,
              ReadingOrder.overlapX(line.box, lines.last!.box, 0) {
            lines.append(line); next += 1
        }
        let text = TextJoin.join(lines.map(\.text))
        return (DraftBlock(kind: .heading, text: text, lines: lines), next)
    }

    /// Heading levels from size clusters: sizes sorted descending, a new level where a size is
    /// more than 10 % below the previous cluster's largest size. Returns the level of `size`.
    static func levels(for sizes: [Double]) -> (Double) -> Int {
        let distinct = Array(Set(sizes.map { ($0 * 10).rounded() / 10 })).sorted(by: >)
        var tops: [Double] = []
        for s in distinct where tops.last.map({ s < $0 * 0.9 }) ?? true { tops.append(s) }
        return { size in
            let index = tops.firstIndex { size >= $0 * 0.9 - 0.001 } ?? (tops.count - 1)
            return max(1, index + 1)
        }
    }
}
