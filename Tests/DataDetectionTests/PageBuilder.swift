import DataDetection
import DocumentModel

/// Builds a `PageText` from lines of text: words split at spaces, each word 20 px per character
/// wide, lines 40 px apart, so tests state the text and check words and boxes.
func page(_ lines: [String], confidence: Double = 95) -> PageText {
    var out: [Line] = []
    for (i, text) in lines.enumerated() {
        var x = 100
        var words: [Word] = []
        for token in text.split(separator: " ") {
            words.append(Word(text: String(token), confidence: confidence, box: Box(x: x, y: 100 + 40 * i, width: 20 * token.count, height: 30)))
            x += 20 * token.count + 20
        }
        let box = Box.enclosing(words.map(\.box)) ?? Box(x: 100, y: 100 + 40 * i, width: 0, height: 30)
        out.append(Line(text: text, confidence: confidence, box: box, words: words, stage: .fast))
    }
    return PageText(source: .ocr, lines: out)
}

extension DataDetector {
    /// The detections of one type in these lines.
    func found(_ type: DataType, in lines: [String], hint: DateOrderHint? = nil) -> [DetectedData] {
        detect(in: page(lines), documentDates: hint).filter { $0.type == type }
    }
    func values(_ type: DataType, in lines: [String], hint: DateOrderHint? = nil) -> [String] {
        found(type, in: lines, hint: hint).map(\.value)
    }
}
