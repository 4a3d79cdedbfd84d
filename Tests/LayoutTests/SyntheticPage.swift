import DocumentModel
import Layout

/// Builds synthetic pages from text placed at positions: each character is 0.5 × size wide,
/// words are separated by 0.3 × size, a line's box is `size` high. No images involved.
struct SyntheticPage {
    var width = 1200
    var height = 1600
    var lines: [Line] = []
    var rulings: [RulingLine] = []
    var options = LayoutOptions()
    var withFontSizes = true

    mutating func add(_ text: String, x: Int, y: Int, size: Double = 20, bold: Bool = false) {
        var words: [Word] = []
        var pen = Double(x)
        for token in text.split(separator: " ") {
            let w = Double(token.count) * 0.5 * size
            words.append(Word(text: String(token), confidence: 95,
                              box: Box(x: Int(pen), y: y, width: Int(w), height: Int(size)),
                              fontSize: withFontSizes ? size : nil, isBold: bold))
            pen += w + 0.3 * size
        }
        let box = Box.enclosing(words.map(\.box))!
        lines.append(Line(text: text, confidence: 95, box: box, words: words, stage: .textLayer))
    }

    /// Adds each text as a line, `pitch` apart, starting at `y`; returns the next free y.
    @discardableResult
    mutating func addLines(_ texts: [String], x: Int, y: Int, pitch: Int = 24, size: Double = 20) -> Int {
        var y = y
        for t in texts { add(t, x: x, y: y, size: size); y += pitch }
        return y
    }

    mutating func hLine(y: Int, from x0: Int, to x1: Int, thickness: Int = 2) {
        rulings.append(RulingLine(orientation: .horizontal, position: y, start: x0, end: x1, thickness: thickness))
    }

    mutating func vLine(x: Int, from y0: Int, to y1: Int, thickness: Int = 2) {
        rulings.append(RulingLine(orientation: .vertical, position: x, start: y0, end: y1, thickness: thickness))
    }

    var input: LayoutInput {
        LayoutInput(pageWidth: width, pageHeight: height, lines: lines, rulings: rulings, options: options)
    }

    func analyze(lexicon: (any Lexicon)? = nil) -> [Block] { LayoutAnalyzer.analyze(page: input, lexicon: lexicon) }
}

/// Prose filler: `n` words of lowercase text.
func prose(_ n: Int, seed: Int = 0) -> String {
    let vocab = ["the", "layout", "of", "a", "page", "follows", "simple", "rules", "and", "careful",
                 "measures", "words", "lines", "blocks", "order", "reading", "text", "columns"]
    return (0..<n).map { vocab[($0 * 7 + seed * 3) % vocab.count] }.joined(separator: " ")
}
