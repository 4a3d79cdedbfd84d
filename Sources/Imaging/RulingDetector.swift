import CLeptonica
import Foundation
import DocumentModel

/// Finds horizontal and vertical ruling lines (table borders, separators, underlines) on a page
/// image with leptonica morphology.
///
/// Steps: binarize (`pixConvertTo1`), reduce 2× with a rank-1 reduction (`pixReduceRankBinary2`,
/// any ON pixel of a 2×2 block stays ON, so hairlines survive) for pages of ≥ 200 dpi, open with a
/// long horizontal and a long vertical brick (`pixOpenCompBrick`; only runs at least `minLength`
/// long survive, text does not), then take the bounding boxes of the connected components
/// (`pixConnCompBB`). A component is a line when it is at most `maxThickness` thick and at least
/// 4× longer than thick; lines tilted up to 0.5° (pages deskew leaves alone) are measured by
/// their ink per unit of length. Leptonica: http://www.leptonica.org/binary-morphology.html
///
/// A vertical line shorter than `minLength` is kept only when it runs from one horizontal line
/// to another (`touchesRuling` at both ends): a table row ruled on its own is shorter than
/// `minLength`.
///
/// Results are in the input image's pixel coordinates (top-left origin). Thickness is measured
/// on the reduced image and scaled back, so it is a multiple of 2 on reduced pages. Text
/// underlines come back as horizontal lines too: the layout pass decides what makes a table.
public struct RulingDetector: Sendable {
    /// Shortest line kept, in inches.
    public var minLength: Double
    /// Thickest line kept, in inches (thicker runs are filled areas).
    public var maxThickness: Double
    /// Gray level (0...255) below which a pixel is ink.
    public var threshold: Int
    /// Shortest vertical line kept between two horizontal lines, in inches (a cell divider of
    /// a row ruled on its own: 10-pt text with its padding is ≈ 0.2 in high).
    public var minCellHeight = 0.1

    /// Tilt tolerated in a line, as the tangent of the angle (0.5°: the deskew threshold).
    static let tiltTolerance = tan(0.5 * Double.pi / 180)

    public init(minLength: Double = 0.35, maxThickness: Double = 0.05, threshold: Int = 180) {
        self.minLength = minLength; self.maxThickness = maxThickness; self.threshold = threshold
    }

    /// The ruling lines of `image`. `image.resolution` sets the scale; when it is unknown the
    /// page is assumed to be 11 inches along its longer side. Throws `ImageError` when leptonica
    /// fails (a page without lines gives `[]`, never an error).
    public func detect(in image: Image) throws(ImageError) -> [RulingLine] {
        // An image a few pixels across holds no ruling line (and leptonica cannot halve a 1-pixel one).
        guard image.width >= 16 && image.height >= 16 else { return [] }
        let dpi = image.resolution > 0 ? Double(image.resolution) : Double(max(image.width, image.height)) / 11
        return try image.withPix { pix throws(ImageError) -> [RulingLine] in
            // pixConvertTo1: returns a new 1-bpp pix; caller destroys. A 1-bpp input is ink already.
            var binary = pixGetDepth(pix) == 1 ? pixClone(pix) : pixConvertTo1(pix, Int32(threshold))
            defer { pixDestroy(&binary) }
            guard let binaryPix = binary else { throw .operation("binarize an image") }
            let factor = dpi >= 200 ? 2 : 1
            // pixReduceRankBinary2: new pix, caller destroys; level 1 keeps any ON pixel.
            var work = factor == 2 ? pixReduceRankBinary2(binaryPix, 1, nil) : pixClone(binaryPix)
            defer { pixDestroy(&work) }
            guard let workPix = work else { throw .operation("reduce an image") }
            let length = max(8, Int32(minLength * dpi / Double(factor)))
            let maxThick = max(1, Int(maxThickness * dpi / Double(factor)))
            // pixOpenCompBrick with pixd = NULL: returns a new pix, caller destroys. The composite
            // (brick × comb) decomposition gives the same opening as pixOpenBrick for a brick of
            // about that size, with a few dozen rasterops instead of one per pixel of the brick.
            var rows = pixOpenCompBrick(nil, workPix, length, 1)
            defer { pixDestroy(&rows) }
            guard let rowsPix = rows else { throw .operation("open an image with a line-shaped brick") }
            let horizontals = try lines(inOpened: rowsPix, .horizontal, maxThick, factor)
            let verticals = try lines(in: workPix, hsize: 1, vsize: length, .vertical, maxThick, factor)
            let shortLength = max(6, Int32(minCellHeight * dpi / Double(factor)))
            let short = try lines(in: workPix, hsize: 1, vsize: shortLength, .vertical, maxThick, factor)
            let dividers = short.filter { s in
                !verticals.contains { abs($0.position - s.position) <= 2 * factor && $0.start <= s.end && s.start <= $0.end }
                    && Self.touchesRuling(rowsPix, x: s.position / factor, y: s.start / factor, towards: 1)
                    && Self.touchesRuling(rowsPix, x: s.position / factor, y: (s.end - 1) / factor, towards: -1)
            }
            return horizontals + verticals + dividers
        }
    }

    /// True when the end of a vertical stroke at (`x`, `y`) (reduced pixels) lies on a horizontal
    /// ruling: `rows` (the page opened with a long horizontal brick: rulings only) has ink there,
    /// within two pixels inwards (`towards`: +1 from a top end, -1 from a bottom end). A cell
    /// divider crosses into the rulings it joins; a letter's stem stops short of them.
    static func touchesRuling(_ rows: UnsafeMutablePointer<PIX>, x: Int, y: Int, towards: Int) -> Bool {
        for dy in 0...2 {
            for dx in -1...1 {
                var value: l_uint32 = 0
                let px = Int32(x + dx), py = Int32(y + towards * dy)
                guard px >= 0, py >= 0, px < pixGetWidth(rows), py < pixGetHeight(rows) else { continue }
                // pixGetPixel: 0 on success; 1-bpp values are 0 or 1 (ink).
                if pixGetPixel(rows, px, py, &value) == 0, value != 0 { return true }
            }
        }
        return false
    }

    private func lines(in pix: UnsafeMutablePointer<PIX>, hsize: Int32, vsize: Int32,
                       _ orientation: RulingLine.Orientation, _ maxThick: Int, _ factor: Int) throws(ImageError) -> [RulingLine] {
        // pixOpenCompBrick with pixd = NULL: a new pix, caller destroys (see `detect`).
        var opened = pixOpenCompBrick(nil, pix, hsize, vsize)
        defer { pixDestroy(&opened) }
        guard let openedPix = opened else { throw .operation("open an image with a line-shaped brick") }
        return try lines(inOpened: openedPix, orientation, maxThick, factor)
    }

    /// The lines among the connected components of an opened image.
    private func lines(inOpened openedPix: UnsafeMutablePointer<PIX>, _ orientation: RulingLine.Orientation,
                       _ maxThick: Int, _ factor: Int) throws(ImageError) -> [RulingLine] {
        // pixConnCompBB: new BOXA of the components' bounding boxes, caller destroys.
        var boxa = pixConnCompBB(openedPix, 8)
        defer { boxaDestroy(&boxa) }
        guard let boxes = boxa else { throw .operation("find connected components") }
        var out: [RulingLine] = []
        for i in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, i, &x, &y, &w, &h) == 0 else { continue }
            let (along, across, start, pos) = orientation == .horizontal
                ? (Int(w), Int(h), Int(x), Int(y)) : (Int(h), Int(w), Int(y), Int(x))
            // A line on a page left slightly tilted (deskew leaves tilts under 0.5°) spans more
            // pixels across than it is thick: allow for the tilt here, then measure the thickness
            // as its ink per unit of length.
            let tiltAllowance = Int((Double(along) * Self.tiltTolerance).rounded(.up))
            guard across <= maxThick + tiltAllowance, along >= 4 * min(across, maxThick) else { continue }
            var thickness = across
            if tiltAllowance > 0 && across > 1 {
                var count: Int32 = 0
                var box: UnsafeMutablePointer<BOX>? = boxCreate(x, y, w, h)
                defer { boxDestroy(&box) }
                guard pixCountPixelsInRect(openedPix, box, &count, nil) == 0 else { continue }
                thickness = min(across, max(1, Int((Double(count) / Double(along)).rounded())))
                guard thickness <= maxThick else { continue }
            }
            out.append(RulingLine(orientation: orientation, position: (pos * 2 + across) * factor / 2,
                                  start: start * factor, end: (start + along) * factor, thickness: thickness * factor))
        }
        return out.sorted { ($0.position, $0.start) < ($1.position, $1.start) }
    }
}
