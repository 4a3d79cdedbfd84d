import DocumentModel
import Foundation

/// Postal addresses: a conservative heuristic over consecutive lines of one block. An address
/// starts at a street line (a house number and a street word: "12 Main Street",
/// "Hauptstraße 5", "No. 3, Jalan Ampang", "12 rue de la Paix") and ends at a postcode line
/// (a postcode followed or preceded by a place name: "40170 Shah Alam", "Springfield, IL 62704",
/// "1012 AB Amsterdam", "London SW1A 1AA") at most three lines further, each line close below
/// the previous one. Value: the lines joined by ", ", whitespace collapsed.
enum AddressDetector {
    static let streetWords = #"street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|square|sq|highway|hwy|terrace|crescent|close|parkway|pkwy|jalan|jln|lorong|lrg|persiaran|lebuh|lebuhraya|taman|rue|chemin|impasse|allée|calle|avenida|plaza|paseo|via|viale|piazza|corso|straat|laan|plein|gracht|kade|ulica|ul"#
    static let street = NSRegularExpression.make(
        #"(\d+[a-z]?\b.*\b("# + streetWords + #")\b|\b("# + streetWords + #")\b\.?\s.*\d|\w*(straße|strasse|str\.|weg|platz|gasse|allee|ring|damm|ufer|gatan|vägen|vej|gade)\s*\d+)"#,
        caseInsensitive: true)
    static let postcode = NSRegularExpression.make(
        #"((?<![\d-])(?:[A-Z]{1,2}-)?\d{5}(?![\d-])\s*,?\s*[A-Za-zÀ-ÿ]{3,}|\b[A-Z]{2}\s\d{5}(?:-\d{4})?\b|(?<![\d-])\d{4}\s?[A-Z]{2}\s+[A-Za-z]{3,}|(?<![\d-])\d{4}\s+[A-Z][a-zà-ÿ]{2,}|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b)"#)

    static func find(in context: PageContext) -> [Candidate] {
        var out: [Candidate] = []
        let lines = context.lines
        var i = 0
        while i < lines.count {
            // Each of the street pattern's forms holds a `\d`: a line without a digit has none.
            guard lines[i].hasDigit, mayHoldStreet(lines[i].utf8), let streetMatch = street.firstMatch(in: lines[i].text, range: NSRange(location: 0, length: lines[i].length)) else {
                i += 1; continue
            }
            var end: Int?
            for j in i..<min(lines.count, i + 4) {
                if j > i && !follows(lines[j - 1], lines[j]) { break }
                // On the street line itself the postcode comes after the street.
                let from = j == i ? streetMatch.range.location + streetMatch.range.length : 0
                if postcode.firstMatch(in: lines[j].text, range: NSRange(location: from, length: lines[j].length - from)) != nil {
                    end = j; break
                }
            }
            guard let end else { i += 1; continue }
            let spans = (i...end).map { Candidate.Span(line: $0, range: 0..<lines[$0].length) }
            let value = (i...end).map { lines[$0].text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ", |")) }.joined(separator: ", ")
            out.append(Candidate(.address, value, spans: spans, evidence: end > i ? 0.8 : 0.7))
            i = end + 1
        }
        return out
    }

    /// The street words, lower case, for ``mayHoldStreet(_:)``.
    static let streetWordSet = Set(streetWords.split(separator: "|").map(String.init))
    /// The street words' bytes, by their first byte.
    static let streetWordBytes = Dictionary(grouping: streetWordSet.map { Array($0.utf8) }, by: { $0[0] })
    /// The endings of the street pattern's third form (before its `\s*\d+`) that are ASCII.
    static let asciiStreetEndings = ["strasse", "str.", "weg", "platz", "gasse", "allee", "ring", "damm", "ufer",
                                     "gatan", "vej", "gade"].map { Array($0.utf8) }

    /// False only when `street` cannot match `text`: an ASCII line (where case-insensitive
    /// matching is ASCII lower-casing) with no street word as a whole word (a run of ASCII
    /// letters, digits and `_`, what `\b` bounds there) and no street ending followed by
    /// optional white space and a digit. Other lines are always matched (true).
    static func mayHoldStreet(_ text: String) -> Bool { mayHoldStreet(Array(text.utf8)) }

    /// The same, from the text's UTF-8 bytes.
    static func mayHoldStreet(_ bytes: [UInt8]) -> Bool {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return true }
        let lower = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
        func isWord(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F }
        var i = 0
        while i < lower.count {
            guard isWord(lower[i]) else { i += 1; continue }
            var j = i
            while j < lower.count, isWord(lower[j]) { j += 1 }
            if let words = streetWordBytes[lower[i]], words.contains(where: { $0.count == j - i && $0.elementsEqual(lower[i..<j]) }) { return true }
            i = j
        }
        for ending in asciiStreetEndings {
            var k = 0
            while k + ending.count <= lower.count {
                if lower[k] == ending[0], lower[k..<k + ending.count].elementsEqual(ending) {
                    var m = k + ending.count
                    while m < lower.count, [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(lower[m]) { m += 1 }
                    if m < lower.count, lower[m] >= 0x30, lower[m] <= 0x39 { return true }
                }
                k += 1
            }
        }
        return false
    }

    /// True when `b` sits right below `a`: a gap under one and a half line heights and
    /// overlapping columns.
    private static func follows(_ a: LineText, _ b: LineText) -> Bool {
        guard let ba = Box.enclosing(a.words.map(\.box)), let bb = Box.enclosing(b.words.map(\.box)) else { return false }
        let gap = bb.minY - ba.maxY
        let height = max(ba.height, bb.height)
        return gap > -height / 2 && Double(gap) < 1.5 * Double(height) && ba.minX < bb.maxX && bb.minX < ba.maxX
    }
}
