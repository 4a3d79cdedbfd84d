import OCR

extension TextRecognizer {
    /// On a page read with automatic segmentation (a document: columns, paragraphs, tables),
    /// text larger than this (in `TextScale` terms; x-height ≈ 22.5 px, 10-pt text at 360 dpi,
    /// e.g. a 300-dpi scan of 11–12-pt text) is read by the fast pass on a reduced copy.
    /// Tesseract's pixel work (binarisation, layout analysis, connected components) grows with
    /// the page's pixels, its LSTM's with the lines' length in line heights (it normalises every
    /// line to one height): such a page pays for pixels the LSTM then scales away. Measured on
    /// the generated 300-dpi scans (text at ≈ 370, 8.7 MP; bench/RESULTS.md "scanscale"): read
    /// at 250 the fast pass took 18 % less CPU (≈ 0.045 CPU-s per megapixel). From here down
    /// the reduction is by at most 0.69, where leptonica's `pixScale` maps areas; a smaller
    /// reduction interpolates, and the same scans made 0.85× as large (text at ≈ 315) read
    /// worse reduced to 250 with layout on (CER 0.130 % → 0.153 %; 0.189 % → 0.184 % without).
    public static let documentMaximumTextDPI = 360
    /// Document text above `documentMaximumTextDPI` is reduced to this size (x-height ≈ 15.6 px).
    /// Measured on the generated scans (`bench/run --parts scanned`, balanced; CER with layout on
    /// / off): full size 0.099 % / 0.153 %, 270 0.13 % / 0.15 %, 260 0.103 % / 0.153 %,
    /// 250 0.099 % / 0.157 % (one character), 230 0.17 % / 0.22 %.
    public static let documentTextDPI = 250

    /// The scale at which the fast pass reads a page segmented as `layout` whose text is at
    /// `textDPI`: `workingScale(textDPI:pixels:maxPixels:)`, and for a page read with automatic
    /// segmentation at `level` `fast` or `balanced`, text above `documentMaximumTextDPI` reduced
    /// to `documentTextDPI`.
    /// A page read as one block (a receipt) keeps the larger working size: the dev set's
    /// receipts — thin, faded thermal print — read worse reduced (text at 331–805 read at 270:
    /// CER 0.177 → 0.190, bag-of-words F1 0.749 → 0.741). So does every page at `accurate`, the
    /// level that spends time for the best reading: the dev set's 16 arXiv pages enlarged 1.85×
    /// (text at ≈ 370) read at `accurate` with the reduction gave CER 0.167 → 0.168 and
    /// bag-of-words F1 0.856 → 0.854 (at `balanced` 0.168 → 0.167 and 0.855 → 0.856, −19 % CPU).
    public static func workingScale(textDPI: Int, layout: PageSegmentation, level: OCRLevel = .balanced,
                                    pixels: Int = 0, maxPixels: Int = .max) -> Double {
        let scale = workingScale(textDPI: textDPI, pixels: pixels, maxPixels: maxPixels)
        guard layout == .auto, level != .accurate, textDPI > documentMaximumTextDPI else { return scale }
        return min(scale, Double(documentTextDPI) / Double(textDPI))
    }
}
