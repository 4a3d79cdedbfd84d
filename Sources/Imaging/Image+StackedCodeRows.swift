import CLeptonica
import DocumentModel

extension Image {
    /// True when `area` of the 8-bpp `gray8` shows a stacked code's rows (``StackedCodeRows``):
    /// a candidate blob whose ink pieces look like text is kept when this holds.
    ///
    /// Leptonica: `pixClipRectangle` (a new pix, destroyed here).
    static func showsStackedCodeRows(_ gray8: UnsafeMutablePointer<PIX>, _ area: DocumentModel.Box) -> Bool {
        var box: UnsafeMutablePointer<BOX>? = boxCreate(Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
        defer { boxDestroy(&box) }
        var clip: UnsafeMutablePointer<PIX>? = pixClipRectangle(gray8, box, nil)
        defer { pixDestroy(&clip) }
        guard let clipPix = clip, let plane = copyGray8(clipPix) else { return false }
        return StackedCodeRows.found(in: plane)
    }
}
