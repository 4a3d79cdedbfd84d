import DocumentModel

/// A list-item marker at the start of a line: "•", "–", "1.", "a)", "(iv)", …
///
/// Single letters that are also roman numerals (i, v, x, l, c, d, m) are ambiguous; `romanAlternative`
/// holds the roman reading and `Lists` settles it from the neighbouring items.
struct ListMarker: Hashable {
    var text: String
    var type: ListMarkerType
    /// The item's position as the marker states it (1 for "1.", "a)", "i."), nil for bullets/dashes.
    var ordinal: Int?
    /// The roman reading of a single-letter marker such as "i." or "v)".
    var romanAlternative: ListMarkerType?

    static let bulletGlyphs: Set<Character> = ["•", "◦", "▪", "▫", "■", "□", "●", "○", "·", "‣", "⁃", "∙", "►", "▸", "➢", "✓", "*", "⦿", "⦾"]
    static let dashGlyphs: Set<Character> = ["-", "–", "—", "‐", "−"]
    /// Glyphs that have no other use at a line start: a single such line is already a list.
    static let strongGlyphs: Set<Character> = bulletGlyphs.subtracting(["*"])
    /// What OCR engines commonly read for a bullet ("•" → "«", "¢", "©", "®", "°", "»", "e",
    /// "o"): accepted as bullet markers, but only as weak ones (a list needs ≥ 2 items; a lone
    /// "e" or "o" opening a line is no word of English or most Latin-script languages).
    static let ocrBulletGlyphs: Set<Character> = ["«", "»", "¢", "©", "®", "°", "¤", "e", "o"]

    var isStrong: Bool { text.count == 1 && Self.strongGlyphs.contains(text.first!) }

    /// Parses `token` (the first word of a line) as a marker, or nil.
    static func parse(_ token: String) -> ListMarker? {
        // One `Character` (its end is the string's), without counting a long word's.
        if let c = token.first, token.index(after: token.startIndex) == token.endIndex {
            if bulletGlyphs.contains(c) || ocrBulletGlyphs.contains(c) { return ListMarker(text: token, type: .bullet) }
            if dashGlyphs.contains(c) { return ListMarker(text: token, type: .dash) }
        }
        guard let core = enumerator(of: token) else { return nil }
        if let n = Int(core), core.count <= 3, core.allSatisfy(\.isASCII) {
            return ListMarker(text: token, type: .decimal, ordinal: n)
        }
        if core.count == 1, let c = core.first, c.isASCII, c.isLetter {
            let lower = c.isLowercase
            let letter = ListMarker(text: token, type: lower ? .lowerLetter : .upperLetter,
                                    ordinal: Int(c.lowercased().unicodeScalars.first!.value) - 96)
            if romanValue(core) != nil {
                var m = letter
                m.romanAlternative = lower ? .lowerRoman : .upperRoman
                return m
            }
            return letter
        }
        if let value = romanValue(core), core == core.lowercased() || core == core.uppercased() {
            return ListMarker(text: token, type: core == core.lowercased() ? .lowerRoman : .upperRoman, ordinal: value)
        }
        return nil
    }

    /// "1." / "1)" / "(1)" / "[1]" (a reference) / "1.2." → the enumerator text ("1", "1.2" is
    /// refused), else nil.
    private static func enumerator(of token: String) -> String? {
        var s = Substring(token)
        if s.hasPrefix("("), s.hasSuffix(")") { s = s.dropFirst().dropLast() }
        else if s.hasPrefix("["), s.hasSuffix("]") { s = s.dropFirst().dropLast() }
        else if s.hasSuffix(".") || s.hasSuffix(")") { s = s.dropLast() }
        else { return nil }
        guard !s.isEmpty, s.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        return String(s)
    }

    /// The value of a roman numeral (i…xxxix, case-insensitive, canonical forms only), else nil.
    static func romanValue(_ s: String) -> Int? {
        let lower = s.lowercased()
        guard !lower.isEmpty, lower.count <= 7 else { return nil }
        for n in 1...39 where roman(n) == lower { return n }
        return nil
    }

    private static func roman(_ n: Int) -> String {
        let tens = ["", "x", "xx", "xxx"], ones = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
        return tens[n / 10] + ones[n % 10]
    }

    /// The marker read as a roman numeral (for "i.", "v)", …).
    var asRoman: ListMarker {
        guard let type = romanAlternative else { return self }
        let core = text.filter { $0.isLetter }
        return ListMarker(text: text, type: type, ordinal: Self.romanValue(core))
    }
}
