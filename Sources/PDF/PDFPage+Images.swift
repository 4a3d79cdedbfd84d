import CPoppler

/// Where a page's embedded images are drawn, read from the PDF itself rather than from a render.
extension PDFPage {
    /// An area of the page in points as displayed: origin at the top left, y growing down.
    public struct Area: Equatable, Sendable {
        public var x0: Double, y0: Double, x1: Double, y1: Double
        public init(x0: Double, y0: Double, x1: Double, y1: Double) {
            self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        }
        public var width: Double { x1 - x0 }
        public var height: Double { y1 - y0 }
        public var area: Double { width * height }
    }

    /// Each image drawn on the page, as the area it covers within the page (clipped to it; an
    /// image wholly outside the page is left out), in drawing order.
    ///
    /// From ``imageMappings`` (`poppler_page_get_image_mapping`: areas in points, top-left
    /// origin, as displayed). Image data is not decoded.
    public var imageAreas: [Area] {
        let (w, h) = size
        guard w > 0, h > 0 else { return [] }
        return imageMappings.compactMap { m in
            let a = Area(x0: max(0, m.area.x0), y0: max(0, m.area.y0), x1: min(w, m.area.x1), y1: min(h, m.area.y1))
            return a.width > 0 && a.height > 0 ? a : nil
        }
    }

    /// The fractions of the page area (0...1) covered by its largest image and by all its
    /// images together (their areas added, at most 1; overlaps count twice).
    public var imageCoverage: (largest: Double, total: Double) {
        let (w, h) = size
        guard w > 0, h > 0 else { return (0, 0) }
        let shares = imageAreas.map { $0.area / (w * h) }
        return (shares.max() ?? 0, min(1, shares.reduce(0, +)))
    }
}
