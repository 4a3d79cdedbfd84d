import DocumentModel
import Imaging
import QPDF

extension PageExtractor {
    /// The 1-bit ink raster (`dpi`, `width` × `height`, ink below `threshold`) of a text-layer
    /// page whose codes are read from its images' own pixels, composed from what it draws instead
    /// of rendered: each image that one of the page's `words` (pixels at `pageDPI`) lies over,
    /// from the pixels already decoded for the barcode search (`images`, at the page's
    /// `pageDPI`), in drawing order, opaque, then the straight marks of its drawing
    /// as boxes of their paint's gray (``QPDF/PageDrawing/markTones``: a pale rule leaves no ink). A render would decode every image a second time (JPEG, JPEG 2000 and ICC
    /// transforms in poppler: most of a render of such a page) only for rulings and figures.
    ///
    /// Text is not drawn, nor a picture beside the text (as ``PDF/RulingInkRenderer`` draws the
    /// page): the raster serves the ruling and figure finders, which look for long lines and
    /// large components, not glyphs or a photo's edges; a picture is a figure candidate by where
    /// the PDF places it. An image words lie over (a scan under its OCR layer) holds rulings. Nil (the page is rendered as before) unless the
    /// drawing is complete, unturned, without soft masks, paints nothing but straight marks
    /// besides its images (no curves, slanted strokes or filled areas), and every image it draws
    /// is one of `images` placed upright (no slant).
    static func composedInk(drawing: PageDrawing, images: [EmbeddedCodeImage], words: [Box], pageDPI: Int, dpi: Int,
                            width: Int, height: Int, threshold: Int) throws(ImageError) -> Image? {
        guard drawing.complete, drawing.rotation == 0, drawing.otherPaint == 0, drawing.softMasks == 0,
              images.count == drawing.images.count, pageDPI > 0,
              images.allSatisfy({ abs($0.toPage.b) < 1e-9 && abs($0.toPage.c) < 1e-9 && $0.toPage.a > 0 && $0.toPage.d > 0 })
        else { return nil }
        let ink = try Image.blank(width: width, height: height, depth: 1, resolution: dpi)
        let k = Double(dpi) / Double(pageDPI)
        for embedded in images where embedded.wordsOver(words) > 0 {
            let t = embedded.toPage, b = embedded.border
            let inner = embedded.image.width - 2 * b, innerHeight = embedded.image.height - 2 * b
            guard inner > 0, innerHeight > 0 else { continue }
            let own = b > 0 ? try embedded.image.cropped(to: Box(x: b, y: b, width: inner, height: innerHeight)) : embedded.image
            let origin = t.apply(Double(b), Double(b))
            try ink.paintInk(own, originX: origin.x * k, originY: origin.y * k, scaleX: t.a * k, scaleY: t.d * k,
                             threshold: threshold)
        }
        for (mark, tone) in drawing.tonedMarks {
            guard let p = drawing.pixels(mark, dpi: dpi) else { continue }
            ink.fillInk(x0: p.x0, y0: p.y0, x1: p.x1, y1: p.y1, tone: tone, threshold: threshold)
        }
        return ink
    }
}
