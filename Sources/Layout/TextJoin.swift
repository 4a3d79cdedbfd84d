/// Joins the text of consecutive lines of one paragraph, list item or cell.
///
/// Hyphenation rule: when a line ends with a hyphen (`-`, U+2010) right after a letter and the
/// next line starts with a lowercase letter, the hyphen is a line-break hyphen and is removed
/// ("infor-" + "mation" → "information"). When the next line starts with anything else
/// (uppercase, digit: "Jean-" + "Paul", "COVID-" + "19") the hyphen is kept and the parts are
/// joined without a space. A soft hyphen (U+00AD) is always removed. Without a dictionary a
/// lowercase compound broken at its own hyphen ("well-" + "known") loses its hyphen: a known,
/// accepted error. Dashes (–, —) at a line end are kept and followed by a space.
enum TextJoin {
    static func join(_ lines: [String]) -> String {
        var out = ""
        for raw in lines {
            let line = trimmed(raw)
            guard !line.isEmpty else { continue }
            if out.isEmpty { out = String(line); continue }
            append(line, to: &out)
        }
        return out
    }

    /// Appends `next` to `text` in place, looking only at the end of `text` (paragraphs grow
    /// line by line: copying the whole text for every line made long paragraphs quadratic).
    private static func append(_ next: Substring, to text: inout String) {
        guard let last = text.last else { text = String(next); return }
        if last == "\u{00AD}" { text.removeLast(); text += next; return }
        let isHyphen = last == "-" || last == "\u{2010}"
        guard isHyphen, text.dropLast().last?.isLetter == true, let first = next.first else {
            text += " "; text += next; return
        }
        if first.isLowercase { text.removeLast() }
        text += next
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
