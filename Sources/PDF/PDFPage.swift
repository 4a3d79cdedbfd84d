import CPoppler

/// One page of a `PDFDocument` (poppler-glib `PopplerPage`), released with `g_object_unref`.
///
/// Geometry follows poppler: sizes in points (1/72 in) of the crop box as displayed, i.e. with
/// the page's /Rotate applied (a portrait page with /Rotate 90 is wider than tall).
/// Docs: https://poppler.freedesktop.org/api/glib/PopplerPage.html
public final class PDFPage {
    /// 1-based page number.
    public let number: Int
    /// The document (kept alive while the page lives; poppler pages refer to it).
    public let document: PDFDocument
    private let page: OpaquePointer
    /// ``imageMappings``, listed once per page object (each listing walks the page's content).
    var listedImages: [ImageMapping]?

    init(owning page: OpaquePointer, number: Int, document: PDFDocument) {
        self.page = page; self.number = number; self.document = document
    }

    /// The document's path, for error messages.
    public var documentPath: String { document.path }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(page))
    }

    /// Width and height in points as displayed (crop box, /Rotate applied).
    public var size: (width: Double, height: Double) {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        return (width, height)
    }

    /// True when the page is displayed turned by a quarter (/Rotate 90 or 270): its displayed
    /// size is the crop box's with width and height swapped.
    ///
    /// poppler-glib 22.12 does not expose /Rotate itself; it applies it when rendering and when
    /// laying out text, so `render(dpi:)` and `textLayer(dpi:)` are already upright as displayed.
    public var isQuarterTurned: Bool {
        var crop = PopplerRectangle()
        poppler_page_get_crop_box(page, &crop)
        let cw = abs(crop.x2 - crop.x1), ch = abs(crop.y2 - crop.y1)
        let (w, h) = size
        return abs(cw - ch) > 0.5 && abs(w - ch) < 0.5 && abs(h - cw) < 0.5
    }

    /// Pixel size of the page rendered at `dpi` (a partial pixel counts, beyond float noise).
    public func pixelSize(dpi: Int) -> (width: Int, height: Int) {
        let scale = Double(dpi) / 72
        let (w, h) = size
        func pixels(_ points: Double) -> Int { max(1, Int((points * scale - 1e-6).rounded(.up))) }
        return (pixels(w), pixels(h))
    }

    /// Gives the PopplerPage to `body`; it must not be kept beyond the call.
    func withPage<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try body(page)
    }
}
