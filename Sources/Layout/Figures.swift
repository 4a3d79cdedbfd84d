import DocumentModel

/// Figure rules: which candidate non-text regions of the page image (`LayoutInput.figures`)
/// are figures, how far they reach, and which words they take.
///
/// All measures are in body sizes (em), so they hold at any resolution.
/// - A candidate smaller than 3 × 2 em is ignored.
/// - A candidate that holds mostly a table (the table covers ≥ half of it) is the table's grid:
///   the table stays. A table mostly inside a larger candidate (chart tick labels in columns)
///   is part of the figure and is dropped.
/// - A candidate whose text is prose is a framed text box, not a figure: its words cover ≥ 20 %
///   of its area, or ≥ 3 of its lines are prose (≥ 5 words, mostly letters, ≥ 60 % of its width),
///   or ≥ 4 of its lines are text rows (≥ 3 words, mostly letters, read with confidence ≥ 60).
///   In a candidate at least 8 em on each side, only words read with confidence ≥ 50 count, and
///   prose lines read so on average: what OCR makes of a photo or an engraving is words of
///   confidence 20–50 that can cover most of it. (A smaller candidate may be a few glyphs of
///   display type, a chapter number, that OCR misreads: its words count whatever they are.)
///   A candidate touching one page edge is text from a 10 % word cover (a shaded corner of a
///   photographed receipt behind its totals).
/// - A candidate touching two edges of the page is the dark background of a scan or photo.
/// - A figure grows over its labels: lines within 1.5 em of it that are short (≤ 4 words or
///   not text-like) and at most half its width, and not captions; by at most 6 em on a side
///   (tick labels and axis titles are narrower: the pieces OCR makes of a text column running
///   beside an engraving would take the column in).
/// - Panels of one figure are one figure: figures closer than 2 em side by side or one above
///   the other, or 3 em one above the other with nothing between, or whose gap (≤ 6 em) holds
///   only panel labels ("(a) Original image (b) Noisy image") are joined, with the panel labels
///   right below them.
/// - The lines whose centre lies inside a figure belong to it: they are not paragraphs; their
///   words, top to bottom, are the figure's text.
/// - Except sub-captions: a line inside a figure but outside all of its pictures (the candidate
///   regions) that opens with a panel label ("(b) Noisy image, PSNR = 13.55"), with the lines
///   close below it that continue it, is a `caption` of that figure. A line holding several
///   panel labels side by side is cut before each. (Labels drawn inside a picture are part of it.)
/// Figures that overlap become one.
enum Figures {
    static func extract(candidates: [Box], lines: [TextLine], tables: [Block],
                        metrics: PageMetrics) -> (figures: [Block], lines: [TextLine], tables: [Block], subcaptions: [Block]) {
        let em = max(metrics.bodySize, 1)
        var tables = tables
        var figures: [Box] = []
        var pictures: [Box] = []
        for var region in candidates where Double(region.width) >= 3 * em && Double(region.height) >= 2 * em {
            let edges = touchesEdges(region, metrics)
            if edges >= 2 { continue }
            if tables.contains(where: { t in (t.box.intersection(region)?.area ?? 0) * 2 >= region.area }) { continue }
            if isTextBox(region, lines: lines, em: em, cover: edges == 0 ? textBoxWordCover : edgeTextBoxWordCover) { continue }
            tables.removeAll { t in (t.box.intersection(region)?.area ?? 0) * 2 >= t.box.area }
            pictures.append(region)
            let picture = region
            for _ in 0..<2 { region = grown(region, from: picture, lines: lines, em: em) }
            figures.append(region)
        }
        figures = panelsJoined(merged(figures), lines: lines, em: em)
        // Sub-captions: label lines inside a figure, continued by lines close below (inside or not).
        let labelRows = Set(lines.filter(holdsPanelLabel).map(\.source))
        let free = lines.filter { l in !pictures.contains { $0.intersection(l.box) != nil } }
            .flatMap { splitAtPanelLabels($0, rowHoldsLabels: labelRows.contains($0.source)) }
        let groups = subcaptionGroups(free, labelAllowed: { l in figures.contains { contains($0, l.box) } }, em: em)
        var subcaptions: [Block] = []
        for g in groups {
            let box = Box.enclosing(g.map(\.box))!
            if let k = figures.firstIndex(where: { contains($0, g[0].box) }) { figures[k] = figures[k].union(box) }
            subcaptions.append(Block(kind: .caption, readingOrder: 0, text: metrics.textJoin.join(g.map(\.text)), box: box))
        }
        let rest = lines.filter { l in !figures.contains { contains($0, l.box) } }
        // A figure's text is the words it holds (tick labels, a legend, or whatever OCR read in
        // a photo), top to bottom, so that the page's text and its search lose none of them.
        let captionWords = Set(groups.flatMap { $0.flatMap { $0.words.map(\.box) } })
        let blocks = figures.map { figure in
            let held = lines.filter { contains(figure, $0.box) }.sorted { ($0.box.minY, $0.box.minX) < ($1.box.minY, $1.box.minX) }
                .map { $0.words.filter { !captionWords.contains($0.box) }.map(\.text).joined(separator: " ") }
                .filter { !$0.isEmpty }
            return Block(kind: .figure, readingOrder: 0, text: held.joined(separator: "\n"), box: figure)
        }
        return (blocks, rest, tables, subcaptions)
    }

    /// Groups of sub-caption lines (see the rules): a label line for which `labelAllowed`
    /// holds, then the lines without a label close below it (≤ 0.8 em) that start within its span.
    static func subcaptionGroups(_ pieces: [(line: TextLine, label: Bool)], labelAllowed: (TextLine) -> Bool,
                                 em: Double) -> [[TextLine]] {
        let sorted = pieces.sorted { ($0.line.box.minY, $0.line.box.minX) < ($1.line.box.minY, $1.line.box.minX) }
        let free = sorted.map(\.line)
        var groups: [[TextLine]] = []
        var used = Set<Int>()
        for (i, l) in free.enumerated() where sorted[i].label && labelAllowed(l) {
            var group = [l]
            used.insert(i)
            while let j = free.indices.first(where: { j in
                !used.contains(j) && !sorted[j].label && free[j].box.minY > group.last!.box.minY
                    && Double(free[j].box.minY - group.last!.box.maxY) <= 0.8 * em
                    && free[j].box.minX >= group.last!.box.minX - Int(em) && free[j].box.minX < group.last!.box.maxX
            }) {
                group.append(free[j]); used.insert(j)
            }
            groups.append(group)
        }
        return groups
    }

    /// A line cut before each panel label after its first word ("(c) NLEM, SNR = (d) VNLEM" → two),
    /// each piece marked as a sub-caption start when it opens with a label, or when its OCR line
    /// (`rowHoldsLabels`) holds labels further on (its own label misread: ") NLEM, …").
    static func splitAtPanelLabels(_ line: TextLine, rowHoldsLabels: Bool) -> [(line: TextLine, label: Bool)] {
        var pieces: [[Word]] = [[]]
        for w in line.words {
            if !pieces[pieces.count - 1].isEmpty, isPanelLabel(w.text) { pieces.append([]) }
            pieces[pieces.count - 1].append(w)
        }
        return pieces.map { (line.with(words: $0), rowHoldsLabels || isPanelLabel($0[0].text)) }
    }

    /// True when `box`'s centre lies inside `region`.
    static func contains(_ region: Box, _ box: Box) -> Bool {
        Double(region.minX) <= box.midX && box.midX <= Double(region.maxX)
            && Double(region.minY) <= box.midY && box.midY <= Double(region.maxY)
    }

    /// The share of a candidate's area its words cover from which it is text, not a figure.
    /// Measured on the dev set's real pages: the words inside charts and diagrams cover 3–5 %
    /// of them, the words of a framed tax summary on a receipt 25–28 %.
    static let textBoxWordCover = 0.2
    /// The same for a candidate touching a page edge, more often the shadow or background of a
    /// photographed page than a picture: a receipt's shaded corner behind its totals holds words
    /// over 18 % of it, a full-bleed photo or chart far fewer.
    static let edgeTextBoxWordCover = 0.1

    /// Words read with less confidence are no evidence of text in a figure candidate (see the rules).
    static let readableConfidence = 50.0

    /// The side (in em) from which a candidate is a picture whose unsure words are no evidence of text.
    static let pictureSide = 8.0

    private static func isTextBox(_ region: Box, lines: [TextLine], em: Double, cover: Double) -> Bool {
        let inside = lines.filter { contains(region, $0.box) }
        let least = Double(min(region.width, region.height)) >= pictureSide * em ? readableConfidence : 0
        let wordArea = inside.flatMap(\.words).filter { $0.confidence >= least }
            .reduce(0) { $0 + ($1.box.intersection(region)?.area ?? 0) }
        if Double(wordArea) >= cover * Double(region.area) { return true }
        let prose = inside.filter { l in
            l.words.count >= 5 && Headings.isTextLike(l) && Double(l.box.width) >= 0.6 * Double(region.width)
                && l.words.map(\.confidence).reduce(0, +) >= least * Double(l.words.count)
        }
        let rows = inside.filter { l in
            l.words.count >= 3 && Headings.isTextLike(l) && l.words.map(\.confidence).reduce(0, +) >= 60 * Double(l.words.count)
        }
        return prose.count >= 3 || rows.count >= 4
    }

    /// How many page edges `region` touches (within 0.5 % of the page size).
    private static func touchesEdges(_ region: Box, _ metrics: PageMetrics) -> Int {
        let mx = max(1, metrics.pageWidth / 200), my = max(1, metrics.pageHeight / 200)
        return [region.minX <= mx, region.minY <= my,
                region.maxX >= metrics.pageWidth - mx, region.maxY >= metrics.pageHeight - my].filter { $0 }.count
    }

    /// The furthest a figure grows beyond its picture on any side, in em.
    static let labelReach = 6.0

    private static func grown(_ region: Box, from picture: Box, lines: [TextLine], em: Double) -> Box {
        let reach = Int(1.5 * em), most = Int(labelReach * em)
        let near = region.expanded(by: reach), limit = picture.expanded(by: most)
        var out = region
        for l in lines where !contains(region, l.box) && near.intersection(l.box) != nil && limit.union(l.box) == limit {
            let label = l.words.count <= 4 || !Headings.isTextLike(l)
            if label, l.box.width * 2 <= region.width, Paragraphs.kind(of: l.text) != .caption { out = out.union(l.box) }
        }
        return out
    }

    /// True for a line holding a panel label: a row of sub-captions is one even when OCR misread its first label.
    static func holdsPanelLabel(_ line: TextLine) -> Bool { line.words.contains { isPanelLabel($0.text) } }

    /// True for a panel label word: "(a)" … "(h)", "a)" … "h)".
    static func isPanelLabel(_ word: String) -> Bool {
        var s = Substring(word)
        if s.hasPrefix("(") { s = s.dropFirst() }
        guard s.hasSuffix(")") else { return false }
        s = s.dropLast()
        return s.count == 1 && ("a"..."h").contains(String(s))
    }

    private static func panelsJoined(_ boxes: [Box], lines: [TextLine], em: Double) -> [Box] {
        var out = boxes
        // Panel labels right below a panel (within 2 em, inside its columns) belong to it.
        for k in out.indices {
            for l in lines where holdsPanelLabel(l) && Double(l.box.minY - out[k].maxY) <= 2 * em && l.box.minY >= out[k].maxY - Int(em)
                && ReadingOrder.overlapX(l.box, out[k], 0) {
                out[k] = out[k].union(Box(x: max(l.box.minX, out[k].minX), y: l.box.minY,
                                          width: min(l.box.maxX, out[k].maxX) - max(l.box.minX, out[k].minX), height: l.box.height))
            }
        }
        var joined = true
        while joined {
            joined = false
            search: for i in out.indices {
                for j in out.indices where j > i && joinable(out[i], out[j], lines: lines, em: em) {
                    out[i] = out[i].union(out[j]); out.remove(at: j); joined = true
                    break search
                }
            }
        }
        return merged(out)
    }

    private static func joinable(_ a: Box, _ b: Box, lines: [TextLine], em: Double) -> Bool {
        let gapX = Double(max(a.minX, b.minX) - min(a.maxX, b.maxX))
        let gapY = Double(max(a.minY, b.minY) - min(a.maxY, b.maxY))
        let overlapX = gapX < 0, overlapY = gapY < 0
        if (overlapY && gapX <= 2 * em) || (overlapX && gapY <= 2 * em) { return true }
        guard overlapX, gapY <= 6 * em else { return false }
        let top = min(a.maxY, b.maxY), bottom = max(a.minY, b.minY)
        let between = lines.filter { l in l.box.midY > Double(top) && l.box.midY < Double(bottom)
            && ReadingOrder.overlapX(l.box, a.union(b), 0) }
        return between.isEmpty ? gapY <= 3 * em : between.allSatisfy(holdsPanelLabel)
    }

    private static func merged(_ boxes: [Box]) -> [Box] {
        var out: [Box] = []
        for b in boxes {
            var b = b
            while let k = out.firstIndex(where: { $0.intersection(b) != nil }) { b = b.union(out.remove(at: k)) }
            out.append(b)
        }
        return out
    }
}

