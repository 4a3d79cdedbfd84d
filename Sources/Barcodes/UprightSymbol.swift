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
/// A copy can also be made through any projective map of the symbol (``PerspectiveSymbol``: a
/// symbol at a slant, whose fourth corner the parallelogram misplaces).
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
    /// The copy's pixels (x, y) ↦ page pixels.
    private var copyToPage: ProjectiveMap

    /// The page point shown at (x, y) of ``plane``.
    package func pagePoint(x: Double, y: Double) -> (x: Double, y: Double) {
        copyToPage.apply((x, y)) ?? (x, y)
    }

    /// The upright copy of the symbol `triple` marks on `image`, by the affine map of its three
    /// finder centres; nil when the area cannot be copied (it misses the image, or leptonica fails).
    package init?(_ image: Image, triple: QRFinderLocator.Triple) {
        let a = triple.corner, b = triple.right, c = triple.below
        let m = triple.module
        guard m > 0 else { return nil }
        // Modules between finder centres (a symbol of N modules has N − 7).
        let span = (hypot(b.x - a.x, b.y - a.y) + hypot(c.x - a.x, c.y - a.y)) / 2 / m
        guard span >= 7 else { return nil }
        // Symbol modules (u, v) ↦ page: A + (u − 3.5)/span·(B − A) + (v − 3.5)/span·(C − A).
        let x = ((b.x - a.x) / span, (b.y - a.y) / span), y = ((c.x - a.x) / span, (c.y - a.y) / span)
        let origin = (a.x - 3.5 * (x.0 + y.0), a.y - 3.5 * (x.1 + y.1))
        self.init(image, symbol: .affine(origin: origin, x: x, y: y), modules: span + 7, pageModule: m)
    }

    /// The copy of a symbol of `modules` modules a side that `symbol` maps onto the page (module
    /// coordinates, (0, 0) the symbol's outer top-left corner, to page pixels); `pageModule`: the
    /// smallest module on the page, in pixels. Nil when the area cannot be copied, or part of the
    /// copy lies beyond the map's horizon.
    package init?(_ image: Image, symbol: ProjectiveMap, modules: Double, pageModule m: Double) {
        guard modules >= 14, m > 0 else { return nil }
        let side = Int(((modules + 2 * Self.quietModules) * Self.module).rounded())
        // Copy pixel (u, v) ↦ symbol modules (u / module − quiet, v / module − quiet) ↦ page.
        guard let map = symbol.after(.scaling(1 / Self.module, dx: -Self.quietModules, dy: -Self.quietModules)) else { return nil }
        // The page area the copy shows, read at a scale where a module is about `module` px.
        var xs: [Double] = [], ys: [Double] = []
        for u in [0.0, Double(side)] {
            for v in [0.0, Double(side)] {
                guard let p = map.apply((u, v)) else { return nil }
                xs.append(p.x); ys.append(p.y)
            }
        }
        let left = max(0, Int(xs.min()!.rounded(.down)) - 1), top = max(0, Int(ys.min()!.rounded(.down)) - 1)
        let right = min(image.width, Int(xs.max()!.rounded(.up)) + 1), bottom = min(image.height, Int(ys.max()!.rounded(.up)) + 1)
        guard right - left >= 8, bottom - top >= 8 else { return nil }
        let shrink = min(1, Self.module / m)
        guard let source = try? image.barcodeGrayPlane(crop: Box(x: left, y: top, width: right - left, height: bottom - top),
                                                       scale: shrink) else { return nil }
        // Scaled-crop coordinates of a page point: ((x − left)·sx, (y − top)·sy).
        let sx = Double(source.width) / Double(right - left), sy = Double(source.height) / Double(bottom - top)
        let k = map.m
        var out = [UInt8](repeating: 255, count: side * side)
        source.bytes.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { o in
                let w = source.width, h = source.height
                for v in 0..<side {
                    let fv = Double(v) + 0.5
                    for u in 0..<side {
                        let fu = Double(u) + 0.5
                        let d = k[6] * fu + k[7] * fv + 1
                        guard d > 1e-9 else { continue }
                        let x = ((k[0] * fu + k[1] * fv + k[2]) / d - Double(left)) * sx - 0.5
                        let y = ((k[3] * fu + k[4] * fv + k[5]) / d - Double(top)) * sy - 0.5
                        guard x >= 0, y >= 0, x < Double(w - 1), y < Double(h - 1) else { continue }
                        o[v * side + u] = UInt8(GraySampling.bilinear(px, width: w, height: h, x: x, y: y) + 0.5)
                    }
                }
            }
        }
        plane = BarcodeGrayPlane(width: side, height: side, bytes: out)
        copyToPage = map
    }
}

private func hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
