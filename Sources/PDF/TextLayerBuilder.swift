import DocumentModel

/// One character of a PDF text layer: its rectangle in points (top-left origin, page as
/// displayed) and its font run.
public struct Glyph: Sendable, Equatable {
    public var scalar: Unicode.Scalar
    public var x0: Double, y0: Double, x1: Double, y1: Double
    public var fontName: String?
    public var fontSize: Double?

    public init(scalar: Unicode.Scalar, x0: Double, y0: Double, x1: Double, y1: Double,
                fontName: String? = nil, fontSize: Double? = nil) {
        self.scalar = scalar; self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        self.fontName = fontName; self.fontSize = fontSize
    }

    var isSpace: Bool {
        // ASCII first: the Unicode property lookup is a measurable share of a text-layer page.
        scalar.isASCII ? (scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.value == 0x0B
                          || scalar.value == 0x0C)
                       : scalar.properties.isWhitespace
    }
    var isLineBreak: Bool { scalar == "\n" || scalar == "\r" }
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
public enum TextLayerBuilder {
    /// Builds `PageText(source: .textLayer)`; boxes are scaled by `scale` (dpi / 72) to pixels,
    /// confidence is 100, font sizes are in pixels, and a word is bold when its font name says
    /// Bold, Black, Heavy or Semibold.
    public static func pageText(from glyphs: [Glyph], scale: Double) -> PageText {
        let frame = ReadingFrame.dominant(in: glyphs)
        var lines: [[[Glyph]]] = []
        var line: [[Glyph]] = []
        var word: [Glyph] = []
        func endWord() { if !word.isEmpty { line.append(word); word = [] } }
        func endLine() { endWord(); if !line.isEmpty { lines.append(line); line = [] } }

        for g in glyphs {
            if g.isLineBreak { endLine(); continue }
            if g.isSpace { endWord(); continue }
            if let prev = word.last ?? line.last?.last {
                let a = frame.map(prev), b = frame.map(g)
                let sameRow = b.midY >= a.y0 && b.midY <= a.y1 || a.midY >= b.y0 && a.midY <= b.y1
                if !sameRow { endLine() }
                else if !word.isEmpty {
                    let gap = b.x0 - a.x1
                    if gap > 0.6 * max(a.height, b.height) || b.x1 < a.x0 { endWord() }
                }
            }
            word.append(g)
        }
        endLine()
        let built = lines.map { makeLine($0, scale: scale) }
        return PageText(source: .textLayer, lines: built)
    }

    private static func makeLine(_ words: [[Glyph]], scale: Double) -> Line {
        let ws = words.map { makeWord($0, scale: scale) }
        let box = Box.enclosing(ws.map(\.box)) ?? Box(x: 0, y: 0, width: 0, height: 0)
        return Line(text: ws.map(\.text).joined(separator: " "), confidence: 100, box: box,
                    words: ws, stage: .textLayer)
    }

    private static func makeWord(_ glyphs: [Glyph], scale: Double) -> Word {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: glyphs.map(\.scalar))
        let x0 = glyphs.map(\.x0).min()!, y0 = glyphs.map(\.y0).min()!
        let x1 = glyphs.map(\.x1).max()!, y1 = glyphs.map(\.y1).max()!
        let px0 = Int((x0 * scale).rounded(.down)), py0 = Int((y0 * scale).rounded(.down))
        let px1 = Int((x1 * scale).rounded(.up)), py1 = Int((y1 * scale).rounded(.up))
        let sizes = glyphs.compactMap(\.fontSize).sorted()
        let fontSize = sizes.isEmpty ? nil : sizes[sizes.count / 2] * scale
        // A word's glyphs nearly always share one font: test each distinct name once.
        var bold = false
        var checked: String?
        for name in glyphs.lazy.compactMap(\.fontName) where name != checked {
            bold = isBoldFont(name)
            checked = name
            if !bold { break }
        }
        return Word(text: String(text), confidence: 100,
                    box: Box(x: px0, y: py0, width: max(0, px1 - px0), height: max(0, py1 - py0)),
                    fontSize: fontSize, isBold: bold)
    }

    /// True for font names that mark a bold weight (e.g. "Helvetica-Bold", "ABCDEF+Arial,Black").
    public static func isBoldFont(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["bold", "black", "heavy", "semibold", "demibold"].contains { lower.contains($0) }
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
    func map(_ g: Glyph) -> Glyph {
        var r = g
        switch self {
        case .leftToRight: return g
        case .topToBottom: (r.x0, r.x1, r.y0, r.y1) = (g.y0, g.y1, -g.x1, -g.x0)   // lines go right to left
        case .bottomToTop: (r.x0, r.x1, r.y0, r.y1) = (-g.y1, -g.y0, g.x0, g.x1)   // lines go left to right
        case .rightToLeft: (r.x0, r.x1, r.y0, r.y1) = (-g.x1, -g.x0, -g.y1, -g.y0)
        }
        return r
    }
}
