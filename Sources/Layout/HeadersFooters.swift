import Foundation
import DocumentModel

/// Running headers and footers.
///
/// A line is in the header (footer) zone when it lies entirely within the top (bottom) 8 % of
/// the page. It is a header/footer when its text, with every digit run replaced by "#" and case
/// and spacing folded (`key`), occurs in the same zone on at least two pages of the document,
/// or when it is a bare page number ("3", "- 3 -", "Page 3 of 9", "iv") — which also works on a
/// single page — or a line of ≤ 15 words on the same row as such a page number (a running title
/// beside the page number, on a single page too).
public enum HeadersFooters {
    enum Zone { case header, footer }

    public static let zoneFraction = 0.08

    static func zone(of box: Box, pageHeight: Int) -> Zone? {
        let h = Double(pageHeight)
        if Double(box.maxY) <= zoneFraction * h { return .header }
        if Double(box.minY) >= (1 - zoneFraction) * h { return .footer }
        return nil
    }

    /// The comparison key of a margin text: digits folded to "#", lowercase, single spaces.
    public static func key(_ text: String) -> String {
        asciiKey(text) ?? characterKey(text)
    }

    /// `key` read `Character` by `Character` (any text).
    static func characterKey(_ text: String) -> String {
        var out = ""
        var lastWasDigit = false
        for ch in text.lowercased() {
            if ch.isNumber { if !lastWasDigit { out.append("#") }; lastWasDigit = true; continue }
            lastWasDigit = false
            if ch.isWhitespace { if !out.hasSuffix(" ") { out.append(" ") } } else { out.append(ch) }
        }
        // Single spaces already: at most one at each end.
        if out.hasPrefix(" ") { out.removeFirst() }
        if out.hasSuffix(" ") { out.removeLast() }
        return out
    }

    /// `key` of an ASCII text, from its bytes (nil for any other text): an ASCII `Character` is
    /// a number exactly when it is a digit, whitespace exactly when it is a space, a tab or one
    /// of "\n", "\u{0B}", "\u{0C}", "\r" ("\r\n", one `Character`, folds to one space either
    /// way), and lowercases to its ASCII lowercase. Every margin line of every page asks.
    static func asciiKey(_ text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var lastWasDigit = false
        for b in text.utf8 {
            if b >= 0x30 && b <= 0x39 { if !lastWasDigit { out.append(0x23) }; lastWasDigit = true; continue }
            lastWasDigit = false
            if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                if out.last != 0x20 { out.append(0x20) }
            } else {
                out.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
            }
        }
        if out.first == 0x20 { out.removeFirst() }
        if out.last == 0x20 { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// Keys of margin lines repeated on ≥ 2 pages of a document laid out in one go.
    public static func repeatedKeys(pages: [LayoutInput]) -> Set<String> {
        let lines = pages.enumerated().flatMap { p, page in
            TextLine.make(from: page.lines, splitGap: PageMetrics.splitGap(for: page.lines))
                .map { (page: p, text: $0.text, box: $0.box, pageHeight: page.pageHeight) }
        }
        return Set(repeated(lines).keys)
    }

    /// The one rule for running headers and footers over a document's pages: the keys of margin
    /// lines that are on two or more pages, with the pages holding each. Bare page numbers are
    /// left out (`split` recognises them on each page alone). Used on a document laid out in one
    /// go (`repeatedKeys`) and on the stored lines of one in the archive (the document pass).
    public static func repeated<Page: Hashable>(_ lines: [(page: Page, text: String, box: Box, pageHeight: Int)])
        -> [String: Set<Page>] {
        var pagesPerKey: [String: Set<Page>] = [:]
        for line in lines {
            guard let key = marginKey(line.text, box: line.box, pageHeight: line.pageHeight) else { continue }
            pagesPerKey[key, default: []].insert(line.page)
        }
        return pagesPerKey.filter { $0.value.count >= 2 }
    }

    /// The key a line counts under in `repeated`: nil unless it lies in the header or footer zone
    /// of a page of known height, has text, and is no bare page number.
    static func marginKey(_ text: String, box: Box, pageHeight: Int) -> String? {
        guard pageHeight > 0, zone(of: box, pageHeight: pageHeight) != nil else { return nil }
        let key = key(text)
        guard !key.isEmpty, !isPageNumber(text) else { return nil }
        return key
    }

    public static func isPageNumber(_ text: String) -> Bool {
        let k = key(text)
        let stripped = asciiStripped(k) ?? foundationStripped(k)
        return ["#", "page#", "p.#", "#/#", "#of#", "page#of#", "p#"].contains(stripped)
            || ListMarker.romanValue(stripped) != nil && stripped.count >= 2
    }

    /// A key without its spaces and without "-", "–", "—", "|" and "." at either end (any key).
    static func foundationStripped(_ key: String) -> String {
        key.replacingOccurrences(of: " ", with: "").trimmingCharacters(in: CharacterSet(charactersIn: "-–—|."))
    }

    /// An ASCII key without its spaces and without "-", "|" and "." at either end, from its
    /// bytes: what Foundation's replacing and trimming in `isPageNumber` give for it (the other
    /// members of the trimmed set, "–" and "—", are not ASCII). nil for any other key.
    static func asciiStripped(_ key: String) -> String? {
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let bytes = key.utf8.filter { $0 != 0x20 }
        let trimmed: (UInt8) -> Bool = { $0 == 0x2D || $0 == 0x7C || $0 == 0x2E }
        var lo = 0, hi = bytes.count
        while lo < hi, trimmed(bytes[lo]) { lo += 1 }
        while hi > lo, trimmed(bytes[hi - 1]) { hi -= 1 }
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    /// What a page's lines are in its margins, whatever the document repeats.
    struct MarginLines {
        /// Each line's zone, nil outside both.
        var zones: [Zone?]
        /// Margin text on the page alone: a page number, or a running title on its row.
        var decided: [Bool]
        /// The keys of the other zone lines: whether each is margin text is the document's to
        /// say (`split`'s `repeated`).
        var undecidedKeys: [Int: String]
    }

    static func marginLines(_ lines: [TextLine], pageHeight: Int) -> MarginLines {
        // Each margin line's zone and page-number test, once (the test is asked of every margin line).
        let zones = lines.map { zone(of: $0.box, pageHeight: pageHeight) }
        let pageNumber = lines.indices.map { zones[$0] != nil && isPageNumber(lines[$0].text) }
        let numbers = lines.indices.filter { pageNumber[$0] }.map { lines[$0] }
        var decided = pageNumber
        var undecided: [Int: String] = [:]
        for (i, line) in lines.enumerated() where zones[i] != nil && !pageNumber[i] {
            // A running title set on the page number's row ("30   AUTHORS OF THE PAPER") is margin text too.
            decided[i] = line.words.count <= 15 && numbers.contains { n in
                n.box != line.box && Double(min(n.box.maxY, line.box.maxY) - max(n.box.minY, line.box.minY))
                    >= 0.5 * Double(min(n.box.height, line.box.height))
            }
            if !decided[i] { undecided[i] = key(line.text) }
        }
        return MarginLines(zones: zones, decided: decided, undecidedKeys: undecided)
    }

    /// Splits lines into header lines, footer lines and the rest. Only the keys of `margins`'
    /// undecided lines are looked up in `repeated`: two sets that agree on those split alike.
    static func split(_ lines: [TextLine], margins: MarginLines, repeated: Set<String>) -> (header: [TextLine], footer: [TextLine], body: [TextLine]) {
        var header: [TextLine] = [], footer: [TextLine] = [], body: [TextLine] = []
        for (i, line) in lines.enumerated() {
            let marginText = margins.decided[i] || margins.undecidedKeys[i].map(repeated.contains) == true
            switch (margins.zones[i], marginText) {
            case (.header?, true): header.append(line)
            case (.footer?, true): footer.append(line)
            default: body.append(line)
            }
        }
        return (header, footer, body)
    }
}
