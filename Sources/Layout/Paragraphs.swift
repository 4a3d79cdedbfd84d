import DocumentModel

/// Paragraph rules: consecutive lines (in reading order) of one column form a paragraph until
/// - the vertical gap (between median word edges) exceeds the page's normal line gap (40th
///   percentile) by 0.4 of the body size (`splitGap`) — unless tall glyphs reach far past
///   their line and the ink is as close as normal lines' (`tallGlyphsSpread`) — or
/// - a line starts indented against the previous one by more than ~0.7 em (first-line indent;
///   centred lines, whose both ends move in, are not indents; nor is a line after one that runs
///   as far right and stops mid-sentence, on a letter, comma or hyphen: a paragraph ends with
///   a sentence), or
/// - in justified text, the previous line ends a sentence more than 3 em short of the column's
///   right edge and the line starts with a capital (a short last line followed by a new start), or
/// - a line after the paragraph's second starts more than ~0.7 em left of all its lines after
///   the first and is not centred under the line before (an outdent: the next item of
///   hanging-indent paragraphs; a line whose first letters OCR lost starts right of the edge
///   and is no measure), or
/// - a display equation comes next (`Equations`) — not a line of prose with inline formulas
///   that fills the paragraph's measure (`fillsMeasure`), or
/// - the size changes by more than 15 % (25 % for OCR sizes; lines of ≥ 2 words only: one word
///   is one box) — with OCR ink boxes, only when the letters' width changes too
///   (`sameLetterWidth`) — or the line leaves the column, or
/// - a heading, a list marker or a table comes next — not a line the heading rules take for
///   larger than the body when it is set like the paragraph (`BlockBuilder.sameStyle`).
/// A paragraph whose text starts with "Figure 3:", "Fig. 2.", "Table 1:" … is a caption.
struct Paragraphs {
    var normalGap: Double
    var splitGap: Double
    var indent: Double
    /// The page's body size.
    var em: Double
    /// Largest relative size change inside a paragraph: 15 % with font sizes, 25 % with OCR
    /// word heights (which vary with the letters of a short line).
    var sizeTolerance: Double

    init(ordered lines: [TextLine], metrics: PageMetrics) {
        var gaps: [Double] = []
        for (a, b) in zip(lines, lines.dropFirst()) where ReadingOrder.overlapX(a.box, b.box, 0) {
            let gap = b.gap(after: a)
            if gap > -0.5 * metrics.bodySize, gap < 3 * metrics.bodySize { gaps.append(gap) }
        }
        normalGap = PageMetrics.percentile(gaps, 0.4) ?? 0.2 * metrics.bodySize
        splitGap = normalGap + 0.4 * metrics.bodySize
        indent = 0.7 * metrics.bodySize
        em = metrics.bodySize
        sizeTolerance = metrics.hasFontSizes ? 0.15 : 0.25
    }

    /// True when `line` continues the paragraph whose previous line is `previous`.
    func continues(_ line: TextLine, after previous: TextLine) -> Bool {
        guard ReadingOrder.overlapX(line.box, previous.box, 0) else { return false }
        var gap = line.gap(after: previous)
        // Style change: the sizes (medians over the words) differ; a one-word line's size is one
        // box, not evidence. OCR sometimes stretches most word boxes of a line to the height of
        // its tallest glyphs (a formula's parentheses): the letters' width tells then, and as the
        // stretched boxes moved the implied baseline, the gap is measured between the middles of
        // the word boxes (a box grows about its middle) less a line's height.
        if line.words.count >= 2, previous.words.count >= 2 {
            let ratio = line.size / max(previous.size, 1)
            if abs(ratio - 1) > sizeTolerance {
                guard Self.sameLetterWidth(line, previous) else { return false }
                gap = Self.middle(line) - Self.middle(previous) - (InkMetrics.ascender + InkMetrics.descender) * em
            }
        }
        if gap > splitGap, Self.tallGlyphsSpread(line, after: previous, em: em),
           Double(line.box.minY - previous.box.maxY) <= normalGap + 0.2 * em {
            // The lines' ink is as close as normal lines' is: only tall glyphs spread them.
            gap = normalGap
        }
        guard gap <= splitGap, gap > -0.5 * Double(previous.box.height) else { return false }
        let shiftIn = Double(line.box.minX - previous.box.minX)
        if shiftIn > indent {
            let centred = abs(line.box.midX - previous.box.midX) < indent
            if centred { return true }
            // A paragraph ends with a sentence: after a line that runs as far right as this one
            // and stops mid-sentence, the shift is no first-line indent (OCR lost the line's first
            // words, or it is the second line of a hanging indent).
            return Double(previous.box.maxX) >= Double(line.box.maxX) - em && Self.stopsMidSentence(previous.text)
        }
        return true
    }

    /// True when a text ends with a letter, a comma or a hyphen: mid-sentence (a line ending with
    /// a number, as a contents entry does, or with a sentence's punctuation is not).
    static func stopsMidSentence(_ text: String) -> Bool {
        guard let last = text.last else { return false }
        return last.isLetter || ",-".contains(last)
    }

    /// True for two OCR ink lines of ≥ 12 letters each whose letters are equally wide (mean
    /// width per character of their words within 12 %, `InkMetrics.letterWidth`): the same type
    /// size, whatever the heights of their word boxes say. A heading or a footnote set in another
    /// size changes the width too.
    static func sameLetterWidth(_ a: TextLine, _ b: TextLine) -> Bool {
        guard a.ink, b.ink, let wa = InkMetrics.letterWidth(a.words), let wb = InkMetrics.letterWidth(b.words) else { return false }
        return abs(wa / wb - 1) <= 0.12
    }

    /// True when `line` starts after the paragraph's second line more than `indent` left of all
    /// its lines after the first (an outdent).
    func isOutdent(_ line: TextLine, paragraph lines: [TextLine]) -> Bool {
        guard lines.count >= 2, let edge = lines.dropFirst().map(\.box.minX).min() else { return false }
        // Centred lines (a title page's affiliations) move both ends: a wider one is no outdent.
        let centred = abs(line.box.midX - lines[lines.count - 1].box.midX) < indent
        return Double(edge - line.box.minX) > indent && !centred
    }

    /// True when `line` runs from the left edge of a paragraph of ≥ 2 lines (its lines after the
    /// first, within 0.5 em) to its right edge (within 1 em): a line of prose set in the measure,
    /// whatever formulas it holds. Display equations are centred or indented.
    func fillsMeasure(_ line: TextLine, paragraph lines: [TextLine]) -> Bool {
        guard lines.count >= 2, let right = lines.map(\.box.maxX).max(),
              let left = lines.dropFirst().map(\.box.minX).min() else { return false }
        return Double(line.box.minX - left) <= 0.5 * em && Double(right - line.box.maxX) <= em
    }

    /// True when glyphs reach far past the normal extent of their line (by > 0.5 em): below
    /// `previous` (a formula's big parentheses, a fraction, a big operator's limits) or above
    /// `line` (a stacked exponent). Typesetting then spreads the baselines until the ink clears,
    /// so the gap between the baselines says nothing of a paragraph break; the ink's gap does
    /// (no more than the normal line gap + 0.2 em: the lines are as close as any).
    static func tallGlyphsSpread(_ line: TextLine, after previous: TextLine, em: Double) -> Bool {
        Double(previous.box.maxY) > previous.bottom + 0.5 * em || Double(line.box.minY) < line.top - 0.5 * em
    }

    /// The median of the middles of a line's word boxes.
    static func middle(_ line: TextLine) -> Double { PageMetrics.median(line.words.map(\.box.midY)) ?? line.box.midY }

    /// A short last line followed by a new start, in justified text: the paragraph's lines
    /// before `row` (at least two) all end within 1 em of its right edge, `row` ends a sentence
    /// more than 3 em before that edge, and `next` starts with a capital or a digit. (Ragged-right
    /// text ends lines early anywhere: there the rule does not apply.)
    func endsShort(_ row: TextLine, before next: TextLine, paragraph lines: [TextLine]) -> Bool {
        // The text tests first: most rows end mid-sentence. The lines before `row` are only
        // measured (their right edges), not copied.
        guard let last = row.text.last, ".!?:".contains(last),
              let first = next.words[0].text.first(where: { $0.isLetter || $0.isNumber }),
              first.isUppercase || first.isNumber else { return false }
        var right = next.box.maxX, leftmostEnd = Int.max, before = 0
        for line in lines where line.box.maxY < row.box.minY {
            before += 1; right = max(right, line.box.maxX); leftmostEnd = min(leftmostEnd, line.box.maxX)
        }
        guard before >= 2, Double(right - leftmostEnd) <= em else { return false }
        return Double(right - row.box.maxX) > 3 * em
    }

    /// True when `piece` continues `row` on the same visual row, to its right and within 4 em
    /// (a line split at a wide justified space).
    static func sameRow(_ piece: TextLine, after row: TextLine, metrics: PageMetrics) -> Bool {
        abs(piece.box.midY - row.box.midY) < 0.5 * Double(min(piece.box.height, row.box.height))
            && piece.box.minX >= row.box.maxX && Double(piece.box.minX - row.box.maxX) < 4 * metrics.bodySize
    }

    /// The words that open a caption's label ("Figure 3", "Table 1").
    static let captionLabels: Set<String> = ["figure", "fig.", "table", "chart", "exhibit"]

    /// True when a text opens with a caption label and a number, whatever follows ("Table 3
    /// Recoveries"): a caption when it sits against a table or figure (`Captions`).
    static func opensWithLabel(_ text: String) -> Bool {
        guard mayOpenWithLabel(text) else { return false }
        let words = text.split(separator: " ", maxSplits: 2)
        return words.count >= 2 && captionLabels.contains(words[0].lowercased()) && words[1].first?.isNumber == true
    }

    /// False when the text's first word cannot be a caption label, told from its first two bytes
    /// after leading spaces: two ASCII bytes other than "fi", "ta", "ch" or "ex" in either case
    /// (an ASCII scalar lowercases to one ASCII scalar, and two ASCII bytes are two `Character`s
    /// or the start of the second). True when either byte is not ASCII, or the text is shorter:
    /// the full rule decides. Every line's heading test and every paragraph ask (`kind(of:)`).
    static func mayOpenWithLabel(_ text: String) -> Bool {
        var bytes = text.utf8.drop { $0 == 0x20 }.makeIterator()
        guard let a = bytes.next(), a < 0x80, let b = bytes.next(), b < 0x80 else { return true }
        switch (a | 0x20, b | 0x20) {
        case (0x66, 0x69), (0x74, 0x61), (0x63, 0x68), (0x65, 0x78): return true   // fi ta ch ex
        default: return false
        }
    }

    /// The block kind of a finished paragraph text.
    static func kind(of text: String) -> BlockKind {
        guard mayOpenWithLabel(text) else { return .paragraph }
        let words = text.split(separator: " ", maxSplits: 2).map(String.init)
        guard words.count >= 2, captionLabels.contains(words[0].lowercased()),
              let last = words[1].last, last == ":" || last == "." || words.count == 2,
              words[1].first?.isNumber == true else { return .paragraph }
        return .caption
    }
}
