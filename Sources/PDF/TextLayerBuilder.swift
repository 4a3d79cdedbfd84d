import DocumentModel

/// One character of a PDF text layer: its rectangle in points (top-left origin, page as
/// displayed) and its font run's size and weight. A plain value (no references): a page has
/// thousands and they are copied around while grouping.
public struct Glyph: Sendable, Equatable {
    public var scalar: Unicode.Scalar
    public var x0: Double, y0: Double, x1: Double, y1: Double
    public var fontSize: Double?
    /// The font run's name marks a bold weight (see `TextLayerBuilder.isBoldFont`).
    public var isBold: Bool

    public init(scalar: Unicode.Scalar, x0: Double, y0: Double, x1: Double, y1: Double,
                fontSize: Double? = nil, isBold: Bool = false) {
        self.scalar = scalar; self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        self.fontSize = fontSize; self.isBold = isBold
    }

    /// A glyph whose weight is read from its font's name.
    public init(scalar: Unicode.Scalar, x0: Double, y0: Double, x1: Double, y1: Double,
                fontName: String?, fontSize: Double? = nil) {
        self.init(scalar: scalar, x0: x0, y0: y0, x1: x1, y1: y1, fontSize: fontSize,
                  isBold: fontName.map(TextLayerBuilder.isBoldFont) ?? false)
    }

    var isSpace: Bool {
        // ASCII first: the Unicode property lookup is a measurable share of a text-layer page.
        scalar.isASCII ? (scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.value == 0x0B
                          || scalar.value == 0x0C)
                       : scalar.properties.isWhitespace
    }
    var isLineBreak: Bool { scalar == "\n" || scalar == "\r" }
}

/// A glyph's rectangle in the reading frame (see `ReadingFrame`).
struct FrameRect {
    var x0: Double, y0: Double, x1: Double, y1: Double
    var height: Double { y1 - y0 }
    var midY: Double { (y0 + y1) / 2 }
}

/// Groups text-layer glyphs into words and lines (pure; no C).
///
/// Words end at whitespace and lines at poppler's newlines; both are verified geometrically,
/// because poppler's text order is not always the visual one: a glyph that jumps back along the
/// reading direction, or leaves a gap wider than 0.6 × the glyph height, starts a new word; a
/// glyph whose middle lies outside the previous glyph's extent across the reading direction
/// starts a new line.
///
/// The reading direction is the dominant advance between consecutive glyphs: left-to-right on
/// an upright page, top-to-bottom or bottom-to-top on a page displayed with /Rotate 90 or 270,
/// right-to-left upside down. Grouping happens in that frame; boxes stay in page pixels.
///
/// One pass over the glyphs; a word is a run of consecutive glyphs, built from its index range
/// without copying glyphs into intermediate arrays.
public enum TextLayerBuilder {
    /// Builds `PageText(source: .textLayer)`; boxes are scaled by `scale` (dpi / 72) to pixels,
    /// confidence is 100, font sizes are in pixels, and a word is bold when its glyphs' font
    /// runs are (names saying Bold, Black, Heavy, Semibold or Demibold).
    public static func pageText(from glyphs: [Glyph], scale: Double) -> PageText {
        let frame = ReadingFrame.dominant(in: glyphs)
        var lines: [Line] = []
        var words: [Word] = []          // of the current line
        var wordStart: Int?             // first glyph of the current word
        var wordEnd = 0                 // one past its last glyph
        var previous: FrameRect?        // the line's last glyph so far, in the reading frame
        func endWord() {
            guard let start = wordStart else { return }
            words.append(makeWord(glyphs[start..<wordEnd], scale: scale))
            wordStart = nil
        }
        func endLine() {
            endWord()
            if !words.isEmpty { lines.append(makeLine(words)); words.removeAll(keepingCapacity: true) }
            previous = nil
        }

        for i in glyphs.indices {
            let g = glyphs[i]
            if g.isLineBreak { endLine(); continue }
            if g.isSpace { endWord(); continue }
            let b = frame.rect(g)
            if let a = previous {
                let sameRow = b.midY >= a.y0 && b.midY <= a.y1 || a.midY >= b.y0 && a.midY <= b.y1
                if !sameRow { endLine() }
                else if wordStart != nil {
                    let gap = b.x0 - a.x1
                    if gap > 0.6 * max(a.height, b.height) || b.x1 < a.x0 { endWord() }
                }
            }
            if wordStart == nil { wordStart = i }
            wordEnd = i + 1
            previous = b
        }
        endLine()
        return PageText(source: .textLayer, lines: lines)
    }

    private static func makeLine(_ words: [Word]) -> Line {
        let box = Box.enclosing(words.map(\.box)) ?? Box(x: 0, y: 0, width: 0, height: 0)
        var text = ""
        for (i, w) in words.enumerated() {
            if i > 0 { text += " " }
            text += w.text
        }
        return Line(text: text, confidence: 100, box: box, words: words, stage: .textLayer)
    }

    private static func makeWord(_ glyphs: ArraySlice<Glyph>, scale: Double) -> Word {
        var text = String.UnicodeScalarView()
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var bold = true
        // The median font size; nearly every word has one size, so the sort is the rare case.
        var firstSize: Double?, mixedSizes = false
        for g in glyphs {
            text.append(g.scalar)
            x0 = min(x0, g.x0); y0 = min(y0, g.y0); x1 = max(x1, g.x1); y1 = max(y1, g.y1)
            bold = bold && g.isBold
            if let size = g.fontSize {
                if let first = firstSize { mixedSizes = mixedSizes || size != first } else { firstSize = size }
            }
        }
        var fontSize = firstSize
        if mixedSizes {
            let sizes = glyphs.compactMap(\.fontSize).sorted()
            fontSize = sizes[sizes.count / 2]
        }
        let px0 = Int((x0 * scale).rounded(.down)), py0 = Int((y0 * scale).rounded(.down))
        let px1 = Int((x1 * scale).rounded(.up)), py1 = Int((y1 * scale).rounded(.up))
        return Word(text: String(text), confidence: 100,
                    box: Box(x: px0, y: py0, width: max(0, px1 - px0), height: max(0, py1 - py0)),
                    fontSize: fontSize.map { $0 * scale }, isBold: bold)
    }

    /// True for font names that mark a bold weight (e.g. "Helvetica-Bold", "ABCDEF+Arial,Black"),
    /// compared as ASCII without case (called once per font run).
    public static func isBoldFont(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in boldMarkers.contains { containsIgnoringASCIICase(bytes, $0) } }
    }

    private static let boldMarkers: [[UInt8]] = ["bold", "black", "heavy", "semibold", "demibold"].map { Array($0.utf8) }

    private static func containsIgnoringASCIICase(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        outer: for start in 0...(haystack.count - needle.count) {
            for (k, n) in needle.enumerated() {
                var c = haystack[start + k]
                if c >= 65 && c <= 90 { c += 32 }
                if c != n { continue outer }
            }
            return true
        }
        return false
    }
}

/// The direction text advances in, as a rotation of glyph rectangles into a left-to-right frame.
enum ReadingFrame {
    case leftToRight, topToBottom, bottomToTop, rightToLeft

    /// The direction most consecutive glyph pairs (inside a poppler line) advance in.
    static func dominant(in glyphs: [Glyph]) -> ReadingFrame {
        var votes = [0, 0, 0, 0]
        var previous: Glyph?
        for g in glyphs {
            if g.isLineBreak { previous = nil; continue }
            if g.isSpace { continue }
            if let p = previous {
                let dx = (g.x0 + g.x1 - p.x0 - p.x1) / 2, dy = (g.y0 + g.y1 - p.y0 - p.y1) / 2
                if abs(dx) >= abs(dy) { votes[dx >= 0 ? 0 : 3] += 1 } else { votes[dy >= 0 ? 1 : 2] += 1 }
            }
            previous = g
        }
        let best = votes.indices.max { votes[$0] < votes[$1] } ?? 0
        return votes[best] == 0 ? .leftToRight : [.leftToRight, .topToBottom, .bottomToTop, .rightToLeft][best]
    }

    /// The glyph's rectangle turned so that reading goes left to right, lines downwards.
    func rect(_ g: Glyph) -> FrameRect {
        switch self {
        case .leftToRight: return FrameRect(x0: g.x0, y0: g.y0, x1: g.x1, y1: g.y1)
        case .topToBottom: return FrameRect(x0: g.y0, y0: -g.x1, x1: g.y1, y1: -g.x0)   // lines go right to left
        case .bottomToTop: return FrameRect(x0: -g.y1, y0: g.x0, x1: -g.y0, y1: g.x1)   // lines go left to right
        case .rightToLeft: return FrameRect(x0: -g.x1, y0: -g.y1, x1: -g.x0, y1: -g.y0)
        }
    }
}
