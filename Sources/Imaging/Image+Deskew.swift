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
    /// Measures the skew of the text lines in ±`range` degrees on a binarised copy.
    /// Returns nil when leptonica cannot measure it (blank page, too little text).
    package func ocrFindSkew(range: Double = 10) throws -> SkewEstimate? {
        let binary = try ocrOtsuBinarized()
        return binary.withPix { pix -> SkewEstimate? in
            var angle: Float = 0, conf: Float = 0
            // Sweep at 4x reduction in 1° steps over ±range, then binary search at 2x reduction.
            let status = pixFindSkewSweepAndSearch(pix, &angle, &conf, 4, 2, Float(range), 1, 0.01)
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
