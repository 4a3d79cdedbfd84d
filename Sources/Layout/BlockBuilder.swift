import DocumentModel

/// Groups page items, already in reading order, into headings, lists, paragraphs and tables.
struct BlockBuilder {
    var metrics: PageMetrics
    var options: LayoutOptions
    var regions: [RegionHint]
    var paragraphs: Paragraphs

    func build(_ items: [PageItem]) -> [DraftBlock] {
        var out: [DraftBlock] = []
        var i = 0
        let lists = Lists(metrics: metrics, paragraphs: paragraphs)
        while i < items.count {
            guard let line = items[i].line else {
                if case .table(let t) = items[i] { out.append(DraftBlock(block: t, size: metrics.bodySize)) }
                i += 1; continue
            }
            if isHeading(line) {
                let (block, next) = Headings.collect(items, from: i, metrics: metrics, regions: regions)
                out.append(block); i = next
            } else if options.lists, let (block, next) = lists.collect(items, from: i, isHeading: isHeading) {
                out.append(block); i = next
            } else {
                let (block, next) = paragraph(items, from: i)
                out.append(block); i = next
            }
        }
        for k in out.indices { out[k].relativeSize = out[k].size / max(metrics.bodySize, 1) }
        return out
    }

    /// True when a list really starts at `items[index]` (a lone weak marker does not).
    private func startsList(_ items: [PageItem], at index: Int) -> Bool {
        guard let line = items[index].line, Lists.marker(of: line) != nil else { return false }
        return Lists(metrics: metrics, paragraphs: paragraphs).collect(items, from: index, isHeading: isHeading) != nil
    }

    private func isHeading(_ line: TextLine) -> Bool {
        Headings.isHeading(line, metrics: metrics, regions: regions)
    }

    /// The paragraph starting at `items[start]` (see `Paragraphs` for the rules). Pieces of one
    /// row (a justified line split at a wide space) are joined back before comparing rows.
    private func paragraph(_ items: [PageItem], from start: Int) -> (DraftBlock, Int) {
        var lines = [items[start].line!]
        var row = lines[0]
        var next = start + 1
        while options.paragraphs, next < items.count, let line = items[next].line {
            if Paragraphs.sameRow(line, after: row, metrics: metrics) {
                row = row.with(words: row.words + line.words)
            } else if !isHeading(line), !(options.lists && startsList(items, at: next)),
                      Paragraphs.kind(of: line.text) != .caption, paragraphs.continues(line, after: row) {
                row = line
            } else { break }
            lines.append(line); next += 1
        }
        let text = TextJoin.join(lines.map(\.text))
        return (DraftBlock(kind: Paragraphs.kind(of: text), text: text, lines: lines), next)
    }
}
