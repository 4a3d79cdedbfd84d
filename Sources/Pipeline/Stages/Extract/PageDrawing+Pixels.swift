import DocumentModel
import QPDF

extension PageDrawing {
    /// `r` (user space) in page pixels at `dpi`, top-left origin, clipped to the page box, as the
    /// page's raster and text layer place it; nil when the page box is unknown, the page is
    /// turned (/Rotate) or `r` lies off the page.
    func pixels(_ r: Rect, dpi: Int) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard rotation == 0, let page = pageBox, page.width > 0, page.height > 0 else { return nil }
        let x0 = max(r.minX, page.minX), x1 = min(r.maxX, page.maxX)
        let y0 = max(r.minY, page.minY), y1 = min(r.maxY, page.maxY)
        guard x0 <= x1, y0 <= y1 else { return nil }
        let scale = Double(dpi) / 72
        return ((x0 - page.minX) * scale, (page.maxY - y1) * scale, (x1 - page.minX) * scale, (page.maxY - y0) * scale)
    }
}
