import DocumentModel
import Foundation

/// Phone numbers through a `PhoneNumberParsing` library (libphonenumber), as E.164.
///
/// The library finds valid numbers for the settings' regions (the locale's first, then
/// `countries`; numbers with "+" in any region). To keep precision on receipts, full of long
/// digit runs (tax and invoice numbers), a run of bare digits is a phone number only with a
/// phone label on its line ("tel", "phone", "fax", "mobile", "hp", …); a number written with
/// "+", brackets or separators needs no label.
enum PhoneDetector {
    static let label = NSRegularExpression.make(
        #"(\b(tel|tél|phone|telephone|téléphone|telefon|telefono|teléfono|fax|mobile|mob|cell|hp|h/p|call|whatsapp|contact|hotline|ph|fon|handy|tlf|tfn)\b|☎|📞)"#,
        caseInsensitive: true)

    static func find(in line: LineText, context: PageContext, parser: any PhoneNumberParsing) -> [Candidate] {
        let regions = context.rules.regions.isEmpty ? ["ZZ"] : context.rules.regions
        var seen: [Range<Int>] = []
        var out: [Candidate] = []
        let labelled = hasLabel(line)
        for region in regions {
            for match in parser.findNumbers(in: line.text, region: region) where !seen.contains(where: { $0.overlaps(match.utf16Range) }) {
                let text = line.substring(match.utf16Range)
                let formatted = text.contains { "+()-./ ".contains($0) }
                guard labelled || formatted else { continue }
                seen.append(match.utf16Range)
                let evidence = labelled ? 0.95 : (text.hasPrefix("+") ? 0.9 : 0.8)
                out.append(Candidate(.phone, match.e164, line: line.line, range: match.utf16Range, evidence: evidence))
            }
        }
        return out
    }

    /// The ASCII words of `label`, lower case, by their first byte.
    static let labelWords: [UInt8: [[UInt8]]] = Dictionary(grouping: [
        "tel", "phone", "telephone", "telefon", "telefono", "fax", "mobile", "mob", "cell", "hp", "h/p", "call", "whatsapp",
        "contact", "hotline", "ph", "fon", "handy", "tlf", "tfn",
    ].map { Array($0.utf8) }, by: { $0[0] })

    /// True when `label` matches the line: on a line of printable ASCII, one of its ASCII words
    /// as a whole word (`\b` on both sides) in any case; other lines are searched with it.
    static func hasLabel(_ line: LineText) -> Bool {
        let bytes = line.utf8
        guard TextGates.isPrintableASCII(bytes) else { return label.matches(anywhereIn: line.text) }
        return TextGates.forEachWordStart(in: bytes) { i, b in
            guard let words = labelWords[b] else { return false }
            for word in words {
                var end = 0
                if TextGates.has(word, in: bytes, at: i, end: &end), end == bytes.count || !TextGates.isWordByte(bytes[end]) { return true }
            }
            return false
        }
    }
}
