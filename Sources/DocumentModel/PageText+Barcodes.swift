extension PageText {
    /// The text without the words whose centre lies inside a symbol's quadrilateral: what OCR
    /// reads in a QR code, a PDF417 or the bars of a linear code is not text. A line keeps its
    /// other words (its text, box and confidence are recomputed from them); a line left
    /// without words is dropped. Unchanged when no word lies inside a symbol.
    public func removingWords(inside symbols: [Barcode]) -> PageText {
        guard !symbols.isEmpty else { return self }
        func inside(_ word: Word) -> Bool {
            let x = Double(word.box.x) + Double(word.box.width) / 2, y = Double(word.box.y) + Double(word.box.height) / 2
            return symbols.contains { $0.contains(x: x, y: y) }
        }
        return removingWords(where: inside)
    }
}
