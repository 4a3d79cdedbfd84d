import CLeptonica

/// Painting on a 1-bit ink raster (a set bit is ink): what a page's ink raster is composed of
/// when it is made from the page's drawing and its decoded images rather than rendered
/// (`PageExtractor.composedInk`). Both paint as a render would leave ink at a gray threshold.
extension Image {
    /// The share of a pixel a dark box must cover to leave ink on a render thresholded at
    /// `threshold` (antialiased black over white: gray 255 × (1 − share)).
    public static func inkShare(threshold: Int) -> Double { 1 - Double(min(255, max(0, threshold))) / 255 }

    /// Sets as ink the pixels of this 1-bit image that the box [x0, x1) × [y0, y1) (pixels,
    /// fractional) painted at gray level `tone` (0 black … 1 white) leaves below `threshold`: those
    /// it covers by more than ``inkShare(threshold:)`` / (1 − `tone`); a box thinner than a pixel
    /// across still marks the pixels along its middle (a hairline is drawn one pixel wide), and
    /// a box too pale to be ink when it covers a whole pixel marks nothing. Parts outside the
    /// image are left out. Does nothing on an image that is not 1-bit.
    public func fillInk(x0: Double, y0: Double, x1: Double, y1: Double, tone: Double = 0, threshold: Int) {
        let darkness = 1 - min(1, max(0, tone)), share = Self.inkShare(threshold: threshold)
        guard depth == 1, x1 > x0, y1 > y0, darkness > share else { return }
        let (w, h) = (width, height)
        /// The pixels along one axis and how much of each the box covers.
        func span(_ a: Double, _ b: Double, _ limit: Int) -> [(Int, Double)] {
            if b - a < 1 {
                let m = Int(((a + b) / 2).rounded(.down))
                return m >= 0 && m < limit ? [(m, 1)] : []
            }
            let first = max(0, Int(a.rounded(.down))), last = min(limit - 1, Int(b.rounded(.up)) - 1)
            guard first <= last else { return [] }
            return (first...last).map { i in (i, min(b, Double(i + 1)) - max(a, Double(i))) }
        }
        let xs = span(x0, x1, w), ys = span(y0, y1, h)
        withPix { pix in
            guard let data = pixGetData(pix) else { return }
            let wpl = Int(pixGetWpl(pix))
            for (y, cy) in ys {
                let row = data + y * wpl
                for (x, cx) in xs where cx * cy * darkness > share {
                    row[x >> 5] |= 0x8000_0000 >> UInt32(x & 31)
                }
            }
        }
    }

    /// Paints `source` (8-bit gray) into this 1-bit image, placed so that its pixel (u, v) covers
    /// [originX + u·scaleX, originX + (u + 1)·scaleX) × [originY + v·scaleY, …), as a render
    /// thresholded at `threshold` would show it: the source's gray at each pixel (area-averaged to
    /// this image's scale when it is finer, as a render reduces an image; the source pixel under
    /// the pixel's centre), over what was there (an opaque image hides it), a pixel the image
    /// covers only partly (at its edges) blended with what it does not cover. Parts outside
    /// are left out.
    public func paintInk(_ source: Image, originX: Double, originY: Double, scaleX: Double, scaleY: Double,
                         threshold: Int) throws(ImageError) {
        guard depth == 1, scaleX > 0, scaleY > 0, source.width > 0, source.height > 0 else { return }
        var gray = source.isPlainGray ? source : try source.grayscale()
        if scaleX < 1 || scaleY < 1 {
            let (rx, ry) = (Float(min(scaleX, 1)), Float(min(scaleY, 1)))
            gray = try gray.withPix { pix throws(ImageError) in try Image.made(pixScale(pix, rx, ry), "reduce an image") }
        }
        // The reduced image's pixels in this image's pixels.
        let sx = scaleX * Double(source.width) / Double(gray.width), sy = scaleY * Double(source.height) / Double(gray.height)
        let (gw, gh) = (gray.width, gray.height)
        let right = originX + scaleX * Double(source.width), bottom = originY + scaleY * Double(source.height)
        /// The pixels along one axis the image overlaps, how much of each, and the source index at its centre.
        func span(_ a: Double, _ b: Double, _ limit: Int, _ s: Double, _ count: Int) -> [(Int, Double, Int)] {
            let first = max(0, Int(a.rounded(.down))), last = min(limit - 1, Int(b.rounded(.up)) - 1)
            guard first <= last else { return [] }
            return (first...last).map { i in
                let centre = min(max(Double(i) + 0.5, a), b - 1e-9)
                return (i, min(b, Double(i + 1)) - max(a, Double(i)), min(count - 1, max(0, Int(((centre - a) / s).rounded(.down)))))
            }
        }
        let xs = span(originX, right, width, sx, gw), ys = span(originY, bottom, height, sy, gh)
        let limit = Double(min(255, max(0, threshold)))
        gray.withPix { g in
            withPix { pix in
                guard let src = pixGetData(g), let dst = pixGetData(pix) else { return }
                let (swpl, dwpl) = (Int(pixGetWpl(g)), Int(pixGetWpl(pix)))
                for (y, cy, v) in ys {
                    let srow = src + v * swpl, drow = dst + y * dwpl
                    for (x, cx, u) in xs {
                        // 8-bit pixels are big-endian within native 32-bit words.
                        let value = Double((srow[u >> 2] >> UInt32(24 - 8 * (u & 3))) & 0xFF)
                        let bit: UInt32 = 0x8000_0000 >> UInt32(x & 31)
                        let under: Double = drow[x >> 5] & bit != 0 ? 0 : 255
                        let f = cx * cy
                        if under * (1 - f) + value * f < limit { drow[x >> 5] |= bit } else { drow[x >> 5] &= ~bit }
                    }
                }
            }
        }
    }
}
