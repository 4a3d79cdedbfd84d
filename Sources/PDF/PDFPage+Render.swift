import CLeptonica
import CPoppler
import Imaging

extension PDFPage {
    /// Renders the page at `dpi` into an 8-bit gray `Image` (quire's canonical form) with its
    /// resolution set to `dpi`. /Rotate and the crop box are applied by poppler.
    ///
    /// The pixel budget is checked before anything is allocated. The page is drawn by cairo
    /// straight into a 32-bit leptonica PIX (an RGB24 image surface over the PIX data, same
    /// stride), then each word is shifted from cairo's 0x00RRGGBB to leptonica's 0xRRGGBBAA and
    /// the result converted to luminance.
    public func render(dpi: Int, maxPixels: Int = .max) throws -> Image {
        precondition(dpi > 0, "dpi must be positive")
        let (width, height) = pixelSize(dpi: dpi)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels || width > Int(Int32.max) / 4 || height > Int(Int32.max) {
            throw PDFError.tooLarge(path: documentPath, page: number, width: width, height: height, maxPixels: maxPixels)
        }
        guard let created = pixCreate(Int32(width), Int32(height), 32) else {
            throw PDFError.renderFailed(path: documentPath, page: number, message: "cannot allocate \(width)x\(height) pixels")
        }
        var rgb: UnsafeMutablePointer<PIX>? = created
        defer { pixDestroy(&rgb) }
        let wpl = Int(pixGetWpl(created))
        guard let data = pixGetData(created) else {
            throw PDFError.renderFailed(path: documentPath, page: number, message: "no pixel data")
        }
        try draw(into: UnsafeMutableRawPointer(data), width: width, height: height, stride: wpl * 4, dpi: dpi)
        // cairo RGB24 keeps 0x00RRGGBB in native-endian words; leptonica wants 0xRRGGBBAA.
        let words = data
        for i in 0..<(wpl * height) { words[i] <<= 8 }
        guard let gray = pixConvertRGBToLuminance(created) else {
            throw PDFError.renderFailed(path: documentPath, page: number, message: "cannot convert to gray")
        }
        pixSetResolution(gray, Int32(dpi), Int32(dpi))
        return Image(owning: gray)
    }

    /// Draws the page with cairo onto memory the caller owns (RGB24, `stride` bytes per row).
    private func draw(into data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, dpi: Int) throws {
        // cairo_image_surface_create_for_data: the buffer must outlive the surface; it does
        // (the PIX is destroyed after the surface below).
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
        withPage { poppler_page_render_for_printing($0, cr) }
        let status = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        if status != CAIRO_STATUS_SUCCESS {
            let message = String(cString: cairo_status_to_string(status))
            throw PDFError.renderFailed(path: documentPath, page: number, message: "cairo: \(message)")
        }
    }
}
