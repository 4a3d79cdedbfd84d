/// A dictionary to ask whether a string is a word: the OCR engine's word lists for the page's
/// languages (`TesseractEngine.isDictionaryWord`), or a fixed set in tests. Used by `TextJoin`
/// at line-end hyphens. Answers must depend only on the word (and the languages), never on
/// earlier questions.
///
/// Not `Sendable`: an engine-backed lexicon wraps a Tesseract handle that one thread uses at a
/// time; layout runs synchronously on the worker that owns it.
public protocol Lexicon {
    /// True when `word` (letters only, as it appears: callers try the lowercase form as well)
    /// is a word of the dictionary.
    func contains(_ word: String) -> Bool
}

/// Joins the text of consecutive lines of one paragraph, list item or cell. Built once per page
/// with the page's lexicon (`PageMetrics.textJoin`).
///
/// Hyphenation rule: when a line ends with a hyphen (`-`, U+2010) right after a letter and the
/// next line starts with a lowercase letter, the hyphen is either a line-break hyphen (removed)
/// or the hyphen of a compound broken at its own hyphen (kept). With a lexicon:
/// - the joined form is a word → a line-break hyphen: "infor-" + "mation" → "information";
/// - else both parts are words of ≥ 2 letters each → a compound: "three-" + "dimensional" →
///   "three-dimensional", "state-of-the-" + "art" → "state-of-the-art";
/// - else (a name, a misread) → a line-break hyphen: "Kat-" + "snelson," → "Katsnelson,".
/// The parts are the letters right before the hyphen and the letters opening the next line
/// (trailing punctuation is not part of them: "analysis," → "analysis"); each is looked up as
/// it is and lowercased. A compound whose joined form is also a dictionary word ("well-" +
/// "known": Tesseract's English list holds "wellknown") loses its hyphen.
/// Without a lexicon (language correction off, or no OCR data for the languages) the hyphen is
/// always removed, so every such compound loses its hyphen.
///
/// When the next line starts with anything else (uppercase, digit: "Jean-" + "Paul",
/// "COVID-" + "19") the hyphen is kept and the parts are joined without a space. A soft hyphen
/// (U+00AD) is always removed. Dashes (–, —) at a line end are kept and followed by a space.
struct TextJoin {
    /// The dictionary deciding between line-break and compound hyphens; nil: always line-break.
    var lexicon: (any Lexicon)?

    init(lexicon: (any Lexicon)? = nil) { self.lexicon = lexicon }

    func join(_ lines: [String]) -> String {
        var out = ""
        for raw in lines {
            let line = Self.trimmed(raw)
            guard !line.isEmpty else { continue }
            if out.isEmpty { out = String(line); continue }
            append(line, to: &out)
        }
        return out
    }

    /// Appends `next` to `text` in place, looking only at the end of `text` (paragraphs grow
    /// line by line: copying the whole text for every line made long paragraphs quadratic).
    private func append(_ next: Substring, to text: inout String) {
        guard let last = text.last else { text = String(next); return }
        if last == "\u{00AD}" { text.removeLast(); text += next; return }
        let isHyphen = last == "-" || last == "\u{2010}"
        guard isHyphen, text.dropLast().last?.isLetter == true, let first = next.first else {
            text += " "; text += next; return
        }
        if first.isLowercase, !isCompound(before: text.dropLast(), next) { text.removeLast() }
        text += next
    }

    /// True when the hyphen between `head` (the text before it) and `next` (the next line) joins
    /// the two words of a compound (see the type's rules). Always false without a lexicon.
    private func isCompound(before head: Substring, _ next: Substring) -> Bool {
        guard let lexicon else { return false }
        let left = String(head.reversed().prefix { $0.isLetter }.reversed())
        let right = String(next.prefix { $0.isLetter })
        func isWord(_ w: String) -> Bool { lexicon.contains(w) || lexicon.contains(w.lowercased()) }
        if isWord(left + right) { return false }
        return left.count >= 2 && right.count >= 2 && isWord(left) && isWord(right)
    }

    /// The line without leading and trailing spaces and tabs.
    private static func trimmed(_ s: String) -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }
        guard let start = s.firstIndex(where: { !isBlank($0) }), let end = s.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return s[start...end]
    }
}
