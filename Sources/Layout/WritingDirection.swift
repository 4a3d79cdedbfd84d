import DocumentModel

/// Which way a line of text reads, from the scripts of its letters (pure; no C).
enum WritingDirection {
    /// True when more of the letters of `words` belong to right-to-left scripts (Hebrew, Arabic,
    /// Syriac, Thaana, N'Ko and their presentation forms) than to others: a Hebrew or Arabic
    /// line, whose words read from right to left, numbers and Latin words inside it included.
    static func isRightToLeft(_ words: [Word]) -> Bool {
        // No UTF-8 lead byte of U+0580 … U+08FF (0xD6 … 0xE0) nor of U+F000 … U+FFFF (0xEF):
        // no right-to-left letter. Almost every line stops here.
        guard words.contains(where: { $0.text.utf8.contains { $0 >= 0xD6 && $0 <= 0xE0 || $0 == 0xEF } }) else { return false }
        var balance = 0
        for word in words {
            for scalar in word.text.unicodeScalars where scalar.properties.isAlphabetic {
                balance += isRightToLeft(scalar) ? -1 : 1
            }
        }
        return balance < 0
    }

    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
    }
}
