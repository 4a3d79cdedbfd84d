import DocumentModel
import Imaging

/// The symbol around a QR finder-pattern triple, turned upright and resampled to a good module
/// size: an affine map that sends the three finder centres to where they sit on a flat, square
/// symbol with ``module`` pixels a module and a quiet zone of ``quietModules`` around it.
///
/// zxing-cpp 1.4 samples a symbol's grid from its own finder and alignment patterns; a symbol
/// that is curved, sheared, turned by an odd angle, or drawn with modules far from the 2–8 px it
/// reads best, often fails where the same symbol flattened and resampled decodes (measured on
/// the dev set's photos: a QR code on a bottle, codes under glare lines). The map uses only the
/// three finder centres (``QRFinderLocator``): the fourth corner is where a parallelogram puts
/// it, which is close enough for zxing's own detector to find the symbol again in the copy.
///
/// Pure Swift over 8-bit gray pixels (bilinear sampling); the crop is first shrunk by
/// leptonica's area mapping when its modules are larger than ``module``, so no detail aliases.
package struct UprightSymbol {
    /// Pixels a module in the upright copy.
    static let module = 4.0
    /// Modules of quiet zone around the symbol in the copy (the finder centres are 3.5 modules
    /// in from the symbol's edges; the copy adds this much on top, so a misjudged size still
    /// keeps the whole symbol).
    static let quietModules = 6.0

    /// The upright copy.
    package var plane: BarcodeGrayPlane
    /// Page pixels of the copy's origin and of one pixel step right and down in it.
    private var origin: (x: Double, y: Double)
    private var stepX: (x: Double, y: Double)
    private var stepY: (x: Double, y: Double)

    /// The page point shown at (x, y) of ``plane``.
    package func pagePoint(x: Double, y: Double) -> (x: Double, y: Double) {
        (origin.x + x * stepX.x + y * stepY.x, origin.y + x * stepX.y + y * stepY.y)
    }

    /// The upright copy of the symbol `triple` marks on `image`; nil when the area cannot be
    /// copied (it misses the image, or leptonica fails).
    package init?(_ image: Image, triple: QRFinderLocator.Triple) {
        let a = triple.corner, b = triple.right, c = triple.below
        let m = triple.module
        guard m > 0 else { return nil }
        // Modules between finder centres (a symbol of N modules has N − 7).
        let span = (hypot(b.x - a.x, b.y - a.y) + hypot(c.x - a.x, c.y - a.y)) / 2 / m
        guard span >= 7 else { return nil }
        let side = Int(((span + 7 + 2 * Self.quietModules) * Self.module).rounded())
        let inset = (Self.quietModules + 3.5) * Self.module          // the corner finder's centre
        let spanPixels = span * Self.module
        // Copy pixel (u, v) ↦ page: A + (u − inset)/spanPixels·(B − A) + (v − inset)/spanPixels·(C − A).
        let stepX = ((b.x - a.x) / spanPixels, (b.y - a.y) / spanPixels)
        let stepY = ((c.x - a.x) / spanPixels, (c.y - a.y) / spanPixels)
        let origin = (a.x - inset * (stepX.0 + stepY.0), a.y - inset * (stepX.1 + stepY.1))
        // The page area the copy shows, read at a scale where a module is about `module` px.
        let xs = [0.0, Double(side)].flatMap { u in [0.0, Double(side)].map { v in origin.0 + u * stepX.0 + v * stepY.0 } }
        let ys = [0.0, Double(side)].flatMap { u in [0.0, Double(side)].map { v in origin.1 + u * stepX.1 + v * stepY.1 } }
        let left = max(0, Int(xs.min()!.rounded(.down)) - 1), top = max(0, Int(ys.min()!.rounded(.down)) - 1)
        let right = min(image.width, Int(xs.max()!.rounded(.up)) + 1), bottom = min(image.height, Int(ys.max()!.rounded(.up)) + 1)
        guard right - left >= 8, bottom - top >= 8 else { return nil }
        let shrink = min(1, Self.module / m)
        guard let source = try? image.barcodeGrayPlane(crop: Box(x: left, y: top, width: right - left, height: bottom - top),
                                                       scale: shrink) else { return nil }
        // Scaled-crop coordinates of a page point: ((x − left)·sx, (y − top)·sy).
        let sx = Double(source.width) / Double(right - left), sy = Double(source.height) / Double(bottom - top)
        var out = [UInt8](repeating: 255, count: side * side)
        source.bytes.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { o in
                let w = source.width, h = source.height
                for v in 0..<side {
                    let fv = Double(v) + 0.5
                    for u in 0..<side {
                        let fu = Double(u) + 0.5
                        let x = (origin.0 + fu * stepX.0 + fv * stepY.0 - Double(left)) * sx - 0.5
                        let y = (origin.1 + fu * stepX.1 + fv * stepY.1 - Double(top)) * sy - 0.5
                        guard x >= 0, y >= 0, x < Double(w - 1), y < Double(h - 1) else { continue }
                        let x0 = Int(x), y0 = Int(y), fx = x - Double(x0), fy = y - Double(y0)
                        let i = y0 * w + x0
                        let top = Double(px[i]) * (1 - fx) + Double(px[i + 1]) * fx
                        let bottom = Double(px[i + w]) * (1 - fx) + Double(px[i + w + 1]) * fx
                        o[v * side + u] = UInt8(top * (1 - fy) + bottom * fy + 0.5)
                    }
                }
            }
        }
        plane = BarcodeGrayPlane(width: side, height: side, bytes: out)
        self.origin = origin
        self.stepX = stepX
        self.stepY = stepY
    }
}

private func hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
