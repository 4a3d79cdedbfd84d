import DocumentModel
import Foundation

/// A line's text rebuilt from its words (joined by one space), with each word's UTF-16 range,
/// so that a match found in the text maps back to the words it covers. OCR splits and merges
/// tokens ("RM 12.50", "TOTAL:9.00"), so matching runs on this text, not on single words.
struct LineText {
    let line: Int
    let text: String
    let ns: NSString
    /// UTF-16 range of each word in `text`.
    let wordRanges: [Range<Int>]
    let words: [Word]
    /// True when the line holds a decimal digit of any script (what `\d` matches: Unicode
    /// Nd, the characters whose numeric type is decimal). Dates, times, durations, amounts,
    /// flight and phone numbers all need one: a line without skips their patterns.
    let hasDigit: Bool
    /// The text's UTF-8 bytes, read once for every detector's cheap tests (gates, labels).
    let utf8: [UInt8]
    /// True when every byte is ASCII (then `utf8` holds one byte per UTF-16 unit, and ICU's
    /// `\d`, `\w` and case-insensitive letters are the ASCII ones).
    let isASCII: Bool

    init(line: Int, words: [Word]) {
        self.line = line; self.words = words
        var ranges: [Range<Int>] = []
        var text = ""
        var offset = 0
        for (i, w) in words.enumerated() {
            if i > 0 { text += " "; offset += 1 }
            let n = w.text.utf16.count
            ranges.append(offset..<offset + n)
            text += w.text; offset += n
        }
        self.text = text; self.ns = text as NSString; self.wordRanges = ranges
        utf8 = Array(text.utf8)
        isASCII = utf8.allSatisfy { $0 < 0x80 }
        hasDigit = utf8.contains { $0 >= 0x30 && $0 <= 0x39 } || (!isASCII && TextGates.containsDecimalDigit(text))
    }

    var length: Int { ns.length }

    func substring(_ r: Range<Int>) -> String { ns.substring(with: NSRange(location: r.lowerBound, length: r.count)) }

    /// Indices of the words a UTF-16 range touches; nil when it touches none (only spaces).
    func wordSpan(_ r: Range<Int>) -> ClosedRange<Int>? {
        let hit = wordRanges.indices.filter { wordRanges[$0].overlaps(r) }
        guard let first = hit.first, let last = hit.last else { return nil }
        return first...last
    }

    /// The box of the part of the words a range covers: whole words, except that a match inside
    /// one word ("9.00" of "TOTAL:9.00") gets that word's box cut in proportion to its characters.
    func box(_ r: Range<Int>) -> Box? {
        guard let span = wordSpan(r) else { return nil }
        if span.count == 1 {
            let wr = wordRanges[span.lowerBound], b = words[span.lowerBound].box
            guard wr.count > 0, r.lowerBound > wr.lowerBound || r.upperBound < wr.upperBound else { return b }
            let lo = Double(max(r.lowerBound, wr.lowerBound) - wr.lowerBound) / Double(wr.count)
            let hi = Double(min(r.upperBound, wr.upperBound) - wr.lowerBound) / Double(wr.count)
            let x0 = b.x + Int((Double(b.width) * lo).rounded(.down)), x1 = b.x + Int((Double(b.width) * hi).rounded(.up))
            return Box(x: x0, y: b.y, width: max(1, x1 - x0), height: b.height)
        }
        return Box.enclosing(span.map { words[$0].box })
    }

    /// Mean confidence (0...1) of the words a range touches.
    func confidence(_ r: Range<Int>) -> Double {
        guard let span = wordSpan(r) else { return 0 }
        let c = span.map { min(100, max(0, words[$0].confidence)) }
        return c.reduce(0, +) / Double(c.count) / 100
    }

    /// All matches of a regular expression, as UTF-16 ranges with their capture groups
    /// (nil for a group that did not take part).
    func matches(_ regex: NSRegularExpression) -> [RegexMatch] {
        regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { RegexMatch(result: $0, in: ns) }
    }
}

/// One regular-expression match over a line's text: ranges, and each group's text read only
/// when asked for.
struct RegexMatch {
    let range: Range<Int>
    /// The UTF-16 range of each group (nil for a group that did not take part).
    let groupRanges: [Range<Int>?]
    private let ns: NSString

    init(result: NSTextCheckingResult, in ns: NSString) {
        range = result.range.location..<result.range.location + result.range.length
        groupRanges = (0..<result.numberOfRanges).map { i in
            let r = result.range(at: i)
            return r.location == NSNotFound ? nil : r.location..<r.location + r.length
        }
        self.ns = ns
    }

    /// The text of group `i`; nil when it did not take part (or does not exist).
    subscript(_ i: Int) -> String? {
        guard i < groupRanges.count, let r = groupRanges[i] else { return nil }
        return ns.substring(with: NSRange(location: r.lowerBound, length: r.count))
    }
}

extension NSRegularExpression {
    /// True when the expression matches somewhere in `s` (the same as
    /// `s.range(of: pattern, options: .regularExpression) != nil`, without compiling the
    /// pattern again at every call).
    func matches(anywhereIn s: String) -> Bool {
        firstMatch(in: s, range: NSRange(location: 0, length: (s as NSString).length)) != nil
    }

    /// A pattern known to be valid at compile time (a programmer error traps).
    static func make(_ pattern: String, caseInsensitive: Bool = false) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
        } catch {
            fatalError("invalid pattern \(pattern): \(error)")
        }
    }
}
