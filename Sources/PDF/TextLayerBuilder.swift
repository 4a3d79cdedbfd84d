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

    var isSpace: Bool { scalar.properties.isWhitespace }
    var isLineBreak: Bool { scalar == "\n" || scalar == "\r" }
    var height: Double { y1 - y0 }
    var midY: Double { (y0 + y1) / 2 }
}

/// Groups text-layer glyphs into words and lines (pure; no C).
///
/// Words end at whitespace and lines at poppler's newlines; both are verified geometrically,
/// because poppler's text order is not always the visual one: a glyph that jumps back in x, or
/// leaves a gap wider than 0.6 × the glyph height, starts a new word; a glyph whose vertical
/// middle lies outside the previous glyph's vertical extent starts a new line.
public enum TextLayerBuilder {
    /// Builds `PageText(source: .textLayer)`; boxes are scaled by `scale` (dpi / 72) to pixels,
    /// confidence is 100, font sizes are in pixels, and a word is bold when its font name says
    /// Bold, Black, Heavy or Semibold.
    public static func pageText(from glyphs: [Glyph], scale: Double) -> PageText {
        var lines: [[[Glyph]]] = []
        var line: [[Glyph]] = []
        var word: [Glyph] = []
        func endWord() { if !word.isEmpty { line.append(word); word = [] } }
        func endLine() { endWord(); if !line.isEmpty { lines.append(line); line = [] } }

        for g in glyphs {
            if g.isLineBreak { endLine(); continue }
            if g.isSpace { endWord(); continue }
            if let prev = word.last ?? line.last?.last {
                let sameRow = g.midY >= prev.y0 && g.midY <= prev.y1 || prev.midY >= g.y0 && prev.midY <= g.y1
                if !sameRow { endLine() }
                else if !word.isEmpty {
                    let gap = g.x0 - prev.x1
                    if gap > 0.6 * max(prev.height, g.height) || g.x1 < prev.x0 { endWord() }
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
        let names = glyphs.compactMap(\.fontName)
        let bold = !names.isEmpty && names.allSatisfy(isBoldFont)
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
