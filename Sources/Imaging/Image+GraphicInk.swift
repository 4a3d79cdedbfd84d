import CLeptonica
import DocumentModel

extension Image {
    /// Ink of a 1-bpp raster that is neither text nor a line: the regions a barcode (a drawn
    /// code, or one inside an embedded image) could occupy on a page whose words are known.
    ///
    /// The words' boxes (in this image's pixels) are cleared, slightly padded; what is left is
    /// closed with a `closing`-pixel brick (so the bars and modules of a code fuse into one blob)
    /// and counted as 8-connected components. A component counts when both its sides are at
    /// least `minSide` pixels and at least `minDensity` of its box is ink: a code is about half
    /// dark, while rulings, table grids and underlines are thin or sparse.
    ///
    /// Leptonica: `pixCopy`, `pixClearInRect`, `pixCloseBrick`, `pixConnCompBB`,
    /// `pixCountPixelsInRect`; every PIX made here is destroyed here.
    /// Throws when the image is not 1 bpp or leptonica cannot make a working copy.
    public func graphicRegions(outside words: [DocumentModel.Box], padding: Int = 1, closing: Int = 3,
                               minSide: Int, minDensity: Double) throws(ImageError) -> [DocumentModel.Box] {
        try withPix { pix throws(ImageError) -> [DocumentModel.Box] in
            guard pixGetDepth(pix) == 1 else { throw .operation("find graphics: the raster is not 1 bpp") }
            // pixCopy(NULL, …): a new pix, ours.
            var ink: UnsafeMutablePointer<PIX>? = pixCopy(nil, pix)
            defer { pixDestroy(&ink) }
            guard let ink else { throw .operation("copy a raster to find its graphics") }
            for word in words {
                let b = word.expanded(by: padding)
                // boxCreate: a new BOX, ours; pixClearInRect only reads it.
                var box: UnsafeMutablePointer<BOX>? = boxCreate(Int32(b.x), Int32(b.y), Int32(max(1, b.width)),
                                                                Int32(max(1, b.height)))
                if let box { pixClearInRect(ink, box) }
                boxDestroy(&box)
            }
            let side = Int32(max(1, closing))
            // pixCloseBrick(NULL, …): a new pix, ours (pixCloseSafeBrick keeps the border's ink).
            var closed: UnsafeMutablePointer<PIX>? = pixCloseSafeBrick(nil, ink, side, side)
            defer { pixDestroy(&closed) }
            guard let closed else { throw .operation("close a raster to find its graphics") }
            return Self.componentBoxes(of: closed).filter { b in
                guard b.width >= minSide, b.height >= minSide else { return false }
                var count: Int32 = 0
                var rect: UnsafeMutablePointer<BOX>? = boxCreate(Int32(b.x), Int32(b.y), Int32(b.width), Int32(b.height))
                defer { boxDestroy(&rect) }
                guard let rect, pixCountPixelsInRect(ink, rect, &count, nil) == 0 else { return true }
                return Double(count) >= minDensity * Double(b.width * b.height)
            }
        }
    }
}
