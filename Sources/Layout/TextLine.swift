import Foundation
import DocumentModel

/// A working text line: words left to right with their box and typographic size, and its text
/// in reading order (right to left for a Hebrew or Arabic line, `WritingDirection`).
/// `size` is the font size (text layer), the median word height (font boxes without sizes) or
/// the font size implied by OCR ink boxes (`InkMetrics`), in page pixels.
struct TextLine: Hashable {
    let words: [Word]
    /// The words' texts joined by single spaces in reading order (left to right, or right to
    /// left for a line of a right-to-left script), made once: the rules read a line's text many
    /// times (heading, caption, sentence-end tests), and joining it anew each time was ≈ 1.5 %
    /// of a born-digital page's CPU.
    let text: String
    var box: Box
    var size: Double
    /// Median top and bottom of the words: line edges that one tall glyph or a jittered word
    /// does not move (used for line gaps).
    var top: Double
    var bottom: Double
    var isBold: Bool
    /// Index of the input line this piece came from (hints, stable ordering).
    var source: Int
    var blockHint: Int?
    /// The OCR engine's paragraph (Tesseract's `RIL_PARA` index on the page) that the input line
    /// belongs to; nil for a text layer (`EngineParagraphs`).
    var paragraphHint: Int?
    /// True for OCR ink boxes (tight around the glyphs), false for text-layer font boxes.
    var ink: Bool
    /// True on a right-to-left page laid out as its mirror image (`Mirror`): `words` are then
    /// left to right on the mirrored page, right to left on the page itself.
    let mirrored: Bool

    init(words: [Word], source: Int, blockHint: Int? = nil, paragraphHint: Int? = nil, ink: Bool = false,
         mirrored: Bool = false) {
        precondition(!words.isEmpty, "a text line holds at least one word")
        self.words = words.sorted { $0.box.minX < $1.box.minX }
        self.mirrored = mirrored
        // The text follows the words as the page draws them, left to right, whether or not the
        // page is laid out mirrored.
        let drawn = mirrored ? Array(self.words.reversed()) : self.words
        let text = Self.join(drawn, order: nil)
        self.text = WritingDirection.mayHoldRightToLeft(text) && WritingDirection.isRightToLeft(drawn)
            ? Self.join(drawn, order: WritingDirection.rightToLeftOrder(drawn)) : text
        // The union of the word boxes (as `Box.enclosing`, without an array of them).
        var box = words[0].box
        for w in words.dropFirst() { box = box.union(w.box) }
        self.box = box
        self.isBold = words.allSatisfy(\.isBold)
        self.source = source
        self.blockHint = blockHint
        self.paragraphHint = paragraphHint
        self.ink = ink
        let sizes = words.compactMap(\.fontSize).sorted()
        if !sizes.isEmpty || !ink {
            let heights = words.map { Double($0.box.height) }
            size = sizes.isEmpty ? PageMetrics.median(heights)! : sizes[sizes.count / 2]
            top = PageMetrics.median(words.map { Double($0.box.minY) })!
            bottom = PageMetrics.median(words.map { Double($0.box.maxY) })!
        } else {
            let m = InkMetrics.line(words)
            size = m.size; top = m.top; bottom = m.bottom
        }
    }

    /// The texts of `words`, in `order` (indices; nil: as they are), joined by single spaces.
    private static func join(_ words: [Word], order: [Int]?) -> String {
        var text = ""
        text.reserveCapacity(words.reduce(words.count - 1) { $0 + $1.text.utf8.count })
        for k in words.indices {
            if k > 0 { text += " " }
            text += words[order?[k] ?? k].text
        }
        return text
    }

    /// The same line (source, hints, box kind) holding other words.
    func with(words: [Word]) -> TextLine {
        TextLine(words: words, source: source, blockHint: blockHint, paragraphHint: paragraphHint, ink: ink, mirrored: mirrored)
    }

    var hasFontSize: Bool { words.contains { $0.fontSize != nil } }

    /// The same line without its first `count` words (nil when nothing is left).
    func dropping(first count: Int) -> TextLine? {
        let rest = Array(words.dropFirst(count))
        return rest.isEmpty ? nil : with(words: rest)
    }
}

extension TextLine {
    /// Builds working lines from input lines: empty words dropped, and a line split where two
    /// words are further apart than `gap` (column gutters, table cells), except right after a
    /// list marker (hanging-indent bullets sit far from their text). `mirrored`: the lines are
    /// a right-to-left page's, mirrored (`Mirror`).
    static func make(from lines: [Line], splitGap gap: Double, mirrored: Bool = false) -> [TextLine] {
        var out: [TextLine] = []
        for (index, line) in lines.enumerated() {
            let words = line.words
                .filter { $0.box.width > 0 && !$0.text.isBlank }
                .sorted { $0.box.minX < $1.box.minX }
            var piece: [Word] = []
            let ink = line.stage != .textLayer && line.words.allSatisfy { $0.fontSize == nil }
            for word in words {
                if let last = piece.last, Double(word.box.minX - last.box.maxX) > gap,
                   !(piece.count == 1 && ListMarker.parse(last.text) != nil) {
                    out.append(TextLine(words: piece, source: index, blockHint: line.blockHint, paragraphHint: line.paragraphHint,
                                        ink: ink, mirrored: mirrored))
                    piece = []
                }
                piece.append(word)
            }
            if !piece.isEmpty {
                out.append(TextLine(words: piece, source: index, blockHint: line.blockHint, paragraphHint: line.paragraphHint,
                                    ink: ink, mirrored: mirrored))
            }
        }
        return out
    }
}

extension TextLine {
    /// A line holding only a list marker (some text layers emit the bullet as its own line) is
    /// joined to the nearest line on the same row to its right.
    static func mergeLoneMarkers(_ lines: [TextLine]) -> [TextLine] {
        var lines = lines
        var i = 0
        while i < lines.count {
            let m = lines[i]
            if m.words.count == 1, ListMarker.parse(m.words[0].text) != nil,
               let j = lines.indices.filter({ j in
                   // OCR boxes of a marker and its text may overlap a little.
                   j != i && lines[j].box.minX >= m.box.minX + m.box.width / 2
                       && Double(lines[j].box.minX - m.box.maxX) < 4 * Double(m.box.height)
                       && abs(lines[j].box.midY - m.box.midY) < Double(max(m.box.height, lines[j].box.height)) / 2
               }).min(by: { lines[$0].box.minX < lines[$1].box.minX }) {
                lines[j] = lines[j].with(words: m.words + lines[j].words)
                lines.remove(at: i)
                continue
            }
            i += 1
        }
        return lines
    }
}

extension TextLine {
    /// Vertical distance from `previous`'s bottom to this line's top (median word edges).
    /// For OCR ink lines it is measured between baselines (medians of the words' implied
    /// baselines, which a tall box does not move) less the extents of the smaller of the two
    /// sizes: one inflated box can neither close nor open a gap.
    func gap(after previous: TextLine) -> Double {
        guard ink, previous.ink else { return top - previous.bottom }
        let s = min(size, previous.size)
        return (bottom - InkMetrics.descender * size) - (previous.bottom - InkMetrics.descender * previous.size)
            - (InkMetrics.ascender + InkMetrics.descender) * s
    }
}

extension TextLine {
    /// Joins back the pieces of one input line (split at wide gaps by `make`) unless the gap
    /// between two pieces holds the page's column gutter: after tables have taken their words,
    /// the other wide gaps are justified spacing, not column breaks.
    static func rejoin(_ lines: [TextLine], gutter: Gutter?) -> [TextLine] {
        var out: [TextLine] = []
        for line in lines {
            if let last = out.last, last.source == line.source, line.box.minX >= last.box.maxX,
               abs(line.box.midY - last.box.midY) < Double(min(line.box.height, last.box.height)) / 2,
               !(gutter.map { last.box.maxX <= $0.range.upperBound && line.box.minX >= $0.range.lowerBound } ?? false) {
                out[out.count - 1] = last.with(words: last.words + line.words)
            } else {
                out.append(line)
            }
        }
        return out
    }
}

extension String {
    /// Empty or only whitespace (ASCII tested first: this runs for every word of every page). A
    /// printable ASCII byte other than the space (0x21–0x7E) is a scalar that is no whitespace.
    var isBlank: Bool {
        if utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } || unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }
}
