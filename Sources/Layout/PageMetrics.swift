import DocumentModel

/// Typical measures of a page's body text, the yardstick for every relative rule, and the
/// page's way of joining lines (`textJoin`), which every rule that makes a block's text uses.
struct PageMetrics {
    /// Median size (font size or median word height) of the page's lines, weighted by word count.
    var bodySize: Double
    /// True when sizes come from a text layer (font sizes), false for OCR line heights.
    var hasFontSizes: Bool
    /// True when the lines carry OCR ink boxes (sizes implied by `InkMetrics`).
    var inkBoxes: Bool
    var pageWidth: Int
    var pageHeight: Int
    /// With OCR ink boxes: the body's mean width per character (median over lines of ≥ 12
    /// characters, weighted by word count; `InkMetrics.letterWidth`), nil otherwise.
    var letterWidth: Double?
    /// How the page's lines are joined into a block's text (with the page's lexicon).
    var textJoin: TextJoin

    init(lines: [TextLine], pageWidth: Int, pageHeight: Int, lexicon: (any Lexicon)? = nil) {
        self.pageWidth = pageWidth; self.pageHeight = pageHeight
        textJoin = TextJoin(lexicon: lexicon)
        var sizes: [Double] = []
        for line in lines { sizes += Array(repeating: line.size, count: line.words.count) }
        bodySize = Self.median(sizes) ?? 12
        hasFontSizes = !lines.isEmpty && lines.allSatisfy(\.hasFontSize)
        inkBoxes = lines.contains(where: \.ink)
        var widths: [Double] = []
        for line in lines where line.ink {
            if let w = InkMetrics.letterWidth(line.words) { widths += Array(repeating: w, count: line.words.count) }
        }
        letterWidth = Self.median(widths)
    }

    /// True on an ink page when `words` are no wider per letter than the body's (≤ 1.08×): type of
    /// the body's size, however tall OCR's boxes make it look (boxes touching a ruling, holding
    /// parentheses, or a re-read line's box stretched over its neighbour's). Widths follow the
    /// type size; heights follow the tallest glyph. False when either width is unknown.
    func lettersAsNarrowAsBody(_ words: [Word]) -> Bool {
        guard inkBoxes, let body = letterWidth, let w = InkMetrics.letterWidth(words) else { return false }
        return w <= 1.08 * body
    }

    /// The gap that splits a line into two pieces (column gutter or table cell gap).
    static func splitGap(for lines: [Line]) -> Double {
        // The heights only (the words themselves are not gathered).
        var heights: [Double] = []
        for line in lines { for w in line.words { heights.append(Double(w.box.height)) } }
        return 1.4 * (median(heights) ?? 12)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted()
        return s[s.count / 2]
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted()
        return s[min(s.count - 1, Int(Double(s.count - 1) * p))]
    }
}
