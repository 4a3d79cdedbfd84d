import DocumentModel

/// Font size and line extents from OCR ink boxes.
///
/// An OCR word box is tight around the ink: from the x-height line (only short letters such as
/// "a c e m n o") or the ascender/cap line (capitals, digits, b d f h k l t, dotted i j) down to the baseline,
/// or to the descender line (g j p q y). The word's letters tell which, so each box implies a
/// font size: height / (0.72 or 0.52, + 0.21), proportions of common text faces. The line's size
/// is the median over its words, its baseline the median implied baseline, and its top/bottom
/// the cap line and descender line of that size — extents that do not change with the letters.
enum InkMetrics {
    static let ascender = 0.72, xHeight = 0.52, descender = 0.21

    /// Letters reaching the ascender line (the dots of i and j do too).
    private static let tallSet = Set("bdfhijklt()/!?'\"[]{}|#%&@$ß")
    private static let deepSet = Set("gjpqy()[]{}|;,")

    /// (implied font size, baseline) of one word; nil for words without letters or digits.
    static func measure(_ word: Word) -> (size: Double, baseline: Double)? {
        guard word.text.contains(where: { $0.isLetter || $0.isNumber }), word.box.height > 0 else { return nil }
        let tall = word.text.contains { $0.isUppercase || $0.isNumber || tallSet.contains($0) }
        let deep = word.text.contains { deepSet.contains($0) }
        let size = Double(word.box.height) / ((tall ? ascender : xHeight) + (deep ? descender : 0))
        return (size, Double(word.box.maxY) - (deep ? descender * size : 0))
    }

    static func line(_ words: [Word]) -> (size: Double, top: Double, bottom: Double) {
        let measured = words.compactMap(measure)
        guard let size = PageMetrics.median(measured.map(\.size)),
              let baseline = PageMetrics.median(measured.map(\.baseline)) else {
            let box = Box.enclosing(words.map(\.box))!
            return (Double(box.height), Double(box.minY), Double(box.maxY))
        }
        return (size, baseline - ascender * size, baseline + descender * size)
    }

    /// Mean width per character of the words holding letters or digits, nil under 12 characters.
    /// Box heights follow the tallest glyph (and OCR sometimes stretches a whole line's boxes to a
    /// formula's parentheses or a ruling they touch); widths follow the type size.
    static func letterWidth(_ words: [Word]) -> Double? {
        let words = words.filter { $0.text.contains { $0.isLetter || $0.isNumber } }
        let chars = words.reduce(0) { $0 + $1.text.count }
        guard chars >= 12 else { return nil }
        return Double(words.reduce(0) { $0 + $1.box.width }) / Double(chars)
    }
}
