import CLeptonica
import CPoppler
import Imaging

extension PDFPage {
    /// Renders the page at `dpi` into an 8-bit gray `Image` (quire's canonical form) with its
    /// resolution set to `dpi`. /Rotate and the crop box are applied by poppler.
    ///
    /// The pixel budget is checked before anything is allocated. cairo draws into an RGB24
    /// image surface over a buffer the document reuses from page to page; one pass then turns
    /// cairo's native-endian 0x00RRGGBB words into luminance (0.30 R + 0.59 G + 0.11 B) written
    /// straight into an 8-bit leptonica PIX (bytes big-endian within each 32-bit word). That is
    /// the same result as shifting the words to leptonica's 0xRRGGBBAA and calling
    /// `pixConvertRGBToLuminance`, without a 32-bit PIX per page.
    public func render(dpi: Int, maxPixels: Int = .max) throws -> Image {
        let (rgb, width, height, stride) = try drawRGB(dpi: dpi, maxPixels: maxPixels)
        // The new PIX is owned by an Image at once, so every exit below frees it.
        guard let gray = pixCreateNoInit(Int32(width), Int32(height), 8).map(Image.init(owning:)),
              let grayData = gray.withPix({ pixGetData($0) }) else {
            throw PDFError.renderFailed(path: documentPath, page: number, message: "cannot allocate \(width)x\(height) pixels")
        }
        // Leptonica keeps 8-bit pixels big-endian within native 32-bit words (pixel 0 in the top
        // byte): four pixels are packed into one word and stored at once, on either endianness.
        let wordsPerLine = gray.withPix { Int(pixGetWpl($0)) }
        let out = UnsafeMutableRawPointer(grayData).assumingMemoryBound(to: UInt32.self)
        for y in 0..<height {
            let src = (rgb + y * stride).assumingMemoryBound(to: UInt32.self)
            let dst = out + y * wordsPerLine
            var x = 0, w = 0
            while x + 4 <= width {
                dst[w] = Self.luminance(src[x]) << 24 | Self.luminance(src[x + 1]) << 16
                    | Self.luminance(src[x + 2]) << 8 | Self.luminance(src[x + 3])
                x += 4; w += 1
            }
            if x < width {
                var word: UInt32 = 0
                for (k, i) in (x..<width).enumerated() { word |= Self.luminance(src[i]) << UInt32(24 - 8 * k) }
                dst[w] = word
            }
        }
        gray.setResolution(dpi)
        return gray
    }

    /// Renders the page at `dpi` as a 1-bit image: a pixel is set (ink) where the luminance is
    /// below `threshold`; the same as `render(dpi:)` followed by `pixConvertTo1(threshold)`,
    /// without the 8-bit image (for a raster that only serves ruling detection).
    public func renderInk(dpi: Int, threshold: Int, maxPixels: Int = .max) throws -> Image {
        let (rgb, width, height, stride) = try drawRGB(dpi: dpi, maxPixels: maxPixels)
        guard let ink = pixCreate(Int32(width), Int32(height), 1).map(Image.init(owning:)),
              let inkData = ink.withPix({ pixGetData($0) }) else {
            throw PDFError.renderFailed(path: documentPath, page: number, message: "cannot allocate \(width)x\(height) pixels")
        }
        // 1-bit pixels: leftmost pixel in the top bit of each native 32-bit word; pad bits stay 0.
        let wordsPerLine = ink.withPix { Int(pixGetWpl($0)) }
        let out = UnsafeMutableRawPointer(inkData).assumingMemoryBound(to: UInt32.self)
        let limit = UInt32(threshold)
        // Branch-free: (luminance - limit) wraps around to a set top bit exactly when luminance < limit.
        @inline(__always) func inkBit(_ p: UInt32) -> UInt32 { (Self.luminance(p) &- limit) >> 31 }
        for y in 0..<height {
            let src = (rgb + y * stride).assumingMemoryBound(to: UInt32.self)
            let dst = out + y * wordsPerLine
            var x = 0, w = 0
            while x + 32 <= width {
                // Most of a page is white paper: test 32 pixels at once before looking at each.
                var all: UInt32 = 0xFFFF_FFFF
                for k in 0..<32 { all &= src[x + k] }
                var word: UInt32 = 0
                if all & 0x00FF_FFFF != 0x00FF_FFFF {
                    for k in 0..<32 { word = word << 1 | inkBit(src[x + k]) }
                }
                dst[w] = word
                x += 32; w += 1
            }
            if x < width {
                var word: UInt32 = 0
                for k in 0..<(width - x) { word = word << 1 | inkBit(src[x + k]) }
                dst[w] = word << UInt32(32 - (width - x))
            }
        }
        ink.setResolution(dpi)
        return ink
    }

    /// Checks the pixel budget, then draws the page into the document's reusable RGB24 buffer.
    /// Returns the buffer (valid until the document's next render) and its geometry.
    private func drawRGB(dpi: Int, maxPixels: Int) throws -> (UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        precondition(dpi > 0, "dpi must be positive")
        let (width, height) = pixelSize(dpi: dpi)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels || width > Int(Int32.max) / 4 || height > Int(Int32.max) {
            throw PDFError.tooLarge(path: documentPath, page: number, width: width, height: height, maxPixels: maxPixels)
        }
        // cairo_format_stride_for_width: the stride cairo requires for RGB24 rows.
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        guard stride > 0 else {
            throw PDFError.renderFailed(path: documentPath, page: number, message: "invalid width \(width)")
        }
        let rgb = document.renderBuffer.reserve(stride * height)
        try draw(into: rgb, width: width, height: height, stride: stride, dpi: dpi, printing: false)
        if Self.isBlank(rgb, width: width, height: height, stride: stride) {
            try draw(into: rgb, width: width, height: height, stride: stride, dpi: dpi, printing: true)
        }
        return (rgb, width, height, stride)
    }

    /// True when every pixel of the RGB24 buffer is white (stops at the first that is not).
    private static func isBlank(_ rgb: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let row = (rgb + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] & 0x00FF_FFFF != 0x00FF_FFFF { return false }
        }
        return true
    }

    /// 0.30 R + 0.59 G + 0.11 B of cairo's native-endian 0x00RRGGBB, 0...255.
    @inline(__always)
    private static func luminance(_ p: UInt32) -> UInt32 {
        (((p >> 16) & 0xFF) * 77 + ((p >> 8) & 0xFF) * 151 + (p & 0xFF) * 28) >> 8
    }

    /// Draws the page with cairo onto memory the caller owns (RGB24, `stride` bytes per row).
    ///
    /// Display mode (`printing: false`, `poppler_page_render`) downsamples an image drawn
    /// smaller than its own resolution with a box filter; printing mode leaves that to cairo,
    /// which samples it, and the glyphs of a 600-dpi scan rendered at 300 dpi come out jagged.
    /// Measured on dev-set pages wrapped as 400- and 600-dpi scanned PDFs (8 arXiv pages, 8
    /// receipts, level accurate): OCR CER 0.074 → 0.047 and 0.302 → 0.288 in display mode.
    /// But display mode draws nothing of an image over cairo's 32767-pixel limit (OCRmyPDF's
    /// `hugemono.pdf`, a 35000-pixel JBIG2 scan), so a page that comes out blank is drawn again
    /// in printing mode (``drawRGB(dpi:maxPixels:)``): only blank pages pay for a second draw.
    private func draw(into data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, dpi: Int,
                      printing: Bool) throws {
        // cairo_image_surface_create_for_data: the buffer must outlive the surface; it does
        // (the document owns it, and the surface is destroyed before we return).
        let surface = cairo_image_surface_create_for_data(
            data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(stride))
        defer { cairo_surface_destroy(surface) }
        if cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS {
            let message = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            throw PDFError.renderFailed(path: documentPath, page: number, message: "cairo: \(message)")
        }
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, Double(dpi) / 72, Double(dpi) / 72)
        withPage { printing ? poppler_page_render_for_printing($0, cr) : poppler_page_render($0, cr) }
        let status = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        if status != CAIRO_STATUS_SUCCESS {
            let message = String(cString: cairo_status_to_string(status))
            throw PDFError.renderFailed(path: documentPath, page: number, message: "cairo: \(message)")
        }
    }
}
