/// Recognised or extracted text: words and lines with boxes and confidences
/// (Vision's RecognizedTextObservation, flattened for storage).

/// Where a page's text came from (`pages.text_source`).
public enum TextSource: String, Codable, Sendable {
    case ocr
    case textLayer = "text_layer"
}

/// Which stage produced a line (`lines.stage`).
public enum TextStage: String, Codable, Sendable {
    /// The fast whole-page OCR pass.
    case fast
    /// The accurate re-read of a low-confidence line or region.
    case accurate
    /// The PDF's own text layer (born-digital page).
    case textLayer = "text_layer"
}

/// One word with its box (page pixels) and confidence 0...100.
public struct Word: Codable, Sendable, Hashable {
    public var text: String
    public var confidence: Double
    public var box: Box
    /// Font size in page pixels where known (text layer), else nil.
    public var fontSize: Double?
    /// True when the font is bold (text layer: font name contains Bold/Black/Heavy).
    public var isBold: Bool

    public init(text: String, confidence: Double, box: Box, fontSize: Double? = nil, isBold: Bool = false) {
        self.text = text; self.confidence = confidence; self.box = box
        self.fontSize = fontSize; self.isBold = isBold
    }
}

/// One text line: its words in reading order, plus grouping hints from the engine.
public struct Line: Codable, Sendable, Hashable {
    public var text: String
    public var confidence: Double
    public var box: Box
    public var words: [Word]
    public var stage: TextStage
    /// Index of the engine's block this line belongs to (Tesseract block / PDF text block), if any.
    public var blockHint: Int?
    /// Index of the engine's paragraph this line belongs to, if any.
    public var paragraphHint: Int?

    public init(text: String, confidence: Double, box: Box, words: [Word], stage: TextStage,
                blockHint: Int? = nil, paragraphHint: Int? = nil) {
        self.text = text; self.confidence = confidence; self.box = box; self.words = words
        self.stage = stage; self.blockHint = blockHint; self.paragraphHint = paragraphHint
    }

    /// Median font size of the words that carry one (text layer), else nil.
    public var fontSize: Double? {
        let sizes = words.compactMap(\.fontSize).sorted()
        return sizes.isEmpty ? nil : sizes[sizes.count / 2]
    }
    public var isBold: Bool { !words.isEmpty && words.allSatisfy(\.isBold) }
}

/// A region kind reported by the OCR engine (Tesseract's PolyBlockType), a hint for layout.
public enum RegionHintKind: String, Codable, Sendable {
    case text, heading, table, image, horizontalLine = "horizontal_line", verticalLine = "vertical_line",
         caption, other
}

/// A region the engine found, with its kind; a hint, not a layout decision.
public struct RegionHint: Codable, Sendable, Hashable {
    public var kind: RegionHintKind
    public var box: Box
    public var index: Int
    public init(kind: RegionHintKind, box: Box, index: Int) {
        self.kind = kind; self.box = box; self.index = index
    }
}

/// The text of one page, from OCR or from the text layer.
public struct PageText: Codable, Sendable, Hashable {
    public var source: TextSource
    public var lines: [Line]
    public var regions: [RegionHint]
    /// The page's language, when it was detected or given (`pages.language`).
    public var language: PageLanguage?

    public init(source: TextSource, lines: [Line], regions: [RegionHint] = [], language: PageLanguage? = nil) {
        self.source = source; self.lines = lines; self.regions = regions; self.language = language
    }

    /// The page's text, its lines joined by newlines (what the language detector reads).
    public var plainText: String { lines.map(\.text).joined(separator: "\n") }

    public var words: [Word] { lines.flatMap(\.words) }
    /// Mean word confidence (0...100); 0 for a page without words. (Summed word by word in
    /// reading order, without gathering the page's words into an array first.)
    public var meanConfidence: Double {
        var sum = 0.0, count = 0
        for line in lines {
            for word in line.words { sum += word.confidence }
            count += line.words.count
        }
        return count == 0 ? 0 : sum / Double(count)
    }
    /// Number of words whose confidence is below `threshold`.
    public func lowConfidenceWordCount(below threshold: Double) -> Int {
        lines.reduce(0) { n, line in n + line.words.reduce(0) { $0 + ($1.confidence < threshold ? 1 : 0) } }
    }
}
