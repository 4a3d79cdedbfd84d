import CLeptonica
import DocumentModel

// Dark surroundings of a photographed or scanned sheet (the table a receipt lies on, a
// scanner's black lid) made white, so that a global threshold separates ink from paper and not
// the surroundings from the sheet: Tesseract's Otsu threshold and the text-scale measurement
// otherwise put faint print on the paper's side and lose it.
// Leptonica: every `pix…` function used here returns a new PIX (one reference, ours) or NULL,
// except `pixSetMasked`, which paints in place.

extension Image {
    /// Dark regions connected to the image's edge larger than this share of the page are the
    /// sheet's surroundings; up to `maximumBorderShare` (beyond it the page is dark itself:
    /// white on black, a photo) — they are left alone otherwise.
    static let minimumBorderShare = 0.01
    static let maximumBorderShare = 0.6

    /// The mask (1 bpp) of the dark regions of the gray page `pix` that touch the image's edge —
    /// darker than 30 % of the paper level `paper` — grown by `margin` pixels for their blurred
    /// rim; nil when they cover less than `minimumBorderShare` or more than `maximumBorderShare`
    /// of the page.
    static func darkBorderMask(_ pix: UnsafeMutablePointer<PIX>, paper: Int, margin: Int) -> UnsafeMutablePointer<PIX>? {
        // pixThresholdToBinary: 1 where the value is below the threshold.
        var dark: UnsafeMutablePointer<PIX>? = pixThresholdToBinary(pix, Int32(max(1, paper * 3 / 10)))
        defer { pixDestroy(&dark) }
        guard let dark else { return nil }
        // pixExtractBorderConnComps: the components touching the edge (8-connected).
        var border: UnsafeMutablePointer<PIX>? = pixExtractBorderConnComps(dark, 8)
        defer { pixDestroy(&border) }
        guard let border else { return nil }
        var count: Int32 = 0
        guard pixCountPixels(border, &count, nil) == 0 else { return nil }
        let share = Double(count) / Double(max(1, Int(pixGetWidth(pix)) * Int(pixGetHeight(pix))))
        guard share >= minimumBorderShare, share <= maximumBorderShare else { return nil }
        let size = Int32(2 * margin + 1)
        return pixDilateBrick(nil, border, size, size)
    }

    /// A copy of the gray page `pix` whose dark surroundings (`darkBorderMask`) are painted
    /// `paper`; nil when it has none.
    static func whitenedDarkBorder(_ pix: UnsafeMutablePointer<PIX>, paper: Int, margin: Int) -> UnsafeMutablePointer<PIX>? {
        var mask = darkBorderMask(pix, paper: paper, margin: margin)
        defer { pixDestroy(&mask) }
        guard let mask, let copy = pixCopy(nil, pix) else { return nil }
        pixSetMasked(copy, mask, UInt32(max(0, min(255, paper))))
        return copy
    }

    /// The rim added to a dark border region: 0.5 % of the page's smaller side, at least 2 px.
    var borderMargin: Int { max(2, min(width, height) / 200) }

    /// A gray copy prepared for a whole-page reading: background normalised (uneven light and
    /// grey paper become white), the dark surroundings of the sheet whitened, contrast stretched
    /// (`pixGammaTRC` from 30 to the paper's 200).
    package func ocrCleanedPage() throws -> Image {
        let gray = try isPlainGray ? self : grayscale()
        let margin = borderMargin
        return try Image.ocrWrap(gray.withPix { pix -> UnsafeMutablePointer<PIX>? in
            // pixBackgroundNormSimple's pixels: background → 200.
            var norm: UnsafeMutablePointer<PIX>? = Image.backgroundNormalized(pix)
            defer { pixDestroy(&norm) }
            guard let norm else { return nil }
            var whitened: UnsafeMutablePointer<PIX>? = Image.whitenedDarkBorder(norm, paper: 200, margin: margin)
            defer { pixDestroy(&whitened) }
            return pixGammaTRC(nil, whitened ?? norm, 1.0, 30, 200)
        }, "pixBackgroundNormSimple")
    }

    /// True when the page lies on dark surroundings (a photographed sheet, a scanner's black
    /// lid): dark regions touching the edge, darker than 30 % of the paper level, cover between
    /// `minimumBorderShare` and `maximumBorderShare` of it. The paper level is the 80th
    /// percentile of brightness (the median may fall on the surroundings when they cover half).
    package func ocrHasDarkBorder() throws -> Bool {
        let gray = try isPlainGray ? self : grayscale()
        return gray.withPix { pix -> Bool in
            var paper: UInt32 = 255
            // pixGetRankValue: rank 0 is the darkest level, 1 the brightest.
            pixGetRankValue(pix, Int32(max(1, min(width, height) / 400)), 0.8, &paper)
            var mask = Image.darkBorderMask(pix, paper: Int(paper), margin: 0)
            defer { pixDestroy(&mask) }
            return mask != nil
        }
    }
}
