import DocumentModel
import Imaging

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
    /// The page as the stages after extraction work on it (OCR, barcodes), with OCR's reading
    /// when orientation checking made one. Worker-only: never encoded, so the coordinator (and a
    /// stored output) has none.
    var working: WorkingPage? = nil

    enum CodingKeys: String, CodingKey {
        case size, textSource, rotation, skew, rulings, figures, textLayer, estimatedDPI
    }
}

/// The prepared page image of one page task, and what was read of it while it was prepared.
///
/// `@unchecked Sendable`: it holds an `Image` (a leptonica PIX, used by one thread). It is made
/// and read by the stages of one page task, on the worker's one thread, and never encoded, so it
/// never leaves that thread.
struct WorkingPage: @unchecked Sendable {
    /// Upright, deskewed; the image OCR and barcodes read.
    var prepared: PreparedImage
    /// OCR's reading of `prepared`, made during orientation checking (``OCRPageStage/readFirst``),
    /// and the milliseconds it took; nil when OCR has not read the page yet.
    var firstReading: (text: PageText, ms: Int)?
    /// What a text-layer page's content says about barcodes (``DrawingVerdict``); nil when not
    /// looked at.
    var drawing: DrawingVerdict? = nil
    /// Where the barcode search looks on a text-layer page (areas of `image`); nil: everywhere.
    var codeAreas: [Box]? = nil
    /// The page's images to search instead of `image` (``ExtractedPage/embeddedCodeImages``).
    var embeddedCodeImages: [EmbeddedCodeImage]? = nil

    var image: Image { prepared.image }
}
