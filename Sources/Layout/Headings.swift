import DocumentModel

/// Title and heading rules.
///
/// A line is a heading when its size (font size from a text layer, else line height) is clearly
/// above the page's body size (≥ 1.15× with font sizes; with OCR, where the size is the median
/// word height, ≥ 1.35×, or ≥ 1.2× for lines of ≤ 12 words, or ≥ 1.08× for numbered headings
/// such as "3.1 Results"), or — text layer only — when it is entirely bold, at body size, short
/// (≤ 12 words) and does not end like a sentence; or, for OCR, when it lies in an engine
/// heading region. Heading levels come from size clusters over the whole document (sizes less
/// than 8 % apart are one level; larger is higher). The title is the largest heading of the first page
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
        if ratio >= 1.35 || (ratio >= 1.2 && line.words.count <= 12) { return true }
        if ratio >= 1.08, isNumberedHeading(line) { return true }
        let centre = (x: Int(line.box.midX), y: Int(line.box.midY))
        return line.words.count <= 12 && regions.contains { r in
            r.kind == .heading && r.box.minX <= centre.x && centre.x <= r.box.maxX
                && r.box.minY <= centre.y && centre.y <= r.box.maxY
        }
    }

    /// "3", "3.1", "A.2" followed by a capitalised word, ≤ 10 words, no final period.
    static func isNumberedHeading(_ line: TextLine) -> Bool {
        guard line.words.count >= 2, line.words.count <= 10, !line.text.hasSuffix(".") else { return false }
        let parts = line.words[0].text.split(separator: ".", omittingEmptySubsequences: true)
        guard !parts.isEmpty, parts.count <= 4, parts.allSatisfy({ $0.allSatisfy(\.isNumber) || ($0.count == 1 && $0.first!.isUppercase) }),
              parts.contains(where: { $0.allSatisfy(\.isNumber) }) else { return false }
        return line.words[1].text.first?.isUppercase == true
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
              line.gap(after: lines.last!) < 0.8 * first.size,
              ReadingOrder.overlapX(line.box, lines.last!.box, 0) {
            lines.append(line); next += 1
        }
        let text = TextJoin.join(lines.map(\.text))
        return (DraftBlock(kind: .heading, text: text, lines: lines), next)
    }

    /// Heading levels from size clusters: distinct sizes sorted descending, a new level where a
    /// size is more than 8 % below the previous (next larger) size — single linkage, so OCR
    /// noise around one size stays one level. Returns the level of `size` (1 = largest).
    static func levels(for sizes: [Double]) -> (Double) -> Int {
        let distinct = Array(Set(sizes.map { ($0 * 10).rounded() / 10 })).sorted(by: >)
        var levelOf: [Double: Int] = [:]
        var level = 1
        for (i, s) in distinct.enumerated() {
            if i > 0, s < distinct[i - 1] * 0.92 { level += 1 }
            levelOf[s] = level
        }
        return { size in
            let key = (size * 10).rounded() / 10
            if let l = levelOf[key] { return l }
            let nearest = distinct.min { abs($0 - size) < abs($1 - size) }
            return nearest.flatMap { levelOf[$0] } ?? 1
        }
    }
}
