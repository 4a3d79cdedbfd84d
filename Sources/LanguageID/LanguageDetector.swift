import CLD2Shim

/// What the language detector found in a text.
public struct LanguageGuess: Sendable, Hashable {
    /// Up to three languages (BCP 47 / ISO 639-1 tags as CLD2 names them: "fr", "ru"), most of
    /// the text first, with the share of the text's letters in each (0...100). "un" (unknown)
    /// is left out.
    public var languages: [(tag: String, percent: Int)] {
        zip(tags, percents).map { ($0, $1) }
    }
    public var tags: [String]
    public var percents: [Int]
    /// CLD2's reliability verdict (enough text and a clear winner).
    public var reliable: Bool
    /// Bytes of letters scored.
    public var textBytes: Int

    public init(tags: [String], percents: [Int], reliable: Bool, textBytes: Int) {
        self.tags = tags; self.percents = percents; self.reliable = reliable; self.textBytes = textBytes
    }

    /// The main language, nil when none was found.
    public var main: String? { tags.first }
}

/// Language identification with Google's Compact Language Detector 2 (Debian's `libcld2-0`;
/// https://github.com/CLD2Owners/cld2, `CLD2::ExtDetectLanguageSummary`). CLD2 holds no state
/// (static tables), so this is a stateless namespace, safe from any thread. ≈ 10 µs per page.
public enum LanguageDetector {
    /// The languages of `text` (plain UTF-8 text: an OCR reading or a text layer).
    public static func detect(_ text: String) -> LanguageGuess {
        guard !text.isEmpty else { return LanguageGuess(tags: [], percents: [], reliable: false, textBytes: 0) }
        var result = cld2_Result()
        var bytes = Array(text.utf8)
        let ok = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                cld2_detect($0, Int32(buffer.count), &result)
            }
        }
        guard ok else { return LanguageGuess(tags: [], percents: [], reliable: false, textBytes: 0) }
        var tags: [String] = [], percents: [Int] = []
        // The codes are static strings of CLD2's tables (not to be freed).
        let found = [result.languages.0, result.languages.1, result.languages.2]
        for language in found where language.percent > 0 {
            guard let code = language.code.map({ String(cString: $0) }), code != "un", code != "xxx" else { continue }
            tags.append(code); percents.append(Int(language.percent))
        }
        return LanguageGuess(tags: tags, percents: percents, reliable: result.reliable, textBytes: Int(result.textBytes))
    }
}
