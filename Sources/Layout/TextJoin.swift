import Foundation
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
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            if out.isEmpty { out = line; continue }
            out = append(line, to: out)
        }
        return out
    }

    private static func append(_ next: String, to text: String) -> String {
        let chars = Array(text)
        guard let last = chars.last else { return next }
        if last == "\u{00AD}" { return String(chars.dropLast()) + next }
        let isHyphen = last == "-" || last == "\u{2010}"
        guard isHyphen, chars.count >= 2, chars[chars.count - 2].isLetter, let first = next.first else {
            return text + " " + next
        }
        if first.isLowercase { return String(chars.dropLast()) + next }
        return text + next
    }
}
