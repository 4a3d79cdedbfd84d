/// The `extract:` section of a pipeline file (docs/pipeline-files.md).

public enum TextLayerMode: String, Codable, Sendable, CaseIterable {
    /// Use the text layer where it really covers the page; OCR otherwise.
    case auto
    /// Never OCR: pages without a text layer get no text.
    case always
    /// Always OCR, ignoring any text layer.
    case never
}

public struct ExtractSettings: Codable, Sendable, Equatable {
    /// Resolution PDF pages are rendered at for OCR and barcodes.
    public var dpi: Int = 300
    /// Resolution assumed for images whose file carries none; nil (`auto`, the default):
    /// estimated from the size of the page's text, which then also sets how far small text is
    /// enlarged before OCR (see `TextScale`).
    public var assumedImageDPI: Int? = nil
    public var textLayer: TextLayerMode = .auto
    /// Largest page raster, in pixels (width × height), accepted before decoding.
    public var maxPixels: Int = 100_000_000
    /// Detect and correct page orientation (0/90/180/270) with Tesseract OSD.
    public var detectOrientation: Bool = true
    /// Deskew (leptonica) up to ±10°.
    public var deskew: Bool = true
    public init() {}
}
