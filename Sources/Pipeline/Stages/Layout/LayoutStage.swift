import DocumentModel
import Imaging
import Layout

/// The layout stage: a page's text (OCR or text layer), ruling lines and figure regions →
/// structure blocks (title, headings, paragraphs, lists, tables, figures and captions, headers/footers) in reading order, the shape of
/// Vision's `RecognizeDocumentsRequest`. See `LayoutAnalyzer` for the rules.
public enum LayoutStage {
    /// One page of a document for the document-level pass. `width`/`height` are the page's pixel
    /// size, the coordinate space of both the text boxes and the rulings.
    public struct Page: Codable, Sendable, Hashable {
        public var text: PageText
        public var rulings: [RulingLine]
        /// Candidate figure regions of the page image (`figureRegions(in:)`).
        public var figures: [Box]
        public var width: Int
        public var height: Int

        public init(text: PageText, rulings: [RulingLine], figures: [Box] = [], width: Int, height: Int) {
            self.text = text; self.rulings = rulings; self.figures = figures; self.width = width; self.height = height
        }
    }

    /// Lays out one page on its own (a worker's per-page run or a layout rerun). Only the first
    /// page may carry a title; `repeatedMargins` (the document pass's `Store.repeatedMarginLines`,
    /// by `HeadersFooters.repeated`) marks running headers/footers found over the document. `lexicon` (the OCR engine's dictionary) keeps
    /// the hyphen of compounds broken at a line end (`TextJoin`); nil: no dictionary. Returns no
    /// blocks when layout is disabled.
    public static func analyze(text: PageText, rulings: [RulingLine], figures: [Box] = [], width: Int, height: Int,
                               settings: LayoutSettings, isFirstPage: Bool = true,
                               repeatedMargins: Set<String> = [], lexicon: (any Lexicon)? = nil) -> [Block] {
        layOut(text: text, rulings: rulings, figures: figures, width: width, height: height, settings: settings,
               isFirstPage: isFirstPage, repeatedMargins: repeatedMargins, lexicon: lexicon).blocks
    }

    /// `analyze`, with the page's margin keys (`LayoutAnalyzer.PageLayout.marginKeys`).
    public static func layOut(text: PageText, rulings: [RulingLine], figures: [Box] = [], width: Int, height: Int,
                              settings: LayoutSettings, isFirstPage: Bool = true,
                              repeatedMargins: Set<String> = [], lexicon: (any Lexicon)? = nil) -> LayoutAnalyzer.PageLayout {
        guard settings.enabled else { return LayoutAnalyzer.PageLayout(blocks: [], marginKeys: []) }
        let input = layoutInput(Page(text: text, rulings: rulings, figures: figures, width: width, height: height), settings)
        return LayoutAnalyzer.layOut(page: input, isFirstPage: isFirstPage, repeatedMargins: repeatedMargins, lexicon: lexicon)
    }

    /// Lays out all pages of a document together: running headers/footers are recognised
    /// across pages, heading levels are shared and at most one title is chosen.
    public static func analyzeDocument(pages: [Page], settings: LayoutSettings) -> [[Block]] {
        guard settings.enabled else { return pages.map { _ in [] } }
        return LayoutAnalyzer.analyzeDocument(pages: pages.map { layoutInput($0, settings) })
    }

    /// The ruling lines of a page image (leptonica morphology, see `RulingDetector`).
    public static func rulings(in image: Image) throws(ImageError) -> [RulingLine] {
        try image.rulingLines()
    }

    /// Candidate figure regions of a page image (leptonica components, see `FigureDetector`).
    public static func figureRegions(in image: Image) -> [Box] {
        image.figureRegions()
    }

    /// Candidate figure regions of a born-digital page: the areas where its PDF draws images,
    /// exact and whatever their tone (a pale photo leaves no ink on a raster of the page's ink),
    /// and the regions `drawn` on its raster that overlap none of them (charts and diagrams drawn
    /// as vector paths). Which candidates are figures is layout's decision (`Figures`): a
    /// scan behind an OCR text layer, a picture of text and an image smaller than a few words
    /// are not.
    public static func figureCandidates(images: [Box], drawn: [Box]) -> [Box] {
        images + drawn.filter { region in !images.contains { $0.intersection(region) != nil } }
    }

    static func layoutInput(_ page: Page, _ settings: LayoutSettings) -> LayoutInput {
        LayoutInput(pageWidth: page.width, pageHeight: page.height, lines: page.text.lines,
                    regions: page.text.regions, rulings: page.rulings, figures: page.figures,
                    options: LayoutOptions(paragraphs: settings.paragraphs, lists: settings.lists, tables: settings.tables))
    }
}
