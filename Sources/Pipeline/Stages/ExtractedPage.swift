import DocumentModel
import Imaging

/// What the extract stage produces for one page: its raster (always, at `dpi`; later stages
/// need it for orientation, rulings and barcodes) and, for born-digital pages, the text layer.
public struct ExtractedPage {
    /// The page raster, 8-bit gray, resolution `dpi`.
    public var image: Image
    /// The PDF text layer in page pixels; non-nil iff `textSource == .textLayer`.
    public var textLayer: PageText?
    /// Resolution of `image` (PDF: the render dpi; image files: the file's, else the assumed dpi).
    public var dpi: Int
    /// `.textLayer`: the text comes from `textLayer` and OCR is skipped; `.ocr`: OCR the image.
    public var textSource: TextSource

    public init(image: Image, textLayer: PageText?, dpi: Int, textSource: TextSource) {
        precondition((textLayer != nil) == (textSource == .textLayer), "textLayer must be set iff textSource is .textLayer")
        self.image = image; self.textLayer = textLayer; self.dpi = dpi; self.textSource = textSource
    }
}
