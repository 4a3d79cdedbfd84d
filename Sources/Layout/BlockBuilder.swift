import DocumentModel

/// Groups page items, already in reading order, into headings, lists, paragraphs and tables.
struct BlockBuilder {
    var metrics: PageMetrics
    var options: LayoutOptions
    var paragraphs: Paragraphs

    /// A page narrower than 32 body sizes (a till receipt: about 40 characters; the dev set's
    /// receipts measure 20–30, its journal pages 48–64) holds no display formulas: a line with
    /// "=" there is a label and an amount ("= 37.92 2.44"), a dashed rule read as "---=--".
    static let narrowestPageWithMath = 32.0

    var hasDisplayMath: Bool { Double(metrics.pageWidth) >= Self.narrowestPageWithMath * max(metrics.bodySize, 1) }

    func build(_ items: [PageItem]) -> [DraftBlock] {
        var out: [DraftBlock] = []
        var i = 0
        let lists = Lists(metrics: metrics, paragraphs: paragraphs)
        while i < items.count {
            guard let line = items[i].line else {
                if case .block(let b) = items[i] { out.append(DraftBlock(block: b, size: metrics.bodySize)) }
                i += 1; continue
            }
            let list = options.lists && (Lists.marker(of: line) ?? Lists.commaMarker(of: line)) != nil
                ? lists.collect(items, from: i, isHeading: isLarger) : nil
            // A one-line "list" that opens the page and passes the heading rules is a slide's title.
            if isHeading(items, at: i), list == nil || isLarger(line) || (list!.1 == i + 1 && Self.opensPage(items, at: i)) {
                let (block, next) = Headings.collect(items, from: i, metrics: metrics)
                out.append(block); i = next
            } else if let (block, next) = list {
                out.append(block); i = next
            } else if hasDisplayMath, Equations.isDisplay(line) {
                let (blocks, next) = Equations.collect(items, from: i, paragraphs: paragraphs, metrics: metrics)
                out += blocks; i = next
            } else {
                let (block, next) = paragraph(items, from: i)
                out.append(block); i = next
            }
        }
        for k in out.indices { out[k].relativeSize = out[k].size / max(metrics.bodySize, 1) }
        References.mark(&out, em: metrics.bodySize, lineGap: paragraphs.normalGap, join: metrics.textJoin)
        markFootnotes(&out)
        return out
    }

    /// Footnotes: paragraphs of ≥ 4 words in the lower half of the page set clearly smaller than
    /// the body (text size ≤ 0.85×) with no body-size text below them in their column.
    private func markFootnotes(_ blocks: inout [DraftBlock]) {
        let body = max(metrics.bodySize, 1)
        for k in blocks.indices where blocks[k].block.kind == .paragraph {
            let box = blocks[k].block.box
            guard blocks[k].textSize <= 0.85 * body, 2 * box.minY >= metrics.pageHeight,
                  blocks[k].block.text.split(separator: " ").count >= 4 else { continue }
            let bodyBelow = blocks.contains { o in
                [.paragraph, .list, .heading, .equation].contains(o.block.kind) && o.block.box.minY > box.maxY
                    && ReadingOrder.overlapX(o.block.box, box, 0) && o.textSize > 0.9 * body
            }
            if !bodyBelow { blocks[k].block.kind = .footnote }
        }
    }

    /// True when a list really starts at `items[index]` (a lone weak marker does not).
    private func startsList(_ items: [PageItem], at index: Int) -> Bool {
        guard let line = items[index].line, (Lists.marker(of: line) ?? Lists.commaMarker(of: line)) != nil else { return false }
        return Lists(metrics: metrics, paragraphs: paragraphs).collect(items, from: index, isHeading: isLarger) != nil
    }

    /// No text line comes before `items[index]` in reading order (running headers are not items).
    static func opensPage(_ items: [PageItem], at index: Int) -> Bool { !items[..<index].contains { $0.line != nil } }

    private func isLarger(_ line: TextLine) -> Bool { Headings.isLarger(line, metrics: metrics) }

    /// The heading rules for `items[index]` with its surroundings: space above and below is
    /// "clearly larger" beyond the paragraph split gap, or when no line of its column is there.
    private func isHeading(_ items: [PageItem], at index: Int) -> Bool {
        guard let line = items[index].line else { return false }
        func space(_ other: Int) -> Bool {
            guard items.indices.contains(other), let o = items[other].line,
                  ReadingOrder.overlapX(o.box, line.box, 0) else { return true }
            let gap = other < index ? line.gap(after: o) : o.gap(after: line)
            return gap > paragraphs.splitGap
        }
        var afterSentence = false
        if items.indices.contains(index - 1), let above = items[index - 1].line, ReadingOrder.overlapX(above.box, line.box, 0),
           let last = above.text.last {
            afterSentence = ".!?".contains(last)
        }
        return Headings.isHeading(line, metrics: metrics,
                                  context: Headings.Context(spaceAbove: space(index - 1), spaceBelow: space(index + 1),
                                                            afterSentence: afterSentence,
                                                            opensPage: Self.opensPage(items, at: index)))
    }

    /// True when `line` is set like the paragraph's `row` above it (≥ 2 words each, sizes within
    /// `tolerance`, both bold or neither) and opens with no section number: a line the heading
    /// rules take for larger than the body (on a title page, say) is then the paragraph's next
    /// line, as the paragraph is as large. (Inside a paragraph there is no space above it.)
    static func sameStyle(_ line: TextLine, as row: TextLine, tolerance: Double) -> Bool {
        line.words.count >= 2 && row.words.count >= 2 && abs(line.size / max(row.size, 1) - 1) <= tolerance
            && line.isBold == row.isBold && Headings.sectionDepth(line, letters: true) == nil
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
            } else if !isHeading(items, at: next) || Self.sameStyle(line, as: row, tolerance: paragraphs.sizeTolerance),
                      !(options.lists && startsList(items, at: next)),
                      !hasDisplayMath || !Equations.isDisplay(line) || paragraphs.fillsMeasure(line, paragraph: lines),
                      Paragraphs.kind(of: line.text) != .caption, paragraphs.continues(line, after: row),
                      !paragraphs.endsShort(row, before: line, paragraph: lines),
                      !EngineParagraphs.breaks(before: line, after: row, paragraph: lines, em: metrics.bodySize),
                      !paragraphs.isOutdent(line, paragraph: lines) {
                row = line
            } else { break }
            lines.append(line); next += 1
        }
        let text = metrics.textJoin.join(lines.map(\.text))
        return (DraftBlock(kind: Paragraphs.kind(of: text), text: text, lines: lines), next)
    }
}
