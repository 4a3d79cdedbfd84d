import DocumentModel
import Foundation

/// Email addresses (value: lower-cased) and URLs (value: scheme and host lower-cased, "http://"
/// added when the text has no scheme, trailing punctuation left out).
///
/// A URL needs a scheme ("https://…"), a "www." host, or a host ending in a common generic
/// top-level domain or a country domain ("shop.example.com.my"); a bare "A.B" is not a URL.
enum InternetDetector {
    static let email = NSRegularExpression.make(
        #"(?<![\w.+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]*[A-Za-z0-9_%+-])?@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,24}(?![\w@-])"#)
    static let genericTLDs = ["com", "net", "org", "edu", "gov", "info", "biz", "io", "app", "shop", "online", "store", "dev"]
    static let url = NSRegularExpression.make(
        #"(?<![\w@.-])(?:(?:https?|ftp)://[^\s<>"]+|www\d?\.\s?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:[/?#][^\s<>"]*)?|[A-Za-z0-9][A-Za-z0-9-]*(?:\.[A-Za-z0-9-]+)*\.(?:"#
        + genericTLDs.joined(separator: "|") + #")(?:\.[a-z]{2})?(?![\w@-])(?:[/?#][^\s<>"]*)?)"#, caseInsensitive: true)

    static func find(in line: LineText) -> [Candidate] {
        var out: [Candidate] = []
        for m in line.matches(email) {
            let text = line.substring(m.range)
            out.append(Candidate(.email, text.lowercased(), line: line.line, range: m.range, evidence: 0.95))
        }
        for m in line.matches(url) {
            var range = m.range
            var text = line.substring(range)
            while let last = text.last, ".,;:!?)]}'\"".contains(last), !(last == ")" && text.contains("(")) {
                text.removeLast(); range = range.lowerBound..<range.upperBound - 1
            }
            guard let value = normalise(text.replacingOccurrences(of: " ", with: "")) else { continue }
            let explicit = text.lowercased().hasPrefix("http") || text.lowercased().hasPrefix("www") || text.lowercased().hasPrefix("ftp")
            out.append(Candidate(.url, value, line: line.line, range: range, evidence: explicit ? 0.95 : 0.85))
        }
        return out
    }

    /// Scheme and host lower-cased, "http://" added to a bare host, "/" as the empty path.
    static func normalise(_ text: String) -> String? {
        let withScheme = text.range(of: "^[a-z]+://", options: [.regularExpression, .caseInsensitive]) == nil ? "http://" + text : text
        guard var c = URLComponents(string: withScheme), let host = c.host, host.contains(".") else { return nil }
        c.scheme = c.scheme?.lowercased(); c.host = host.lowercased()
        if c.path.isEmpty { c.path = "/" }
        return c.string
    }
}
