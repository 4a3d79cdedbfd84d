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

    /// Tilt tolerated in a line, as the tangent of the angle (0.5°: the deskew threshold).
    static let tiltTolerance = tan(0.5 * Double.pi / 180)

    public init(minLength: Double = 0.35, maxThickness: Double = 0.05, threshold: Int = 180) {
        self.minLength = minLength; self.maxThickness = maxThickness; self.threshold = threshold
    }

    /// The ruling lines of `image`. `image.resolution` sets the scale; when it is unknown the
    /// page is assumed to be 11 inches along its longer side. Throws `ImageError` when leptonica
    /// fails (a page without lines gives `[]`, never an error).
    public func detect(in image: Image) throws(ImageError) -> [RulingLine] {
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
            return try lines(in: workPix, hsize: length, vsize: 1, .horizontal, maxThick, factor)
                + lines(in: workPix, hsize: 1, vsize: length, .vertical, maxThick, factor)
        }
    }

    private func lines(in pix: UnsafeMutablePointer<PIX>, hsize: Int32, vsize: Int32,
                       _ orientation: RulingLine.Orientation, _ maxThick: Int, _ factor: Int) throws(ImageError) -> [RulingLine] {
        // pixOpenCompBrick with pixd = NULL: returns a new pix, caller destroys. The composite
        // (brick × comb) decomposition gives the same opening as pixOpenBrick for a brick of
        // about that size, with a few dozen rasterops instead of one per pixel of the brick.
        var opened = pixOpenCompBrick(nil, pix, hsize, vsize)
        defer { pixDestroy(&opened) }
        guard let openedPix = opened else { throw .operation("open an image with a line-shaped brick") }
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
