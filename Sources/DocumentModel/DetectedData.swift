/// A word's position in a `PageText`: `lines[line].words[word]`.
public struct WordIndex: Codable, Sendable, Hashable, Comparable {
    public var line: Int
    public var word: Int
    public init(line: Int, word: Int) { self.line = line; self.word = word }
    public static func < (a: WordIndex, b: WordIndex) -> Bool { (a.line, a.word) < (b.line, b.word) }
}

/// One piece of data found in a page's text (Vision's `DocumentObservation.DataDetector` match):
/// the exact text, a normalised value (see docs/data-detection.md for each type), the words it
/// spans and one box per line it spans.
public struct DetectedData: Codable, Sendable, Hashable {
    public var type: DataType
    /// The text as it is on the page (the matched part of the words, lines joined by "\n").
    public var text: String
    /// The normalised value: ISO 8601 for dates and times, E.164 for phones, a decimal string for
    /// money, the upper-cased compact identifier for IBAN, VAT, ISBN, ISSN, tracking and flight numbers.
    public var value: String
    /// ISO 4217 currency of a money amount; nil for other types (and for an amount whose
    /// currency nothing tells).
    public var currency: String?
    /// The carrier of a tracking number: `ups`, `usps`, `fedex`, `dhl`, `upu` (a UPU S10
    /// international postal item); nil for other types.
    public var carrier: String?
    public var firstWord: WordIndex
    public var lastWord: WordIndex
    /// One box per line spanned: the union of the matched words on that line.
    public var boxes: [Box]
    /// 0...1: the kind of evidence (a check digit, a label, a format alone) times the words' OCR confidence.
    public var confidence: Double

    public init(type: DataType, text: String, value: String, currency: String? = nil, carrier: String? = nil,
                firstWord: WordIndex, lastWord: WordIndex, boxes: [Box], confidence: Double) {
        self.type = type; self.text = text; self.value = value; self.currency = currency; self.carrier = carrier
        self.firstWord = firstWord; self.lastWord = lastWord; self.boxes = boxes; self.confidence = confidence
    }
}
