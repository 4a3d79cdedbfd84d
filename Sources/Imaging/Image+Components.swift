import CLeptonica
import DocumentModel

extension Image {
    /// Bounding boxes of the 8-connected components of a 1-bpp pix (leptonica `pixConnCompBB`);
    /// empty when leptonica finds none or cannot count them.
    static func componentBoxes(of pix: UnsafeMutablePointer<PIX>) -> [DocumentModel.Box] {
        // pixConnCompBB: a new BOXA of the components' bounding boxes, ours to destroy.
        var boxa = pixConnCompBB(pix, 8)
        defer { boxaDestroy(&boxa) }
        guard let boxes = boxa else { return [] }
        var out: [DocumentModel.Box] = []
        for i in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, i, &x, &y, &w, &h) == 0 else { continue }
            out.append(DocumentModel.Box(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
        }
        return out
    }

    /// The ink inside `box` (clipped to the image) as connected components, in the image's
    /// pixels: the region in grey, thresholded at its own Otsu level (at most 170, as for the
    /// text scale). Empty when `box` lies outside the image.
    /// Throws when leptonica cannot make a working copy (``ImageError``).
    public func inkComponents(in box: DocumentModel.Box) throws(ImageError) -> [DocumentModel.Box] {
        guard let clip = box.intersection(DocumentModel.Box(x: 0, y: 0, width: width, height: height)),
              clip.width > 0, clip.height > 0 else { return [] }
        let region = try cropped(to: clip)
        let gray = region.isPlainGray ? region : try region.grayscale()
        let boxes = try gray.withPix { pix throws(ImageError) -> [DocumentModel.Box] in
            // pixThresholdToBinary: a new 1-bpp pix, dark (below the level) set; ours.
            var binary: UnsafeMutablePointer<PIX>? = pixThresholdToBinary(pix, Int32(min(170, Self.otsuLevel(pix))))
            defer { pixDestroy(&binary) }
            guard let binary else { throw .operation("threshold a region to find its ink") }
            return Self.componentBoxes(of: binary)
        }
        return boxes.map { $0.translated(dx: clip.x, dy: clip.y) }
    }
}
