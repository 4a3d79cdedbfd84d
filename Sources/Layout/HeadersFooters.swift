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
        for line in lines where line.pageHeight > 0 && zone(of: line.box, pageHeight: line.pageHeight) != nil {
            let key = key(line.text)
            guard !key.isEmpty, !isPageNumber(line.text) else { continue }
            pagesPerKey[key, default: []].insert(line.page)
        }
        return pagesPerKey.filter { $0.value.count >= 2 }
    }

    public static func isPageNumber(_ text: String) -> Bool {
        let k = key(text).replacingOccurrences(of: " ", with: "")
        let stripped = k.trimmingCharacters(in: CharacterSet(charactersIn: "-–—|."))
        return ["#", "page#", "p.#", "#/#", "#of#", "page#of#", "p#"].contains(stripped)
            || ListMarker.romanValue(stripped) != nil && stripped.count >= 2
    }

    /// Splits lines into header lines, footer lines and the rest.
    static func split(_ lines: [TextLine], pageHeight: Int, repeated: Set<String>) -> (header: [TextLine], footer: [TextLine], body: [TextLine]) {
        var header: [TextLine] = [], footer: [TextLine] = [], body: [TextLine] = []
        let numbers = lines.filter { zone(of: $0.box, pageHeight: pageHeight) != nil && isPageNumber($0.text) }
        for line in lines {
            let z = zone(of: line.box, pageHeight: pageHeight)
            // A running title set on the page number's row ("30   AUTHORS OF THE PAPER") is margin text too.
            let besideNumber = line.words.count <= 15 && numbers.contains { n in
                n.box != line.box && Double(min(n.box.maxY, line.box.maxY) - max(n.box.minY, line.box.minY))
                    >= 0.5 * Double(min(n.box.height, line.box.height))
            }
            let marginText = z != nil && (repeated.contains(key(line.text)) || isPageNumber(line.text) || besideNumber)
            switch (z, marginText) {
            case (.header?, true): header.append(line)
            case (.footer?, true): footer.append(line)
            default: body.append(line)
            }
        }
        return (header, footer, body)
    }
}
