import DocumentModel
import Foundation

/// Evidence of a document's day/month order, from its numeric dates that decide it: in
/// "25/12/2018" the day comes first (25 cannot be a month), in "12/25/2018" the month does.
///
/// Detection reads an ambiguous date ("03/04/2024") by the settings' locale when there is one;
/// else by this hint; else by the page's own deciding dates; else day first (the most common
/// order worldwide) with a lower confidence. A caller that sees the whole document computes the
/// hint once from every page (`DateOrderHint(pages:)`, or `merged` over per-page hints
/// stored earlier) and passes it to each page's `detect(in:documentDates:)`, so that a
/// "03/04/2024" on page 1 is read like the "25/04/2024" on page 3.
public struct DateOrderHint: Codable, Sendable, Hashable {
    /// Dates whose first number is above 12 (and second not): day first.
    public var dayFirst: Int
    /// Dates whose second number is above 12 (and first not): month first.
    public var monthFirst: Int

    public init(dayFirst: Int = 0, monthFirst: Int = 0) { self.dayFirst = dayFirst; self.monthFirst = monthFirst }

    /// Counts the deciding numeric dates (d/m/y with a 4- or 2-digit year) in these pages.
    public init(pages: [PageText]) {
        self.init()
        for page in pages {
            // The words joined by spaces hold the separators the words hold: the line is joined
            // only when they repeat one.
            for line in page.lines where TextGates.repeatsADateSeparator(line.words.lazy.flatMap(\.text.utf8)) {
                count(in: line.words.map(\.text).joined(separator: " "))
            }
        }
    }

    /// Counts the deciding numeric dates in a page's lines (the page's own evidence, read only
    /// when neither the locale nor the document decides).
    init(lines: [LineText]) {
        self.init()
        for line in lines { count(in: line.text) }
    }

    /// The sum of several hints (e.g. one per page, stored as each page was processed).
    public static func merged<S: Sequence>(_ hints: S) -> DateOrderHint where S.Element == DateOrderHint {
        hints.reduce(DateOrderHint()) { DateOrderHint(dayFirst: $0.dayFirst + $1.dayFirst, monthFirst: $0.monthFirst + $1.monthFirst) }
    }

    /// The order the evidence decides; nil when there is none or it is tied.
    var order: LocaleRules.DateOrder? {
        dayFirst > monthFirst ? .dayFirst : monthFirst > dayFirst ? .monthFirst : nil
    }

    static let numericDate = NSRegularExpression.make(#"(?<![\d.,/:-])(\d{1,2})\s?([./-])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d]|[./-]\d)"#)

    mutating func count(in text: String) {
        // The pattern needs digits (`\d`: any script's decimal digits) and one of its separators
        // twice (`([./-])…\2`): most lines have neither.
        guard TextGates.repeatsADateSeparator(text), TextGates.containsDecimalDigit(text) else { return }
        let ns = text as NSString
        for m in Self.numericDate.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            guard let a = Int(ns.substring(with: m.range(at: 1))), let b = Int(ns.substring(with: m.range(at: 3))) else { continue }
            if a > 12, a <= 31, b >= 1, b <= 12 { dayFirst += 1 }
            if b > 12, b <= 31, a >= 1, a <= 12 { monthFirst += 1 }
        }
    }
}
