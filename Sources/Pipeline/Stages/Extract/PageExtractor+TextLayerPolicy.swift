import DocumentModel

/// Decides, for `text_layer: auto`, whether a PDF page's text layer can replace OCR.
///
/// The rule (all must hold):
/// 1. **Some text**: at least one non-whitespace character.
/// 2. **Real text**: at most `maxGarbageFraction` (30 %) of those characters are U+FFFD,
///    private-use or control characters — the signature of fonts without a Unicode mapping.
/// 3. **Enough text, or nothing else to read**: at least `minCharacters` (20) characters, or
///    images that together cover less than `pictureCoverage` (10 %) of the page. A short text
///    layer beside pictures is OCR'd (the pictures may hold the page's text: OCR then sees
///    everything); without pictures it is all the text there is — a page number, a form's
///    labels, a few words in a script the OCR languages do not cover — and OCR would only
///    lose it (Tesseract drops lone page numbers and reads CJK with `eng` as Latin garbage).
/// 4. **Not a scan with a poor OCR layer**: no single image covers `scanCoverage` (90 %) or more
///    of the page, unless visible text is drawn over it or the layer reads as words. A page that
///    is one full-page image with invisible text (render mode 3), or with text hidden under the
///    image, is a scan whose text is an OCR layer. The layer is kept when it has at least
///    `minScanLayerTokens` (20) tokens and at least `scanLayerWordShare` (85 %) of them are words
///    or numbers (``LayerWordShare``): a good OCR layer, often in a language the OCR models here
///    do not read (a Spanish book's accents, a German letter's umlauts). A junk layer
///    ("OFl&LTORS", "l..!e:") or a short one is OCR'd again. A page printing its text over a
///    full-page background picture (a menu, a brochure's cover, a form on a scanned letterhead)
///    keeps its text layer: the content stream says which (`textOverLargestImage`, read with
///    qpdf: poppler-glib cannot report the render mode).
public enum TextLayerPolicy {
    public static let minCharacters = 20
    public static let maxGarbageFraction = 0.3
    public static let pictureCoverage = 0.1
    public static let scanCoverage = 0.9
    public static let minScanLayerTokens = 20
    public static let scanLayerWordShare = 0.85

    /// The verdict with a short reason (kept for logs).
    public enum Verdict: Equatable, Sendable {
        case useTextLayer
        case ocr(reason: String)
    }

    /// Applies the rule to the page's characters and to the fractions of the page (0...1) that
    /// its largest image and all its images together cover. `imageCoverage` is only evaluated
    /// when the text passes rules 1 and 2.
    public static func verdict(characters: some Collection<Unicode.Scalar>,
                               imageCoverage: () -> (largest: Double, total: Double),
                               textOverLargestImage: () -> Bool = { false }) -> Verdict {
        var visible = 0, garbage = 0
        for s in characters {
            // Printable ASCII first: Unicode property lookups cost more than the rest of the loop.
            if s.value > 0x20 && s.value < 0x7F { visible += 1; continue }
            if s.properties.isWhitespace { continue }
            visible += 1
            if isGarbage(s) { garbage += 1 }
        }
        if visible == 0 { return .ocr(reason: "no text layer") }
        if Double(garbage) > maxGarbageFraction * Double(visible) {
            return .ocr(reason: "text layer is mostly unmapped glyphs (\(garbage) of \(visible))")
        }
        let coverage = imageCoverage()
        if visible < minCharacters, coverage.total >= pictureCoverage {
            return .ocr(reason: "text layer has only \(visible) characters beside images covering \(Int(coverage.total * 100))% of the page")
        }
        if coverage.largest >= scanCoverage, !textOverLargestImage() {
            let words = LayerWordShare(characters)
            if words.tokens < minScanLayerTokens || words.share < scanLayerWordShare {
                return .ocr(reason: "one image covers \(Int(coverage.largest * 100))% of the page (a scan with an OCR layer: "
                            + "\(words.words) of \(words.tokens) tokens read as words)")
            }
        }
        return .useTextLayer
    }

    static func isGarbage(_ s: Unicode.Scalar) -> Bool {
        if s == "\u{FFFD}" { return true }
        switch s.properties.generalCategory {
        case .privateUse, .control, .unassigned, .surrogate: return true
        default: return false
        }
    }
}
