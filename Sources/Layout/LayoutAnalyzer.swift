import DocumentModel

/// Page layout analysis in the shape of Vision's `RecognizeDocumentsRequest`: title, headings,
/// paragraphs, lists (items with markers), tables (cells with spans), figures with captions,
/// equations, footnotes and reference lists, in reading order.
///
/// Pure: works on word and line boxes (OCR or a PDF text layer), ruling lines and figure regions only.
/// See each rule's file for the thresholds: `ReadingOrder`, `Headings`, `Paragraphs`,
/// `Lists`, `ListMarker`, `RuledTables`, `UnruledTables`, `HeadersFooters`, `Figures`, `Captions`,
/// `Equations`, `References`, `Fragments`, `TextJoin`, `Continuations`.
public enum LayoutAnalyzer {
    /// Lays out every page of a document: headers/footers are the margin lines repeated across
    /// pages, heading levels come from the sizes over the whole document, and at most one title
    /// (the most prominent heading of the first page) is chosen. `lexicon` tells line-break
    /// hyphens from compound hyphens where lines are joined (`TextJoin`); nil: every hyphen
    /// before a lowercase letter is a line-break hyphen.
    public static func analyzeDocument(pages: [LayoutInput], lexicon: (any Lexicon)? = nil) -> [[Block]] {
        let repeated = HeadersFooters.repeatedKeys(pages: pages)
        let drafts = pages.map { PageAnalyzer(input: $0, repeatedMargins: repeated, lexicon: lexicon).draft() }
        return finish(drafts)
    }

    /// Lays out one page on its own (a rerun of one page). `isFirstPage` allows a title;
    /// `repeatedMargins` are header/footer keys found over the document
    /// (`HeadersFooters.repeatedKeys(pages:)`), empty when unknown. `lexicon`: as in
    /// `analyzeDocument(pages:lexicon:)`.
    public static func analyze(page: LayoutInput, isFirstPage: Bool = true,
                               repeatedMargins: Set<String> = [], lexicon: (any Lexicon)? = nil) -> [Block] {
        layOut(page: page, isFirstPage: isFirstPage, repeatedMargins: repeatedMargins, lexicon: lexicon).blocks
    }

    /// One page laid out on its own, as `analyze(page:isFirstPage:repeatedMargins:lexicon:)`
    /// does, with what tells whether other `repeatedMargins` would change it.
    public struct PageLayout: Sendable {
        public var blocks: [Block]
        /// The keys (`HeadersFooters.key`) of the page's margin lines that are running headers or
        /// footers only when the document repeats them: two `repeatedMargins` sets holding the
        /// same of these keys lay the page out alike. The others are decided on the page alone
        /// (page numbers, running titles on their row) or lie outside the margins.
        public var marginKeys: Set<String>

        public init(blocks: [Block], marginKeys: Set<String>) { self.blocks = blocks; self.marginKeys = marginKeys }
    }

    public static func layOut(page: LayoutInput, isFirstPage: Bool = true,
                              repeatedMargins: Set<String> = [], lexicon: (any Lexicon)? = nil) -> PageLayout {
        let draft = PageAnalyzer(input: page, repeatedMargins: repeatedMargins, lexicon: lexicon).draft()
        return PageLayout(blocks: finish([draft], titleAllowed: isFirstPage)[0], marginKeys: draft.marginKeys)
    }

    /// Title, heading levels, reading-order numbers and caption links.
    /// Captions and continuations are linked on a right-to-left page's mirror image, as it was
    /// laid out (the next column is then to the right); its blocks are then mirrored back.
    static func finish(_ drafts: [DraftPage], titleAllowed: Bool = true) -> [[Block]] {
        var pages = drafts.map(\.blocks)
        if titleAllowed, !pages.isEmpty, let t = titleIndex(pages[0]) {
            pages[0][t].block.kind = .title
        }
        let sizes = pages.flatMap { $0.filter { $0.block.kind == .heading && $0.sectionDepth == nil }.map(\.size) }
        let level = Headings.levels(for: sizes)
        return zip(pages, drafts).map { page, draft in
            var page = page
            for i in page.indices {
                page[i].block.readingOrder = i
                if page[i].block.kind == .heading { page[i].block.level = page[i].sectionDepth ?? level(page[i].size) }
            }
            Captions.link(&page)
            Continuations.mark(&page)
            if let mirror = draft.mirror { page = page.map { mirror($0) } }
            return page.map(TypeBody.apply)
        }
    }

    /// The title: the largest heading on the page, if it is larger than body text (≥ 1.15×),
    /// and lies in the upper half of the page's text. When other headings are as large, the
    /// largest one wins only if it opens the page (the first block below any running header),
    /// as a document's title does when it shares its style with section headings.
    static func titleIndex(_ page: [DraftBlock]) -> Int? {
        let headings = page.indices.filter { page[$0].block.kind == .heading && page[$0].sectionDepth == nil }
        guard let top = headings.max(by: { (page[$0].size, -page[$0].block.box.minY) < (page[$1].size, -page[$1].block.box.minY) }) else { return nil }
        guard page[top].relativeSize >= 1.15 else { return nil }
        let others = headings.filter { $0 != top }
        let strictlyLargest = others.allSatisfy { page[$0].size < page[top].size * 0.97 }
        let opensPage = page.firstIndex { $0.block.kind != .header } == top
        guard strictlyLargest || opensPage else { return nil }
        let textBottom = page.map(\.block.box.maxY).max() ?? 0
        let textTop = page.map(\.block.box.minY).min() ?? 0
        return page[top].block.box.minY <= textTop + (textBottom - textTop) / 2 ? top : nil
    }
}
