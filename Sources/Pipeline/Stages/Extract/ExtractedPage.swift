import DocumentModel
import Imaging

/// What the extract stage produces for one page: its raster (always; later stages need it for
/// orientation, rulings and barcodes) and, for born-digital pages, the text layer.
public struct ExtractedPage {
    /// The page raster, 8-bit gray, at `imageDPI` (usually `dpi`); for a text-layer page whose
    /// raster only serves ruling detection, as the caller asked (`TextLayerRaster`): lower
    /// resolution, possibly 1-bit ink.
    public var image: Image
    /// Resolution of `image`.
    public var imageDPI: Int
    /// The PDF text layer in page pixels; non-nil iff `textSource == .textLayer`.
    public var textLayer: PageText?
    /// Resolution of the page's coordinates (words, lines, page size): PDF: the render dpi;
    /// image files: the file's, else the assumed dpi.
    public var dpi: Int
    /// Page size in pixels at `dpi`.
    public var width: Int
    public var height: Int
    /// `.textLayer`: the text comes from `textLayer` and OCR is skipped; `.ocr`: OCR the image.
    public var textSource: TextSource
    /// The size of the page's text measured on `image` (OCR pages only; nil when too little
    /// text-like ink was found).
    public var textScale: TextScale?
    /// True when `dpi` was estimated from `textScale` (an image file without a resolution,
    /// `assumed_image_dpi: auto`).
    public var resolutionEstimated = false
    /// Where a text-layer page's PDF draws its images, in page pixels at `dpi` (read from the
    /// PDF, not from `image`); empty for other pages.
    public var imageAreas: [Box] = []
    /// For a text-layer PDF page whose barcodes are due: what its content says about codes
    /// (nil when not looked at, or when its content could not be read: then it is rendered and
    /// searched in full).
    public var drawing: DrawingVerdict?
    /// For a text-layer PDF page not rendered because its content draws only text and straight
    /// marks: its ruling lines, read from the drawing (``VectorRulings``), in page pixels at
    /// `dpi`; `image` is then blank. Nil for a rendered page (its rulings are found on `image`).
    public var vectorRulings: [RulingLine]?
    /// For a text-layer PDF page whose content may hold codes: the areas of `image` (pixels)
    /// where its images and code-like drawing lie, with their quiet zones
    /// (``PageExtractor/codeAreas(of:dpi:width:height:)``); nil: search the whole page.
    public var codeAreas: [Box]?
    /// For a text-layer PDF page whose only code candidates are images: those images, read from
    /// their own pixels (``PageExtractor/embeddedCodeImages(of:drawing:dpi:maxPixels:)``); `image`
    /// is then the cheap raster, not searched. Nil: search `image` (in `codeAreas`).
    public var embeddedCodeImages: [EmbeddedCodeImage]?

    public init(image: Image, textLayer: PageText?, dpi: Int, textSource: TextSource,
                imageDPI: Int? = nil, size: (width: Int, height: Int)? = nil) {
        precondition((textLayer != nil) == (textSource == .textLayer), "textLayer must be set iff textSource is .textLayer")
        self.image = image; self.textLayer = textLayer; self.dpi = dpi; self.textSource = textSource
        self.imageDPI = imageDPI ?? dpi
        self.width = size?.width ?? image.width
        self.height = size?.height ?? image.height
    }
}

/// The raster a PDF page read from its text layer needs when no later stage wants full detail
/// (barcodes off: only ruling detection looks at it).
public struct TextLayerRaster: Sendable, Equatable {
    public var dpi: Int
    /// When set, render 1-bit ink (luminance below this) instead of 8-bit gray.
    public var inkThreshold: Int?

    public init(dpi: Int, inkThreshold: Int? = nil) { self.dpi = dpi; self.inkThreshold = inkThreshold }
}
