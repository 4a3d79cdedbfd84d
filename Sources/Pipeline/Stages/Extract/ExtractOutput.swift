import DocumentModel

/// The output of extraction and preprocessing.
public struct ExtractOutput: Codable, Sendable {
    public var size: PageSize
    public var textSource: TextSource
    public var rotation: Int
    public var skew: Double
    public var rulings: [RulingLine]
    /// Candidate figure regions of the page image (`FigureDetector`), in page pixels.
    public var figures: [Box] = []
    /// The text layer, when the page's text comes from it.
    public var textLayer: PageText?
    /// OCR pages: the resolution estimated from the size of the page's text (`TextScale`), in
    /// the original image's pixels per inch; nil when not measured.
    public var estimatedDPI: Int? = nil
}
