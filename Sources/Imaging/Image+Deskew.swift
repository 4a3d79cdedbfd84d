import CLeptonica
import Foundation

/// The skew leptonica measured on a page (`pixFindSkewSweepAndSearch`).
public struct SkewEstimate: Sendable, Hashable {
    /// The page's text lines are rotated this many degrees clockwise (positive) or
    /// counter-clockwise (negative); deskewing rotates by the opposite amount.
    public var degrees: Double
    /// Leptonica's confidence (ratio of the best score to the mean; ≥ 3 is considered reliable).
    public var confidence: Double
}

extension Image {
    /// Images of at least this many pixels (a page at about 200 dpi and up) are measured on a
    /// half-size copy: the search then runs at the same scale as on the full image, and the
    /// binarisation costs a quarter (measured on a 300-dpi A4 page: 37 → 18 ms, angle within 0.02°).
    static let skewProbeHalvingPixels = 3_000_000

    /// Measures the skew of the text lines in ±`range` degrees on a binarised copy.
    /// Returns nil when leptonica cannot measure it (blank page, too little text).
    package func ocrFindSkew(range: Double = 10) throws -> SkewEstimate? {
        let halve = width * height >= Self.skewProbeHalvingPixels
        let binary = try (halve ? halvedGray() : self).ocrOtsuBinarized()
        // Sweep in 1° steps over ±range at 4× reduction of the page, then a binary search at 2×
        // (the reductions are relative to the binarised copy, already halved for large pages).
        let (sweepReduction, searchReduction): (Int32, Int32) = halve ? (2, 1) : (4, 2)
        return binary.withPix { pix -> SkewEstimate? in
            var angle: Float = 0, conf: Float = 0
            let status = pixFindSkewSweepAndSearch(pix, &angle, &conf, sweepReduction, searchReduction,
                                                   Float(range), 1, 0.01)
            guard status == 0, conf > 0 else { return nil }
            // Leptonica's angle is the rotation that deskews the page ("angle required to
            // deskew", clockwise positive): the page itself is skewed by the opposite amount.
            return SkewEstimate(degrees: Double(-angle), confidence: Double(conf))
        }
    }

    /// Rotated by `degrees` clockwise (small angles), bringing in white, keeping the size.
    package func ocrRotatedSmall(clockwiseDegrees degrees: Double) throws -> Image {
        try Image.ocrWrap(withPix { pix in
            pixRotate(pix, Float(degrees * .pi / 180), Int32(L_ROTATE_AREA_MAP),
                      Int32(L_BRING_IN_WHITE), 0, 0)
        }, "pixRotate")
    }
}
