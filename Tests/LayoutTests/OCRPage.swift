import DocumentModel
@testable import Layout

/// Builds OCR-like pages: word boxes tight around the ink of their letters (as an engine
/// reports them), lines from the fast stage, no font sizes. Each character is 0.5 × size wide,
/// words are 0.25 × size apart.
struct OCRPage {
    var width = 2000
    var height = 2800
    var lines: [Line] = []
    var figures: [Box] = []

    /// An OCR word box tight around the ink of `text` at `size` px, on `baseline`.
    static func inkWord(_ text: String, x: Int, baseline: Int, size: Double) -> Word {
        // Signs without letters or digits ("=", "+") are about half an x-height tall.
        let m = InkMetrics.measure(Word(text: text, confidence: 90, box: Box(x: 0, y: 0, width: 1, height: 100)))
        let span = m.map { 100 / $0.size } ?? 0.3 // the factor the letters imply
        let deep = text.contains { "gjpqy".contains($0) }
        let bottom = Double(baseline) + (deep ? InkMetrics.descender * size : 0)
        let height = span * size
        return Word(text: text, confidence: 90, box: Box(x: x, y: Int(bottom - height), width: text.count * Int(size) / 2, height: Int(height)))
    }

    /// One OCR line of `texts` starting at `x` with its baseline at `y`.
    static func line(_ texts: [String], x: Int = 100, y: Int, size: Double) -> Line {
        var pen = x
        let words = texts.map { t -> Word in
            defer { pen += t.count * Int(size) / 2 + Int(0.25 * size) }
            return inkWord(t, x: pen, baseline: y, size: size)
        }
        return Line(text: texts.joined(separator: " "), confidence: 90, box: Box.enclosing(words.map(\.box))!, words: words, stage: .fast)
    }

    /// Adds a line of `text`, its words read with `confidence`.
    mutating func add(_ text: String, x: Int = 100, y: Int, size: Double = 40, confidence: Double = 90) {
        var line = Self.line(text.split(separator: " ").map(String.init), x: x, y: y, size: size)
        if confidence != 90 {
            line = Line(text: line.text, confidence: confidence, box: line.box,
                        words: line.words.map { Word(text: $0.text, confidence: confidence, box: $0.box) }, stage: line.stage)
        }
        lines.append(line)
    }

    /// Adds each text as a line, `pitch` apart, baselines from `y`; returns the next baseline.
    @discardableResult
    mutating func addLines(_ texts: [String], x: Int = 100, y: Int, pitch: Int = 56, size: Double = 40) -> Int {
        var y = y
        for t in texts { add(t, x: x, y: y, size: size); y += pitch }
        return y
    }

    var input: LayoutInput {
        LayoutInput(pageWidth: width, pageHeight: height, lines: lines, figures: figures)
    }

    func analyze(isFirstPage: Bool = false) -> [Block] { LayoutAnalyzer.analyze(page: input, isFirstPage: isFirstPage) }
}
