import DocumentModel

/// Which way a line of text reads, from the scripts of its letters (pure; no C).
enum WritingDirection {
    /// True when more of the letters of `words` belong to right-to-left scripts (Hebrew, Arabic,
    /// Syriac, Thaana, N'Ko and their presentation forms) than to others: a Hebrew or Arabic
    /// line, whose words read from right to left, numbers and Latin words inside it included.
    static func isRightToLeft(_ words: [Word]) -> Bool {
        var balance = 0
        for word in words {
            for scalar in word.text.unicodeScalars where scalar.properties.isAlphabetic {
                balance += isRightToLeft(scalar) ? -1 : 1
            }
        }
        return balance < 0
    }

    /// Whether a page reads from right to left (and is laid out mirrored, `Mirror`): its lines'
    /// letters are mostly of right-to-left scripts, the rule poppler gives a page's primary
    /// direction.
    static func isRightToLeft(page lines: [Line]) -> Bool {
        lines.contains { mayHoldRightToLeft($0.text) } && isRightToLeft(lines.flatMap(\.words))
    }

    /// False when `text` holds no right-to-left letter for certain: no UTF-8 lead byte of
    /// U+0580 … U+08FF (0xD6 … 0xE0) nor of U+F000 … U+FFFF (0xEF). Almost every line stops here.
    static func mayHoldRightToLeft(_ text: String) -> Bool {
        text.utf8.contains { $0 >= 0xD6 && $0 <= 0xE0 || $0 == 0xEF }
    }

    /// The indices of `words` (a right-to-left line's, left to right) in reading order: right
    /// to left, but a run of left-to-right words (a Latin name inside a Hebrew line) kept in
    /// its own order.
    static func rightToLeftOrder(_ words: [Word]) -> [Int] {
        func leftToRight(_ w: Word) -> Bool {
            var letter = false
            for scalar in w.text.unicodeScalars where scalar.properties.isAlphabetic {
                if isRightToLeft(scalar) { return false }
                letter = true
            }
            return letter
        }
        var order: [Int] = []
        order.reserveCapacity(words.count)
        var end = words.count
        while end > 0 {
            var start = end - 1
            if leftToRight(words[start]) {
                while start > 0 && leftToRight(words[start - 1]) { start -= 1 }
            }
            order += start..<end
            end = start
        }
        return order
    }

    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
    }
}
