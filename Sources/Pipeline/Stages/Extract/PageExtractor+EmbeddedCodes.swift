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
    /// The white border around the image's own pixels (``EmbeddedImageLayout/border``).
    public var border = 0

    /// How many of `words` (page pixels, those `toPage` maps to) have their centre on the picture.
    public func wordsOver(_ words: [Box]) -> Int {
        let w = Double(image.width), h = Double(image.height)
        let corners = [(0.0, 0.0), (w, 0), (0, h), (w, h)].map { toPage.apply($0.0, $0.1) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, x1 = xs.max()!, y0 = ys.min()!, y1 = ys.max()!
        return words.count { x0 <= $0.midX && $0.midX <= x1 && y0 <= $0.midY && $0.midY <= y1 }
    }
}

extension PageExtractor {
    /// At most this many images are read from their own pixels; a page with more is rendered and
    /// searched as before (poppler walks the page's content once per image it decodes).
    static let mostEmbeddedCodeImages = 12
    /// The largest image (its own pixels, /Width × /Height) decoded for its codes: poppler decodes
    /// it whole into 4 bytes a pixel, where a page render reduces it row by row.
    static let mostEmbeddedImagePixels = 40_000_000
    /// An image narrower and lower than this many of its own pixels cannot hold a code (a
    /// 21-module QR code at one pixel a module is 21 wide).
    static let smallestCodeImagePixels = 16
    /// How far (points) the sides of poppler's box of an image may be from the content walk's.
    static let imageMatchTolerance = 2.5

    /// The page's code candidates read from the images' own pixels instead of a page raster:
    /// only when every candidate is an image (no code-like vector drawing), there are at most
    /// ``mostEmbeddedCodeImages`` (a page turned by /Rotate too) and each image poppler
    /// decodes matches one the content walk placed (``sameSize(_:sides:_:)``, in drawing order). Images off the page and images too small
    /// to hold a code are left out. Nil: the page must be rendered and searched as before.
    static func embeddedCodeImages(of page: PDFPage, drawing: PageDrawing, dpi: Int, maxPixels: Int) -> [EmbeddedCodeImage]? {
        guard let box = drawing.pageBox, box.width > 0, box.height > 0,
              drawing.imagePlacements.count == drawing.images.count, drawing.imagePixels.count == drawing.images.count
        else { return nil }
        let images = drawing.images.indices.filter {
            drawing.images[$0].width >= PageDrawing.smallestCode && drawing.images[$0].height >= PageDrawing.smallestCode
        }
        guard drawing.codeCandidates().count == images.count, images.count <= mostEmbeddedCodeImages,
              // poppler decodes an image whole (4 bytes a pixel): a huge one is left to the render.
              images.allSatisfy({ drawing.imagePixels[$0] <= min(maxPixels, mostEmbeddedImagePixels) })
        else { return nil }
        let visible = Set(images.filter { drawing.images[$0].intersects(box) })
        guard !visible.isEmpty else { return [] }
        // poppler lists the images it draws in drawing order, as the walk does, but may list
        // more (annotations' appearances) and gives each box its own way (whole-point sizes,
        // its own origin): each image of the walk takes the next listed one of its size.
        let mappings = page.imageMappings
        var next = 0, ids: [Int: Int] = [:]
        for (i, r) in drawing.images.enumerated() {
            let sides = drawing.imagePlacements[i].sideLengths
            guard let j = mappings[next...].firstIndex(where: { sameSize(r, sides: sides, $0.area) }) else {
                if visible.contains(i) { return nil } else { continue }
            }
            ids[i] = mappings[j].id
            next = j + 1
        }
        var found: [EmbeddedCodeImage] = []
        for i in visible.sorted() {
            guard let id = ids[i], let pixels = page.imagePixels(id: id, maxPixels: maxPixels) else { return nil }
            if pixels.width < smallestCodeImagePixels && pixels.height < smallestCodeImagePixels { continue }
            guard let layout = EmbeddedImageLayout(placement: drawing.imagePlacements[i], pixelWidth: pixels.width,
                                                   pixelHeight: pixels.height, pageBox: box,
                                                   rotation: drawing.rotation, dpi: dpi),
                  layout.width * layout.height <= maxPixels,
                  let ready = try? prepared(pixels, layout) else { return nil }
            found.append(EmbeddedCodeImage(image: ready, toPage: layout.toPage, border: layout.border))
        }
        return found
    }

    /// True when poppler's box `area` can be that of the walk's image with box `r` and drawn side
    /// lengths `sides` (``QPDF/PageDrawing/Placement/sideLengths``): poppler sizes its box by the
    /// image's own axes, rounded to whole points (`CairoImageOutputDev::getBBox`), so a turned
    /// image's box has the sides of its placement, not of its bounding box. Each side may
    /// differ by ``imageMatchTolerance``.
    static func sameSize(_ r: PageDrawing.Rect, sides: (s: Double, t: Double), _ area: PDFPage.Area) -> Bool {
        func near(_ w: Double, _ h: Double) -> Bool {
            abs(w - area.width) <= imageMatchTolerance && abs(h - area.height) <= imageMatchTolerance
        }
        return near(r.width, r.height) || near(sides.s, sides.t)
    }

    /// `pixels` turned, mirrored, resampled and bordered as `layout` says.
    static func prepared(_ pixels: Image, _ layout: EmbeddedImageLayout) throws(ImageError) -> Image {
        var image = pixels
        if layout.transpose { image = try image.transposed() }
        if layout.mirrorX { image = try image.mirrored() }
        if layout.mirrorY { image = try image.mirrored(flipTopBottom: true) }
        if layout.sx != 1 || layout.sy != 1 { image = try image.resampled(sx: layout.sx, sy: layout.sy) }
        return try image.borderedWithPaper(by: layout.border)
    }
}
