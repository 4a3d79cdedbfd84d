/// Domain terms (Vision's `customWords`) and the correction pass that applies them.
///
/// Measured on Tesseract 5.3 with Debian's LSTM (fast) models: a `user_words_file` (and
/// `user_patterns_file`) is loaded at initialisation but does not change the LSTM's reading of an
/// unknown term (the fixture's "Zylqorbex" reads "Zyiqorbex" with or without it, also with
/// `tessedit_enable_dict_correction`). So quire corrects after recognition: a word that is *not*
/// in Tesseract's dictionary and lies within a small edit distance of exactly one custom word
/// becomes that word (surrounding punctuation kept). Real dictionary words are never replaced.
public struct Vocabulary: Sendable, Hashable {
    public let words: [String]
    private let folded: [(word: String, chars: [Character])]

    public init(_ words: [String]) {
        self.words = words.filter { !$0.isEmpty }
        folded = self.words.map { ($0, Array($0.lowercased())) }
    }

    public static func == (a: Vocabulary, b: Vocabulary) -> Bool { a.words == b.words }
    public func hash(into h: inout Hasher) { h.combine(words) }

    /// Edits allowed for a token of `length` letters: 0 below 5, 1 up to 7, 2 from 8.
    static func allowedDistance(_ length: Int) -> Int { length >= 8 ? 2 : (length >= 5 ? 1 : 0) }

    /// The corrected token, or nil to keep it.
    public func correction(for token: String, isDictionaryWord: Bool) -> String? {
        guard !folded.isEmpty, !isDictionaryWord else { return nil }
        let chars = Array(token)
        guard let start = chars.firstIndex(where: { $0.isLetter || $0.isNumber }),
              let end = chars.lastIndex(where: { $0.isLetter || $0.isNumber }) else { return nil }
        let core = Array(String(chars[start...end]).lowercased())
        let limit = Self.allowedDistance(core.count)
        var best: (word: String, distance: Int)?
        var tie = false
        for (word, wchars) in folded {
            let d = Self.editDistance(core, wchars, limit: limit)
            guard d <= limit else { continue }
            if d == 0 { return nil } // already the custom word (any case): keep the reading
            if let b = best, b.distance == d { tie = true } else if best == nil || d < best!.distance {
                best = (word, d); tie = false
            }
        }
        guard let best, !tie else { return nil }
        return String(chars[..<start]) + best.word + String(chars[(end + 1)...])
    }

    /// Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var prev = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var cur = [i] + Array(repeating: 0, count: b.count)
            var rowMin = cur[0]
            for j in stride(from: 1, through: b.count, by: 1) {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMin = min(rowMin, cur[j])
            }
            if rowMin > limit { return limit + 1 }
            prev = cur
        }
        return a.isEmpty ? b.count : prev[b.count]
    }
}
