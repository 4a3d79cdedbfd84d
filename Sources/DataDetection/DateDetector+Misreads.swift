import DocumentModel
import Foundation

/// Numeric dates as OCR misreads them on receipts and faint print, read only where the strict
/// forms found no date, and with a lower confidence:
/// - one separator read as a space: "27.03 2018", "27 03/2018" (two-digit day and month and a
///   four-digit year only);
/// - letters for digits and specks beside a separator, inside a word that is mostly a date:
///   "0S-~05-17" for "05-05-17", "l0/O3/2018" for "10/03/2018" (at most two letters per word).
///
/// The repaired text must still be a valid date of the strict forms' shapes, so "12.00 2018"
/// (month 0), "INV-2O24-0042" and "10.2 2018" stay what they are.
extension DateDetector {
    /// Letters OCR reads for digits, and the digit each stands for.
    static let digitLookalikes: [Character: Character] = [
        "O": "0", "o": "0", "D": "0", "Q": "0", "I": "1", "l": "1", "|": "1", "!": "1",
        "S": "5", "s": "5", "B": "8", "Z": "2", "z": "2",
    ]
    /// Specks OCR reads beside a date's separators.
    static let specks: Set<Character> = ["~", "_", "`", "°", "*"]
    /// At most this many letters are read as digits in one word.
    static let maxLookalikesPerWord = 2
    /// The confidence of a repaired date: below every strict form's.
    static let misreadEvidence = 0.6

    static let spacedDayFirst = NSRegularExpression.make(#"(?<![\d.,/-])(\d{2})([./-])(\d{2})\s(\d{4})(?![\d]|[./-]\d|:\d)"#)
    static let spacedMonthSeparator = NSRegularExpression.make(#"(?<![\d.,/-])(\d{2})\s(\d{2})([./-])(\d{4})(?![\d]|[./-]\d|:\d)"#)

    /// Dates in `line` that only its misread forms hold, none overlapping `strict`.
    static func misreadDates(in line: LineText, besides strict: [Found], context: PageContext) -> [Found] {
        // Every form keeps at least four real digits (six digit places; a repaired word holds more
        // digits than letters): most lines hold no date, and skip the regular expressions.
        guard line.utf8.lazy.filter({ (48...57).contains($0) }).count >= 4 else { return [] }
        var found: [Found] = []
        func keep(_ f: Found) {
            guard !strict.contains(where: { $0.range.overlaps(f.range) }),
                  !found.contains(where: { $0.range.overlaps(f.range) }) else { return }
            var f = f
            f.evidence = misreadEvidence
            found.append(f)
        }
        let repaired = repairedDigits(line)
        if let repaired {
            for m in repaired.matches(numeric) where repaired.substring(m.range) != line.substring(m.range) {
                if let f = numericDate(m, context: context) { keep(f) }
            }
        }
        let text = repaired ?? line
        // Both spaced forms hold a digit, a separator and a digit in a row.
        guard repaired != nil || mayHoldSpacedDate(line) else { return found }
        for m in text.matches(spacedDayFirst) {
            if let a = Int(m[1] ?? ""), let b = Int(m[3] ?? ""), let y = year(m[4] ?? "") {
                if let f = ordered(a, b, y, m.range, context) { keep(f) }
            }
        }
        for m in text.matches(spacedMonthSeparator) {
            if let a = Int(m[1] ?? ""), let b = Int(m[2] ?? ""), let y = year(m[4] ?? "") {
                if let f = ordered(a, b, y, m.range, context) { keep(f) }
            }
        }
        return found
    }

    /// False only where neither spaced form (`spacedDayFirst`, `spacedMonthSeparator`) can match
    /// a line as it is: an ASCII line with no digit, ".", "/" or "-", and digit in a row. Lines
    /// that are not ASCII are always searched (`\d` takes any script's digits).
    static func mayHoldSpacedDate(_ line: LineText) -> Bool {
        !line.isASCII || TextGates.hasSeparator(in: line.utf8, of: Array("./-".utf8), digitsAfter: 1)
    }

    /// A day and month in either order, as the strict numeric form reads them.
    private static func ordered(_ a: Int, _ b: Int, _ y: Int, _ range: Range<Int>, _ context: PageContext) -> Found? {
        let dayFirst = a > 12 && b <= 12 ? true : b > 12 && a <= 12 ? false : context.dateOrder != .monthFirst
        let (d, mo) = dayFirst ? (a, b) : (b, a)
        return valid(y, mo, d) ? Found(range: range, year: y, month: mo, day: d, evidence: misreadEvidence) : nil
    }

    /// The line with digit lookalikes and specks repaired in its date-like words (at least two
    /// digits and a date separator), every word keeping its length; nil when nothing changed.
    static func repairedDigits(_ line: LineText) -> LineText? {
        var changed = false
        let words = line.words.map { word -> Word in
            // The bytes first: a word needs two ASCII digits and a separator to be repaired.
            guard mayBeRepaired(word.text) else { return word }
            let chars = Array(word.text)
            let digits = chars.filter(\.isASCIIDigit).count
            guard digits >= 2, chars.contains(where: { "./-".contains($0) }) else { return word }
            var letters = 0
            let fixed = chars.map { c -> Character in
                if let d = digitLookalikes[c] { letters += 1; return d }
                return specks.contains(c) ? " " : c
            }
            // A word of more lookalikes than digits is a word, not a misread number.
            guard letters <= maxLookalikesPerWord, letters < digits, fixed != chars,
                  String(fixed).utf16.count == word.text.utf16.count else { return word }
            changed = true
            var w = word
            w.text = String(fixed)
            return w
        }
        return changed ? LineText(line: line.line, words: words) : nil
    }

    /// False only for a word `repairedDigits` leaves alone for want of two ASCII digits or a
    /// ".", "/" or "-" (each such character is its own byte).
    static func mayBeRepaired(_ word: String) -> Bool {
        var digits = 0, separator = false
        for b in word.utf8 {
            if b >= 0x30 && b <= 0x39 { digits += 1 } else if b == 0x2E || b == 0x2F || b == 0x2D { separator = true }
        }
        return digits >= 2 && separator
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
