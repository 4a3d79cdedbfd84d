import DocumentModel

/// Which structures the layout pass looks for (`layout:` settings of a pipeline spec).
public struct LayoutOptions: Codable, Sendable, Hashable {
    /// Group lines into paragraphs; when off, every line is its own paragraph block.
    public var paragraphs: Bool
    /// Recognise list items; when off, marker lines are ordinary paragraph lines.
    public var lists: Bool
    /// Recognise ruled and unruled tables.
    public var tables: Bool

    public init(paragraphs: Bool = true, lists: Bool = true, tables: Bool = true) {
        self.paragraphs = paragraphs; self.lists = lists; self.tables = tables
    }
}

/// One page to lay out: its text lines (OCR or text layer), engine region hints and the
/// ruling lines and figure regions found on the page image, all in the same page-pixel coordinates (top-left origin).
public struct LayoutInput: Codable, Sendable, Hashable {
    public var pageWidth: Int
    public var pageHeight: Int
    public var lines: [Line]
    public var regions: [RegionHint]
    public var rulings: [RulingLine]
    /// Non-text regions of the page image (photos, charts, diagrams: `Image.figureRegions`),
    /// candidates for figure blocks.
    public var figures: [Box]
    public var options: LayoutOptions

    public init(pageWidth: Int, pageHeight: Int, lines: [Line], regions: [RegionHint] = [],
                rulings: [RulingLine] = [], figures: [Box] = [], options: LayoutOptions = .init()) {
        self.pageWidth = pageWidth; self.pageHeight = pageHeight; self.lines = lines
        self.regions = regions; self.rulings = rulings; self.figures = figures; self.options = options
    }
}

extension LayoutInput {
    private enum CodingKeys: String, CodingKey { case pageWidth, pageHeight, lines, regions, rulings, figures, options }

    /// Decodes inputs written before figure regions existed (no `figures` key) too.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(pageWidth: try c.decode(Int.self, forKey: .pageWidth), pageHeight: try c.decode(Int.self, forKey: .pageHeight),
                  lines: try c.decode([Line].self, forKey: .lines),
                  regions: try c.decodeIfPresent([RegionHint].self, forKey: .regions) ?? [],
                  rulings: try c.decodeIfPresent([RulingLine].self, forKey: .rulings) ?? [],
                  figures: try c.decodeIfPresent([Box].self, forKey: .figures) ?? [],
                  options: try c.decodeIfPresent(LayoutOptions.self, forKey: .options) ?? .init())
    }
}
