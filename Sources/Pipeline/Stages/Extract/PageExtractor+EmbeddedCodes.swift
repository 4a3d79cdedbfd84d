import DocumentModel
import Imaging
import PDF
import QPDF

/// A text-layer page's image that could hold a code, made ready to be read from its own pixels
/// (``EmbeddedImageLayout``): turned and mirrored as the page shows it, at the page's resolution,
/// with a white border. `toPage` places the reader's corners on the page (pixels at its `dpi`).
public struct EmbeddedCodeImage {
    public var image: Image
    public var toPage: PixelAffine
}

extension PageExtractor {
    /// At most this many images are read from their own pixels; a page with more is rendered and
    /// searched as before (poppler walks the page's content once per image it decodes).
    static let mostEmbeddedCodeImages = 12
    /// An image narrower and lower than this many of its own pixels cannot hold a code (a
    /// 21-module QR code at one pixel a module is 21 wide).
    static let smallestCodeImagePixels = 16
    /// How far (points) poppler's box of an image may be from the content walk's to be the same.
    static let imageMatchTolerance = 0.5

    /// The page's code candidates read from the images' own pixels instead of a page raster:
    /// only when every candidate is an image (no code-like vector drawing), there are at most
    /// ``mostEmbeddedCodeImages``, the page is not turned (/Rotate) and each image poppler
    /// decodes matches one the content walk placed. Images off the page and images too small
    /// to hold a code are left out. Nil: the page must be rendered and searched as before.
    static func embeddedCodeImages(of page: PDFPage, drawing: PageDrawing, dpi: Int, maxPixels: Int) -> [EmbeddedCodeImage]? {
        guard drawing.rotation == 0, let box = drawing.pageBox, box.width > 0, box.height > 0,
              drawing.imagePlacements.count == drawing.images.count else { return nil }
        let images = drawing.images.indices.filter {
            drawing.images[$0].width >= PageDrawing.smallestCode && drawing.images[$0].height >= PageDrawing.smallestCode
        }
        guard drawing.codeCandidates().count == images.count, images.count <= mostEmbeddedCodeImages else { return nil }
        let visible = images.filter { drawing.images[$0].intersects(box) }
        guard !visible.isEmpty else { return [] }
        var mappings = page.imageMappings
        var found: [EmbeddedCodeImage] = []
        for i in visible {
            let r = drawing.images[i]
            // poppler's boxes are in points from the visible box's top left, y down.
            let expected = [r.minX - box.minX, box.maxY - r.maxY, r.maxX - box.minX, box.maxY - r.minY]
            guard let m = mappings.firstIndex(where: { m in
                zip(expected, [m.area.x0, m.area.y0, m.area.x1, m.area.y1]).allSatisfy { abs($0 - $1) <= imageMatchTolerance }
            }) else { return nil }
            guard let pixels = page.imagePixels(id: mappings.remove(at: m).id, maxPixels: maxPixels) else { return nil }
            if pixels.width < smallestCodeImagePixels && pixels.height < smallestCodeImagePixels { continue }
            guard let layout = EmbeddedImageLayout(placement: drawing.imagePlacements[i], pixelWidth: pixels.width,
                                                   pixelHeight: pixels.height, pageBox: box, dpi: dpi),
                  layout.width * layout.height <= maxPixels,
                  let ready = try? prepared(pixels, layout) else { return nil }
            found.append(EmbeddedCodeImage(image: ready, toPage: layout.toPage))
        }
        return found
    }

    /// `pixels` turned, mirrored, resampled and bordered as `layout` says.
    static func prepared(_ pixels: Image, _ layout: EmbeddedImageLayout) throws(ImageError) -> Image {
        var image = pixels
        if layout.transpose { image = try image.transposed() }
        if layout.mirrorX { image = try image.mirrored() }
        if layout.mirrorY { image = try image.mirrored(flipTopBottom: true) }
        if layout.sx != 1 || layout.sy != 1 { image = try image.resampled(sx: layout.sx, sy: layout.sy) }
        return try image.bordered(by: layout.border)
    }
}
