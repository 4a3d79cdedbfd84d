import DocumentModel

/// A block before the document-level pass: the block plus the typographic size that decides
/// title and heading levels across pages.
struct DraftBlock: Hashable {
    var block: Block
    /// Font size (text layer) or line height (OCR) of the block's first line.
    var size: Double
    var isBold: Bool = false
    /// `size` relative to the page's body size (set by `BlockBuilder`).
    var relativeSize: Double = 1
    /// For a heading opening with a section number ("2.1 Results"): the number's depth, its level.
    var sectionDepth: Int?
    /// The median robust size of the block's lines (`Headings.robustSize`): its text size.
    var textSize: Double

    /// The OCR engine's paragraphs (`TextLine.paragraphHint`) of the block's first and last
    /// lines; nil when any line has none (a text layer, a table or figure block).
    var engineParagraphs: EngineSpan?
    /// OCR pages: the margin the block's box takes beyond its ink when finished (`TypeBody`).
    var bodyMargin: BodyMargin?

    init(kind: BlockKind, text: String, lines: [TextLine], size: Double? = nil) {
        let box = Box.enclosing(lines.map(\.box)) ?? Box(x: 0, y: 0, width: 0, height: 0)
        block = Block(kind: kind, readingOrder: 0, text: text, box: box)
        self.size = size ?? lines.first?.size ?? 0
        isBold = lines.first?.isBold ?? false
        textSize = PageMetrics.median(lines.map(Headings.robustSize)) ?? self.size
        let hints = lines.compactMap(\.paragraphHint)
        engineParagraphs = hints.count == lines.count && !hints.isEmpty ? EngineSpan(first: hints[0], last: hints[hints.count - 1]) : nil
    }

    init(block: Block, size: Double = 0) {
        self.block = block; self.size = size; textSize = size
    }
}

/// One element of a page in reading order: a text line or an already built block (a table or
/// a figure).
enum PageItem {
    case line(TextLine)
    case block(Block)

    var box: Box {
        switch self {
        case .line(let l): return l.box
        case .block(let b): return b.box
        }
    }

    var line: TextLine? {
        if case .line(let l) = self { return l }
        return nil
    }
}

/// The OCR engine's paragraphs of a block's first and last lines (`DraftBlock.engineParagraphs`).
struct EngineSpan: Hashable {
    var first: Int
    var last: Int
}
