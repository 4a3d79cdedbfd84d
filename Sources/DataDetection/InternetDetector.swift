import DocumentModel
import Foundation

/// Email addresses (value: lower-cased) and URLs (value: scheme and host lower-cased, "http://"
/// added when the text has no scheme, trailing punctuation left out).
///
/// A URL needs a scheme ("https://…"), a "www." host, or a host ending in a common generic
/// top-level domain or a country domain ("shop.example.com.my"); a bare "A.B" is not a URL, nor
/// a bare host whose labels mix capitals and lower case (``plausibleBareHost(_:)``).
enum InternetDetector {
    static let email = NSRegularExpression.make(
        #"(?<![\w.+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]*[A-Za-z0-9_%+-])?@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,24}(?![\w@-])"#)
    static let genericTLDs = ["com", "net", "org", "edu", "gov", "info", "biz", "io", "app", "shop", "online", "store", "dev"]
    static let url = NSRegularExpression.make(
        #"(?<![\w@.-])(?:(?:https?|ftp)://[^\s<>"]+|www\d?\.\s?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:[/?#][^\s<>"]*)?|[A-Za-z0-9][A-Za-z0-9-]*(?:\.[A-Za-z0-9-]+)*\.(?:"#
        + genericTLDs.joined(separator: "|") + #")(?:\.[a-z]{2})?(?![\w@-])(?:[/?#][^\s<>"]*)?)"#, caseInsensitive: true)

    /// `next`: the line after, where a URL broken at the end of `line` ("…/lua-l/2008-") goes on.
    static func find(in line: LineText, next: LineText? = nil) -> [Candidate] {
        var out: [Candidate] = []
        for m in line.utf8.contains(UInt8(ascii: "@")) ? line.matches(email) : [] {
            let text = line.substring(m.range)
            out.append(Candidate(.email, text.lowercased(), line: line.line, range: m.range, evidence: 0.95))
        }
        for m in mayHoldURL(line.utf8) ? line.matches(url) : [] {
            var range = m.range
            var text = line.substring(range)
            while let last = text.last, ".,;:!?)]}'\"".contains(last), !(last == ")" && text.contains("(")) {
                text.removeLast(); range = range.lowerBound..<range.upperBound - 1
            }
            let explicit = text.lowercased().hasPrefix("http") || text.lowercased().hasPrefix("www") || text.lowercased().hasPrefix("ftp")
            if !explicit && !plausibleBareHost(text) { continue }
            if let (rest, restRange) = continuation(of: text, endingAt: range.upperBound, in: line, next: next),
               let value = normalise((text + rest).replacingOccurrences(of: " ", with: "")) {
                out.append(Candidate(.url, value, spans: [.init(line: line.line, range: range), .init(line: next!.line, range: restRange)],
                                     evidence: explicit ? 0.95 : 0.85))
                continue
            }
            guard let value = normalise(text.replacingOccurrences(of: " ", with: "")) else { continue }
            out.append(Candidate(.url, value, line: line.line, range: range, evidence: explicit ? 0.95 : 0.85))
        }
        return out
    }

    /// A host written without a scheme, "www." or a path is written in one case: lower
    /// ("idautomation.com"), capitals ("EXAMPLE.COM"), or capitalised words ("IDAutomation.com",
    /// "Docs.example.org"). Labels in capitals next to labels in lower case ("ID.utomation.com")
    /// are a letter OCR read as a dot (the "A" of "IDAutomation.com"), not a host anyone wrote.
    /// The domain suffix ("com", "com.my") is left out: "EXAMPLE.com" is written too.
    static func plausibleBareHost(_ text: String) -> Bool {
        guard text.rangeOfCharacter(from: CharacterSet(charactersIn: "/?#")) == nil else { return true }
        var labels = text.split(separator: ".").map(String.init)
        if let last = labels.last, last.count == 2, labels.count > 2, genericTLDs.contains(labels[labels.count - 2].lowercased()) {
            labels.removeLast()
        }
        labels.removeLast()
        let letters = labels.map { $0.unicodeScalars.filter(CharacterSet.letters.contains) }
        let capitals = letters.contains { $0.count >= 2 && $0.allSatisfy(CharacterSet.uppercaseLetters.contains) }
        let lower = letters.contains { !$0.isEmpty && $0.allSatisfy(CharacterSet.lowercaseLetters.contains) }
        return !(capitals && lower)
    }

    /// A URL that ends the line with "-" or "/" inside its path goes on with the next line's first
    /// word (TeX and word processors break long URLs there; the hyphen is the URL's own).
    static let urlCharacters = NSRegularExpression.make(#"^[A-Za-z0-9._~%/?#=&+-]+$"#)
    static let scheme = NSRegularExpression.make("^[a-z]+://", caseInsensitive: true)

    static func continuation(of text: String, endingAt end: Int, in line: LineText, next: LineText?) -> (String, Range<Int>)? {
        guard let next, end == line.ns.length, let last = text.last, last == "-" || last == "/",
              text.dropFirst(text.hasPrefix("http") ? 8 : 0).contains("/"),
              let first = next.wordRanges.first else { return nil }
        var word = next.substring(first)
        var range = first
        while let end = word.last, ".,;:!?)]}'\"".contains(end) { word.removeLast(); range = range.lowerBound..<range.upperBound - 1 }
        guard let head = word.unicodeScalars.first, CharacterSet.alphanumerics.contains(head),
              urlCharacters.matches(anywhereIn: word) else { return nil }
        return (word, range)
    }

    /// Scheme and host lower-cased, "http://" added to a bare host, "/" as the empty path.
    static func normalise(_ text: String) -> String? {
        let withScheme = scheme.matches(anywhereIn: text) ? text : "http://" + text
        guard var c = URLComponents(string: withScheme), let host = c.host, host.contains(".") else { return nil }
        c.scheme = c.scheme?.lowercased(); c.host = host.lowercased()
        if c.path.isEmpty { c.path = "/" }
        return c.string
    }
}
