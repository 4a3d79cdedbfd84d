import CLeptonica
import CPoppler
import Imaging

/// An embedded image's own pixels, as the PDF stores them, read through poppler-glib.
extension PDFPage {
    /// One image poppler lists on the page: its id for ``imagePixels(id:)`` and the box it covers
    /// in points, top-left origin (as displayed; not clipped to the page).
    public struct ImageMapping: Equatable, Sendable {
        public var id: Int
        public var area: Area
    }

    /// The images poppler lists on the page, in drawing order (`poppler_page_get_image_mapping`;
    /// the list and its entries are freed with `poppler_page_free_image_mapping` before this
    /// returns). Image data is not decoded. Listed once: the text-layer policy, the figure
    /// candidates and the embedded-image reader of one page all ask.
    public var imageMappings: [ImageMapping] {
        if let listed = listedImages { return listed }
        let listed = withPage { page -> [ImageMapping] in
            guard let list = poppler_page_get_image_mapping(page) else { return [] }
            defer { poppler_page_free_image_mapping(list) }
            var found: [ImageMapping] = []
            var node: UnsafeMutablePointer<GList>? = list
            while let current = node {
                if let data = current.pointee.data {
                    let m = data.assumingMemoryBound(to: PopplerImageMapping.self).pointee
                    let r = m.area
                    found.append(ImageMapping(id: Int(m.image_id), area: Area(x0: min(r.x1, r.x2), y0: min(r.y1, r.y2),
                                                                             x1: max(r.x1, r.x2), y1: max(r.y1, r.y2))))
                }
                node = current.pointee.next
            }
            return found.sorted { $0.id < $1.id }
        }
        listedImages = listed
        return listed
    }

    /// The pixels of image `id` (an ``ImageMapping/id``) at the image's own size, as 8-bit gray
    /// composited over white (transparent parts, e.g. an image mask's background, are white).
    /// Row 0 is the image's first sample row, which its placement draws at the top of its unit
    /// square. Nil when poppler gives no image for the id or a pixel size over `maxPixels`.
    ///
    /// `poppler_page_get_image` walks the page's content and decodes only this image into a
    /// cairo ARGB32 surface of its sample size (transfer full: destroyed here). ARGB32 is
    /// premultiplied, so over white a channel is `c + 255 − alpha`.
    public func imagePixels(id: Int, maxPixels: Int) -> Image? {
        withPage { page -> Image? in
            guard let surface = poppler_page_get_image(page, Int32(id)) else { return nil }
            defer { cairo_surface_destroy(surface) }
            cairo_surface_flush(surface)
            let format = cairo_image_surface_get_format(surface)
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
                  format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
                  let data = cairo_image_surface_get_data(surface) else { return nil }
            let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
            let stride = Int(cairo_image_surface_get_stride(surface))
            guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).partialValue <= maxPixels,
                  let gray = pixCreateNoInit(Int32(width), Int32(height), 8).map(Image.init(owning:)),
                  let out = gray.withPix({ pixGetData($0) }) else { return nil }
            let alpha = format == CAIRO_FORMAT_ARGB32
            let wordsPerLine = gray.withPix { Int(pixGetWpl($0)) }
            let words = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt32.self)
            @inline(__always) func value(_ p: UInt32) -> UInt32 {
                let lum = (((p >> 16) & 0xFF) * 77 + ((p >> 8) & 0xFF) * 151 + (p & 0xFF) * 28) >> 8
                return alpha ? min(255, lum + 255 - (p >> 24)) : lum
            }
            for y in 0..<height {
                let src = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let dst = words + y * wordsPerLine
                // Leptonica keeps 8-bit pixels big-endian within native 32-bit words.
                for w in 0..<wordsPerLine {
                    var word: UInt32 = 0
                    for k in 0..<4 {
                        let x = 4 * w + k
                        word |= (x < width ? value(src[x]) : 255) << UInt32(24 - 8 * k)
                    }
                    dst[w] = word
                }
            }
            return gray
        }
    }
}
