/// Cheap character tests that decide whether an expression is worth running on a line.
enum TextGates {
    /// True when `text` holds a decimal digit of any script (what ICU's `\d` matches: Unicode
    /// Nd). ASCII text is answered from its bytes; the Unicode property is looked up only for
    /// the characters outside ASCII.
    static func containsDecimalDigit(_ text: String) -> Bool {
        var ascii = true
        for b in text.utf8 {
            if b >= 0x30 && b <= 0x39 { return true }
            if b >= 0x80 { ascii = false }
        }
        return !ascii && text.unicodeScalars.contains { !$0.isASCII && $0.properties.numericType == .decimal }
    }

    /// True when one of ".", "/" and "-" occurs twice in `text`: the numeric date patterns
    /// (`d/m/y`: one separator, then the same again, `([./-])…\2`) need it.
    static func repeatsADateSeparator(_ text: String) -> Bool {
        var dot = 0, slash = 0, dash = 0
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "."): dot += 1; if dot == 2 { return true }
            case UInt8(ascii: "/"): slash += 1; if slash == 2 { return true }
            case UInt8(ascii: "-"): dash += 1; if dash == 2 { return true }
            default: continue
            }
        }
        return false
    }
}
