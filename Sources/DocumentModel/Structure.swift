/// Document structure (Vision's RecognizeDocumentsRequest container): blocks in reading order.

/// What a block is (`blocks.kind`).
public enum BlockKind: String, Codable, Sendable, CaseIterable {
    case title, heading, paragraph, list, table, header, footer, caption, figure, equation, footnote
    /// A reference list (bibliography): cited works, with their entries as `listItems` when marked.
    case reference
}

/// The kind of a list item's marker (Vision's markerType).
public enum ListMarkerType: String, Codable, Sendable {
    case bullet, dash, decimal, lowerLetter = "lower_letter", upperLetter = "upper_letter",
         lowerRoman = "lower_roman", upperRoman = "upper_roman"
}

/// One item of a list: its marker and its content text (continuation lines joined).
public struct ListItem: Codable, Sendable, Hashable {
    public var order: Int
    public var marker: String
    public var markerType: ListMarkerType
    /// Nesting depth, 0 for the outermost items.
    public var depth: Int
    public var text: String
    public var box: Box

    public init(order: Int, marker: String, markerType: ListMarkerType, depth: Int, text: String, box: Box) {
        self.order = order; self.marker = marker; self.markerType = markerType
        self.depth = depth; self.text = text; self.box = box
    }
}

/// One table cell with explicit spans (0-based row and column).
public struct TableCell: Codable, Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var rowSpan: Int
    public var columnSpan: Int
    public var text: String
    public var isHeader: Bool
    public var box: Box

    public init(row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1, text: String,
                isHeader: Bool = false, box: Box) {
        self.row = row; self.column = column; self.rowSpan = rowSpan; self.columnSpan = columnSpan
        self.text = text; self.isHeader = isHeader; self.box = box
    }
}

/// A laid-out block of a page.
public struct Block: Codable, Sendable, Hashable {
    public var kind: BlockKind
    public var readingOrder: Int
    public var text: String
    public var box: Box
    /// Heading level (1 = top) for headings; nil otherwise.
    public var level: Int?
    public var listItems: [ListItem]
    public var tableCells: [TableCell]
    /// Number of rows and columns for tables; 0 otherwise.
    public var rowCount: Int
    public var columnCount: Int
    /// For a caption: the reading order of the figure or table block on the same page that it
    /// describes; nil otherwise (or when no figure or table is next to it).
    public var captionOf: Int?
    /// For a paragraph: true when it carries on the paragraph before it in reading order, set in
    /// two pieces by a column break or a figure or table between them (`Continuations`). The
    /// document pass sets it on a page's first paragraph that carries on the previous page's last.
    public var continues: Bool

    public init(kind: BlockKind, readingOrder: Int, text: String, box: Box, level: Int? = nil,
                listItems: [ListItem] = [], tableCells: [TableCell] = [], rowCount: Int = 0, columnCount: Int = 0,
                captionOf: Int? = nil, continues: Bool = false) {
        self.kind = kind; self.readingOrder = readingOrder; self.text = text; self.box = box
        self.level = level; self.listItems = listItems; self.tableCells = tableCells
        self.rowCount = rowCount; self.columnCount = columnCount; self.captionOf = captionOf
        self.continues = continues
    }
}
