import DocumentModel

/// One page's draft blocks in reading order (header lines first, footer lines last).
struct DraftPage {
    /// In the frame the page was laid out in: a right-to-left page's are on its mirror image
    /// until `LayoutAnalyzer.finish` has linked them and mirrors them back.
    var blocks: [DraftBlock]
    /// The keys of the page's margin lines that are running headers or footers only if the
    /// document repeats them (`HeadersFooters.MarginLines.undecidedKeys`): `repeatedMargins`
    /// changes the page's layout only through those.
    var marginKeys: Set<String>
    /// For a right-to-left page, laid out mirrored: the mirror that puts `blocks` back on the page.
    var mirror: Mirror?
}

/// Lays out one page into draft blocks in reading order (header lines first, footer lines last).
struct PageAnalyzer {
    var input: LayoutInput
    var repeatedMargins: Set<String>
    /// The dictionary for line-end hyphens (`TextJoin`); nil: none.
    var lexicon: (any Lexicon)?
    /// True when `input` is a right-to-left page's mirror image (`Mirror`).
    private var mirrored = false

    init(input: LayoutInput, repeatedMargins: Set<String>, lexicon: (any Lexicon)?) {
        self.input = input; self.repeatedMargins = repeatedMargins; self.lexicon = lexicon
    }

    /// The page's draft blocks: a right-to-left page is laid out as its mirror image.
    func draft() -> DraftPage {
        guard !mirrored, WritingDirection.isRightToLeft(page: input.lines) else {
            let page = layOut()
            return DraftPage(blocks: page.blocks, marginKeys: page.marginKeys, mirror: nil)
        }
        let mirror = Mirror(width: input.pageWidth)
        var analyzer = PageAnalyzer(input: mirror(input), repeatedMargins: repeatedMargins, lexicon: lexicon)
        analyzer.mirrored = true
        let page = analyzer.layOut()
        return DraftPage(blocks: page.blocks, marginKeys: page.marginKeys, mirror: mirror)
    }

    private func layOut() -> (blocks: [DraftBlock], marginKeys: Set<String>) {
        let lines = TextLine.mergeLoneMarkers(TextLine.make(from: input.lines, splitGap: PageMetrics.splitGap(for: input.lines),
                                                            mirrored: mirrored))
        let metrics = PageMetrics(lines: lines, pageWidth: input.pageWidth, pageHeight: input.pageHeight,
                                  lexicon: lexicon)
        let margins = HeadersFooters.marginLines(lines, pageHeight: input.pageHeight)
        let parts = HeadersFooters.split(lines, margins: margins, repeated: repeatedMargins)
        var body = parts.body
        var tables: [Block] = []
        if input.options.tables {
            (tables, body) = Tables.extract(lines: body, rulings: input.rulings, metrics: metrics)
        }
        var figures: [Block] = [], subcaptions: [Block] = []
        if !input.figures.isEmpty {
            (figures, body, tables, subcaptions) = Figures.extract(candidates: input.figures, lines: body, tables: tables, metrics: metrics)
        }
        body = TextLine.rejoin(body, gutter: Gutter.find(body, metrics: metrics))
        var items = ordered(body.map(PageItem.line) + (tables + figures).map(PageItem.block), tables: tables + figures,
                            metrics: metrics)
        // A figure's sub-captions are read right after it, row by row, each row left to right
        // (though one label sits a few pixels lower than the next).
        for sub in ReadingOrder.rows(subcaptions.map(\.box)).map({ subcaptions[$0] }).reversed() {
            guard let k = items.firstIndex(where: { item in
                if case .block(let b) = item { return b.kind == .figure && Figures.contains(b.box, sub.box) }
                return false
            }) else { continue }
            items.insert(.block(sub), at: k + 1)
        }
        let builder = BlockBuilder(metrics: metrics, options: input.options,
                                   paragraphs: Paragraphs(ordered: items.compactMap(\.line), metrics: metrics))
        // Footnotes are read after the body of the page, whichever column they close.
        var blocks = builder.build(items)
        Fragments.absorb(&blocks, em: metrics.bodySize)
        Equations.absorbPieces(&blocks, em: metrics.bodySize)
        EngineParagraphs.join(&blocks, metrics: metrics)
        Headings.stack(&blocks, join: metrics.textJoin)
        Headlines.extend(&blocks, join: metrics.textJoin)
        EngineTables.join(&blocks, regions: input.regions, em: metrics.bodySize)
        let main = blocks.filter { $0.block.kind != .footnote }, notes = blocks.filter { $0.block.kind == .footnote }
        var page = margin(parts.header, .header) + main + notes + margin(parts.footer, .footer)
        if lines.contains(where: \.ink) {
            TypeBody.mark(&page, em: metrics.bodySize, pageWidth: input.pageWidth, pageHeight: input.pageHeight)
        }
        return (page, Set(margins.undecidedKeys.values))
    }

    private func ordered(_ items: [PageItem], tables: [Block], metrics: PageMetrics) -> [PageItem] {
        let separators = input.rulings.filter { r in
            r.orientation == .horizontal && r.length >= input.pageWidth / 4
                && !tables.contains { t in t.box.minY - 4 <= r.position && r.position <= t.box.maxY + 4 }
        }.map { Box(x: $0.start, y: $0.position, width: $0.length, height: max(1, $0.thickness)) }
        let tol = max(1, Int(0.2 * metrics.bodySize))
        return ReadingOrder.order(items.map(\.box), separators: separators, tolerance: tol).map { items[$0] }
    }

    /// Header or footer lines as blocks, in reading order: a page number beside a running title
    /// on the same row comes first when it is on the left, whichever box starts higher.
    private func margin(_ lines: [TextLine], _ kind: BlockKind) -> [DraftBlock] {
        ReadingOrder.rows(lines.map(\.box)).map { DraftBlock(kind: kind, text: lines[$0].text, lines: [lines[$0]]) }
    }
}
