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
    static func repeatsADateSeparator(_ text: String) -> Bool { repeatsADateSeparator(text.utf8) }

    /// The same, from the text's UTF-8 bytes.
    static func repeatsADateSeparator<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var dot = 0, slash = 0, dash = 0
        for b in bytes {
            switch b {
            case UInt8(ascii: "."): dot += 1; if dot == 2 { return true }
            case UInt8(ascii: "/"): slash += 1; if slash == 2 { return true }
            case UInt8(ascii: "-"): dash += 1; if dash == 2 { return true }
            default: continue
            }
        }
        return false
    }

    /// True when some ASCII digit in `bytes` is followed, right after it or past one white-space
    /// byte (what `\s?` can take on an ASCII line), by a byte `accepts` (given the byte after it).
    static func digitIsFollowed(in bytes: [UInt8], by accepts: (UInt8, UInt8?) -> Bool) -> Bool {
        func space(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        for i in bytes.indices where bytes[i] >= 0x30 && bytes[i] <= 0x39 {
            for j in [i + 1, i + 2] where j < bytes.count {
                if j == i + 2, !space(bytes[i + 1]) { break }
                if accepts(bytes[j], j + 1 < bytes.count ? bytes[j + 1] : nil) { return true }
            }
        }
        return false
    }

    /// True when one of `separators` has an ASCII digit right before it and `digitsAfter` ASCII
    /// digits right after it.
    static func hasSeparator(in bytes: [UInt8], of separators: [UInt8], digitsAfter: Int) -> Bool {
        func digit(_ i: Int) -> Bool { bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        var i = 1
        while i + digitsAfter < bytes.count {
            if separators.contains(bytes[i]), digit(i - 1), (1...digitsAfter).allSatisfy({ digit(i + $0) }) { return true }
            i += 1
        }
        return false
    }

    /// True when every byte is printable ASCII (0x20–0x7E): no accents, no tabs. On such a line
    /// ICU's `\w` is `[A-Za-z0-9_]`, `\s` the space, and case-insensitive letters ASCII's.
    static func isPrintableASCII(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }

    static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    /// An ASCII letter, digit or "_" (what `\w` matches in ASCII).
    static func isWordByte(_ b: UInt8) -> Bool {
        let l = lower(b)
        return (l >= 0x61 && l <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
    }

    /// Calls `body` with each index of `bytes` where a word may start (`\b` before a word
    /// character: the start, or after a byte that is not `\w`) and its byte lower-cased, until
    /// `body` returns true; returns whether it did.
    @discardableResult
    static func forEachWordStart(in bytes: [UInt8], _ body: (Int, UInt8) -> Bool) -> Bool {
        var previousIsWord = false
        for i in bytes.indices {
            let b = bytes[i]
            defer { previousIsWord = isWordByte(b) }
            if !previousIsWord, body(i, lower(b)) { return true }
        }
        return false
    }

    /// True when `word` (lower-case ASCII; a space in it matching one optional space) is at `i`
    /// of `bytes`, in any case; `end` receives the index after it.
    static func has(_ word: [UInt8], in bytes: [UInt8], at i: Int, end: UnsafeMutablePointer<Int>? = nil) -> Bool {
        var j = i
        for w in word {
            if w == 0x20 {
                if j < bytes.count, bytes[j] == 0x20 { j += 1 }
                continue
            }
            guard j < bytes.count, lower(bytes[j]) == w else { return false }
            j += 1
        }
        end?.pointee = j
        return true
    }
}
