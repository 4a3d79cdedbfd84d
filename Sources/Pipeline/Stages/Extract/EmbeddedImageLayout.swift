import DocumentModel
import QPDF

/// An affine map of pixel coordinates: (x, y) ↦ (a·x + c·y + e, b·x + d·y + f).
public struct PixelAffine: Sendable, Equatable {
    public var a, b, c, d, e, f: Double

    /// The affine map that `map` is, read from the images of (0, 0), (1, 0) and (0, 1).
    init(sampling map: (Double, Double) -> (x: Double, y: Double)) {
        let o = map(0, 0), x = map(1, 0), y = map(0, 1)
        a = x.x - o.x; b = x.y - o.y; c = y.x - o.x; d = y.y - o.y; e = o.x; f = o.y
    }

    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + c * y + e, b * x + d * y + f) }

    /// `p` mapped, to the nearest whole pixel.
    public func apply(_ p: Point) -> Point {
        let q = apply(Double(p.x), Double(p.y))
        return Point(x: Int(q.x.rounded()), y: Int(q.y.rounded()))
    }
}

/// How an embedded image's own pixels are made ready for the barcode reader so that they look as
/// the page shows them, and where each pixel of the result lies on the page.
///
/// The image is turned by quarter turns and mirrored as its placement turns and mirrors it (the
/// nearest of the eight: a slight slant stays), resampled toward the page's resolution
/// (enlarged by whole-pixel replication when the image is coarser, as a page render enlarges a
/// small code image, up to ``mostEnlargedSide``; reduced by area averaging when it is much
/// finer, so a large photo costs no more than its place on the page), and given a border of its
/// paper's grey (the quiet zone a code drawn to the image's edge takes from the page around it).
/// A pure value: no image is touched here.
struct EmbeddedImageLayout: Equatable {
    /// An enlargement stops before the longer side reaches this many pixels (the side from which
    /// the barcode reader looks for evidence of a code before reading a picture whole). It is
    /// for code images whose modules are a pixel or two; a picture drawn larger than its pixels
    /// gains no detail from it, only pixels for every pass to read (a 900-px photo placed at
    /// 150 dpi doubled to 1,800 px: four times the pixels).
    static let mostEnlargedSide = 1500.0

    /// Rows and columns swapped (before mirroring).
    var transpose: Bool
    /// Mirrored left to right / top to bottom (after transposing).
    var mirrorX: Bool, mirrorY: Bool
    /// Scale across and down, after turning (an enlargement repeats whole pixels).
    var sx: Double, sy: Double
    /// White border added on every side, in pixels of the result.
    var border: Int
    /// Size of the result, border included.
    var width: Int, height: Int
    /// From the result's pixels to page pixels at the page's resolution.
    var toPage: PixelAffine

    /// The layout of a `pixelWidth` × `pixelHeight` image drawn with `placement` on a page whose
    /// visible box is `pageBox` (user space, unrotated) and which is displayed turned clockwise
    /// by `rotation` degrees (/Rotate: 0, 90, 180 or 270), for page pixels at `dpi` as displayed;
    /// nil for a degenerate placement.
    init?(placement p: PageDrawing.Placement, pixelWidth w: Int, pixelHeight h: Int,
          pageBox box: PageDrawing.Rect, rotation: Int = 0, dpi: Int) {
        guard w > 0, h > 0, abs(p.a * p.d - p.b * p.c) > 1e-9 else { return nil }
        let k = Double(dpi) / 72, W = Double(w), H = Double(h)
        let pageW = box.width * k, pageH = box.height * k
        /// A user-space point in displayed page pixels (y down, the turn applied).
        func displayed(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            let (ux, uy) = ((x - box.minX) * k, (box.maxY - y) * k)
            switch rotation {
            case 90: return (pageH - uy, ux)
            case 180: return (pageW - ux, pageH - uy)
            case 270: return (uy, pageW - ux)
            default: return (ux, uy)
            }
        }
        /// The image's pixel (u, v) on the displayed page; its first row is drawn along t = 1.
        func onPage(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
            let user = p.apply(u / W, 1 - v / H)
            return displayed(user.x, user.y)
        }
        // Displayed page pixels moved per image pixel along the image's columns (u) and rows (v).
        let o = onPage(0, 0), pu = onPage(1, 0), pv = onPage(0, 1)
        let ju = (x: pu.x - o.x, y: pu.y - o.y), jv = (x: pv.x - o.x, y: pv.y - o.y)
        transpose = abs(ju.x) < abs(ju.y)
        let jx = transpose ? jv : ju, jy = transpose ? ju : jv
        mirrorX = jx.x < 0; mirrorY = jy.y < 0
        let tw = transpose ? H : W, th = transpose ? W : H
        /// Whole-pixel enlargement up to 16× while the longer side stays under
        /// ``mostEnlargedSide``; reduction only below three quarters.
        let enlargeable = max(1, ((Self.mostEnlargedSide - 1) / max(tw, th)).rounded(.down))
        func factor(_ j: (x: Double, y: Double)) -> Double {
            let len = (j.x * j.x + j.y * j.y).squareRoot()
            return len >= 1.5 ? min(16, len.rounded(), enlargeable) : (len < 0.75 ? len : 1)
        }
        sx = factor(jx); sy = factor(jy)
        let scaledW = max(1, Int((tw * sx).rounded())), scaledH = max(1, Int((th * sy).rounded()))
        border = max(40, Int(0.1 * Double(max(scaledW, scaledH))))
        width = scaledW + 2 * border; height = scaledH + 2 * border
        let (transpose, mirrorX, mirrorY, sx, sy, border) = (transpose, mirrorX, mirrorY, sx, sy, border)
        toPage = PixelAffine { X, Y in
            let x1 = (X - Double(border)) / sx, y1 = (Y - Double(border)) / sy
            let x2 = mirrorX ? tw - x1 : x1, y2 = mirrorY ? th - y1 : y1
            let (u, v) = transpose ? (y2, x2) : (x2, y2)
            return onPage(u, v)
        }
    }
}
