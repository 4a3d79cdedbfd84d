import DocumentModel

/// List rules.
/// - An item starts at a line whose first word is a marker (`ListMarker`) followed by text, or
///   "3," where the numbering confirms it (OCR reads "3." so at low resolution: `commaMarker`).
/// - Continuation lines are lines without a marker, close below, either indented past the item's
///   marker (hanging indent, usually aligned with the item's text) or starting back at the
///   marker's x when their first word would not have fitted at the end of the line before (a
///   wrap without hanging indent); they join their item. Any other line ends the list.
/// - Depth comes from the marker's x position: marker indents are clustered (within ½ em) and
///   the n-th indent from the left is depth n.
/// - A list needs ≥ 2 items; a single item is a list only with a strong marker (a bullet glyph
///   such as •, ◦, ▪ that has no other use at a line start). A lone "1." / "-" / "a)" line stays
///   a paragraph (it is more often a numbered heading or a sentence).
/// - Single letters that are roman numerals (i, v, x, …) are roman when a list level starts
///   with "i"/"I" or holds an unambiguous roman marker ("ii", "iv"), letters otherwise.
struct Lists {
    var metrics: PageMetrics
    var paragraphs: Paragraphs

    struct Draft {
        var marker: ListMarker
        var markerX: Int
        var lines: [TextLine]
    }

    static func marker(of line: TextLine) -> ListMarker? {
        guard line.words.count >= 2 else { return nil }
        return ListMarker.parse(line.words[0].text)
    }

    /// "3," opening a line: OCR's reading of "3." at low resolution. A decimal marker only where
    /// the numbering confirms it (`collect`): the item right after "2.", or a first item followed by "2.".
    static func commaMarker(of line: TextLine) -> ListMarker? {
        guard line.words.count >= 2 else { return nil }
        let token = line.words[0].text
        let digits = token.dropLast()
        guard token.hasSuffix(","), !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let n = Int(digits) else { return nil }
        return ListMarker(text: token, type: .decimal, ordinal: n)
    }

    /// `commaMarker(of:)` when it continues the numbering of `previous`.
    private static func sequel(_ line: TextLine, after previous: ListMarker) -> ListMarker? {
        guard previous.type == .decimal, let n = previous.ordinal, let m = commaMarker(of: line), m.ordinal == n + 1 else { return nil }
        return m
    }

    /// The marker opening a list at `items[start]`: a marker, or a comma marker whose next item
    /// (among the next 4 lines) carries the following number with a proper marker.
    private static func opening(_ items: [PageItem], at start: Int) -> ListMarker? {
        guard let first = items[start].line else { return nil }
        if let m = marker(of: first) { return m }
        guard let c = commaMarker(of: first), let n = c.ordinal else { return nil }
        let next = items[(start + 1)..<min(items.count, start + 5)].compactMap(\.line).first { marker(of: $0) != nil }
        return next.flatMap { marker(of: $0) }.map { $0.type == .decimal && $0.ordinal == n + 1 } == true ? c : nil
    }

    /// Collects the list starting at `items[start]`; nil when it is not a list (see the rules).
    func collect(_ items: [PageItem], from start: Int, isHeading: (TextLine) -> Bool) -> (DraftBlock, Int)? {
        guard let first = items[start].line, let m = Self.opening(items, at: start) else { return nil }
        var drafts = [Draft(marker: m, markerX: first.box.minX, lines: [first.dropping(first: 1)!])]
        var previous = first
        var next = start + 1
        let em = metrics.bodySize
        let right = columnRight(items, around: start, first.box)
        while next < items.count, let line = items[next].line, !isHeading(line) {
            let gap = line.gap(after: previous)
            let minMarkerX = drafts.map(\.markerX).min()!
            guard gap > -0.5 * Double(previous.box.height), Double(line.box.minX) > Double(minMarkerX) - em else { break }
            if Paragraphs.sameRow(line, after: previous, metrics: metrics) {
                drafts[drafts.count - 1].lines.append(line)
            } else if let marker = Self.marker(of: line) ?? Self.sequel(line, after: drafts.last!.marker),
                      gap <= paragraphs.splitGap + 1.2 * metrics.bodySize {
                drafts.append(Draft(marker: marker, markerX: line.box.minX, lines: [line.dropping(first: 1)!]))
            } else if gap <= paragraphs.splitGap, Self.marker(of: line) == nil,
                      Double(line.box.minX) > Double(drafts.last!.markerX) + 0.5 * em
                        || wraps(previous, to: line, markerX: drafts.last!.markerX, right: right) {
                drafts[drafts.count - 1].lines.append(line)
            } else { break }
            previous = line; next += 1
        }
        guard drafts.count >= 2 || m.isStrong else { return nil }
        return (block(from: drafts), next)
    }

    /// A wrapped item without hanging indent: the next line starts back at the marker's x, and
    /// its first word would not have fitted at the end of the previous line (a line that ends
    /// early, with room to spare, ends its item).
    private func wraps(_ previous: TextLine, to line: TextLine, markerX: Int, right: Int) -> Bool {
        let room = Double(right - previous.box.maxX)
        let firstWord = Double(line.words[0].box.width) + 0.3 * metrics.bodySize
        return abs(Double(line.box.minX - markerX)) <= 0.5 * metrics.bodySize && room < firstWord
    }

    /// The right edge of the column holding `box`: the furthest right end among nearby lines
    /// (30 items either side in reading order) that overlap it horizontally.
    private func columnRight(_ items: [PageItem], around start: Int, _ box: Box) -> Int {
        let window = items[max(0, start - 30)..<min(items.count, start + 30)]
        return window.compactMap(\.line).filter { ReadingOrder.overlapX($0.box, box, 0) }.map(\.box.maxX).max() ?? box.maxX
    }

    private func block(from drafts: [Draft]) -> DraftBlock {
        let depths = depthOf(drafts.map(\.markerX))
        let markers = resolveRoman(drafts.map(\.marker), depths: depths)
        var items: [ListItem] = []
        for (i, d) in drafts.enumerated() {
            let box = Box.enclosing(d.lines.map(\.box))!.union(Box(x: d.markerX, y: d.lines[0].box.minY, width: 1, height: 1))
            items.append(ListItem(order: i, marker: markers[i].text, markerType: markers[i].type, depth: depths[i],
                                  text: metrics.textJoin.join(d.lines.map(\.text)), box: box))
        }
        let text = items.map { String(repeating: "  ", count: $0.depth) + $0.marker + " " + $0.text }
            .joined(separator: "\n")
        var draft = DraftBlock(kind: .list, text: text, lines: drafts.flatMap(\.lines))
        draft.block.box = Box.enclosing(items.map(\.box))!
        draft.block.listItems = items
        return draft
    }

    private func depthOf(_ xs: [Int]) -> [Int] {
        var levels: [Int] = []
        for x in xs.sorted() where levels.last.map({ Double(x - $0) > 0.5 * metrics.bodySize }) ?? true {
            levels.append(x)
        }
        return xs.map { x in levels.lastIndex { Double($0) <= Double(x) + 0.5 * metrics.bodySize } ?? 0 }
    }

    private func resolveRoman(_ markers: [ListMarker], depths: [Int]) -> [ListMarker] {
        var roman = Set<Int>()
        for depth in Set(depths) {
            let level = zip(markers, depths).filter { $0.1 == depth }.map(\.0)
            let clear = level.contains { $0.romanAlternative == nil && ($0.type == .lowerRoman || $0.type == .upperRoman) }
            let startsAtOne = level.first.map { $0.romanAlternative != nil && $0.asRoman.ordinal == 1 } ?? false
            if clear || startsAtOne { roman.insert(depth) }
        }
        return zip(markers, depths).map { roman.contains($0.1) ? $0.0.asRoman : $0.0 }
    }
}
