import CLeptonica

// Where light text on a dark ground can be: a dark band with white lettering (a table header,
// a banner, a slide). Tesseract reads such text by re-reading weak lines inverted
// (`tessedit_do_invert`); a page without a dark area wide and tall enough for a word can skip
// that work.
// Leptonica: every `pix…` function used here returns a new PIX (one reference, ours) or NULL,
// except `pixZero`, which only reads.

extension Image {
    /// The smallest dark area that can hold a light word, in x-heights: as wide as a short word
    /// (three x-heights, two or three letters) and as tall as the room above or below a line
    /// of lettering in a tight band (half an x-height).
    static let lightTextAreaXHeights = (width: 3.0, height: 0.5)
    /// The least share of ink in a cell of such an area: more ink than paper. Dark lettering
    /// thickened by blur and Otsu's threshold (the OCR fixture `degraded.png`) or small text
    /// enlarged 1.2× (`scale100.png`) can pass for a dark area: the cautious answer. A stricter
    /// 80 % let the dev set's arXiv pages skip the inverted re-reads where they still helped
    /// (bag-of-words F1 0.853 → 0.851; an x-height-tall area instead of half: the same).
    static let darkCellInk = 0.5

    /// True when this page, binarised (1 bpp, ink set; other depths are binarised with a global
    /// Otsu threshold, as Tesseract does), has a dark area at least
    /// `lightTextAreaXHeights` large for text of `xHeight` pixels: cells of half an x-height
    /// at least `darkCellInk` ink (`pixScaleToGray`, then a threshold), opened with a brick of
    /// that size (`pixOpenBrick`). The band light lettering is printed on keeps such cells
    /// above and below the lettering; dark lettering on paper does not fill them (a heading in
    /// heavy type can pass for a dark area: the answer is then a cautious true). A page with a
    /// photo or dark scan edges answers true.
    package func mayHoldLightText(xHeight: Double) throws -> Bool {
        let binary = depth == 1 ? self : try ocrOtsuBinarized()
        let cell = max(2, xHeight / 2)
        // pixScaleToGray takes factors from 1/16 to 1 (anti-aliased: each output pixel is the
        // share of paper in its cell).
        let factor = Float(min(0.5, max(1.0 / 16, 1 / cell)))
        let cellsWide = Int32(max(1, (Self.lightTextAreaXHeights.width * xHeight * Double(factor)).rounded()))
        let cellsTall = Int32(max(1, (Self.lightTextAreaXHeights.height * xHeight * Double(factor)).rounded()))
        return try binary.withPix { pix throws(ImageError) -> Bool in
            var gray: UnsafeMutablePointer<PIX>? = pixScaleToGray(pix, factor)
            defer { pixDestroy(&gray) }
            // pixThresholdToBinary: 1 where the value (the share of paper) is below the threshold.
            let paper = Int32((255 * (1 - Self.darkCellInk)).rounded())
            var dark: UnsafeMutablePointer<PIX>? = gray.flatMap { pixThresholdToBinary($0, paper) }
            defer { pixDestroy(&dark) }
            var opened: UnsafeMutablePointer<PIX>? = dark.flatMap { pixOpenBrick(nil, $0, cellsWide, cellsTall) }
            defer { pixDestroy(&opened) }
            guard let opened else { throw .operation("find dark areas (pixScaleToGray/pixOpenBrick)") }
            var empty: Int32 = 1
            guard pixZero(opened, &empty) == 0 else { throw .operation("find dark areas (pixZero)") }
            return empty == 0
        }
    }
}
