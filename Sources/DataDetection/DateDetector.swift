import DocumentModel
import Foundation

/// Dates ("25/12/2018", "2024-03-21", "3. März 2024", "Dec 25, 2018", "March 2024") and date
/// ranges ("12/03/2019 - 15/03/2019", "3–5 March 2024"), as ISO 8601 ("2018-12-25",
/// "2024-03", "2019-03-12/2019-03-15").
///
/// Numeric dates need a year: "10.2" or "03/04" are never dates (a table of measurements is full
/// of them). Day/month order: a number above 12 decides; else the page context's order (locale,
/// document evidence, or day first by default with a lower confidence). Two-digit years follow
/// POSIX `strptime("%y")`: 69–99 → 19xx, 00–68 → 20xx. A two-digit year with "." or "-"
/// separators needs a two-digit day and month ("01.05.10", not "1.5.10", a version number).
/// Dates as OCR misreads them are read too, with a lower confidence (`DateDetector+Misreads`).
enum DateDetector {
    struct Found { var range: Range<Int>; var year: Int; var month: Int; var day: Int?; var evidence: Double }

    static let numeric = NSRegularExpression.make(
        #"(?<![\d.,/-])(\d{1,4})\s?([./-])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d]|[./-]\d|:\d)"#)
    static let iso = NSRegularExpression.make(#"(?<![\d.,/:-])(\d{4})([-./])(\d{2})\2(\d{2})(?![\d]|[./-]\d)"#)
    static let connector = NSRegularExpression.make(#"^\s*(-|–|—|~|to|until|till|thru|through|bis|au|al|a|tot|hingga|sehingga)\s*$"#, caseInsensitive: true)

    static func find(in line: LineText, context: PageContext) -> [Candidate] {
        let months = context.months
        var found: [Found] = []
        // The numeric pattern needs its separator twice (`([./-])…\2`).
        for m in TextGates.repeatsADateSeparator(line.utf8) ? line.matches(numeric) : [] {
            if let f = numericDate(m, context: context) { found.append(f) }
        }
        // Every month-name pattern needs a month name: most lines are not searched for them.
        let named = months.gate.mayHoldMonthName(line.utf8)
        for m in named ? line.matches(months.dayMonthYear) : [] {
            guard let d = Int(m[1] ?? ""), let month = context.rules.months[(m[2] ?? "").lowercased()],
                  let y = year(m[3] ?? ""), valid(y, month, d) else { continue }
            found.append(Found(range: m.range, year: y, month: month, day: d, evidence: 0.95))
        }
        for m in named ? line.matches(months.monthDayYear) : [] {
            guard let month = context.rules.months[(m[1] ?? "").lowercased()], let d = Int(m[2] ?? ""),
                  let y = year(m[3] ?? ""), valid(y, month, d) else { continue }
            found.append(Found(range: m.range, year: y, month: month, day: d, evidence: 0.95))
        }
        for m in named ? line.matches(months.monthYear) : [] {
            guard let month = context.rules.months[(m[1] ?? "").lowercased()], let y = Int(m[2] ?? ""),
                  (1900...2100).contains(y) else { continue }
            found.append(Found(range: m.range, year: y, month: month, day: nil, evidence: 0.8))
        }
        found += misreadDates(in: line, besides: found, context: context)
        // Keep the longest of overlapping forms ("Dec 25, 2018" over "Dec ... 2018").
        found.sort { ($0.range.count, $0.evidence) > ($1.range.count, $1.evidence) }
        var dates: [Found] = []
        for f in found where !dates.contains(where: { $0.range.overlaps(f.range) }) { dates.append(f) }
        dates.sort { $0.range.lowerBound < $1.range.lowerBound }

        var out = dates.map { Candidate(.date, iso($0), line: line.line, range: $0.range, evidence: $0.evidence) }
        // Two dates joined by a range word or dash.
        for (a, b) in zip(dates, dates.dropFirst()) where a.range.upperBound <= b.range.lowerBound {
            let between = line.substring(a.range.upperBound..<b.range.lowerBound)
            guard connector.firstMatch(in: between, range: NSRange(location: 0, length: (between as NSString).length)) != nil,
                  iso(a) <= iso(b) else { continue }
            out.append(Candidate(.dateRange, iso(a) + "/" + iso(b), line: line.line,
                                 range: a.range.lowerBound..<b.range.upperBound, evidence: min(a.evidence, b.evidence)))
        }
        // "3–5 March 2024", "March 3-5, 2024".
        for (regex, dayGroups, monthGroup, yearGroup) in [(months.daysMonthYear, (1, 2), 3, 4), (months.monthDaysYear, (2, 3), 1, 4)] {
            for m in named ? line.matches(regex) : [] {
                guard let d1 = Int(m[dayGroups.0] ?? ""), let d2 = Int(m[dayGroups.1] ?? ""), d1 < d2,
                      let month = context.rules.months[(m[monthGroup] ?? "").lowercased()], let y = year(m[yearGroup] ?? ""),
                      valid(y, month, d1), valid(y, month, d2) else { continue }
                let a = Found(range: m.range, year: y, month: month, day: d1, evidence: 0.9)
                var b = a; b.day = d2
                out.append(Candidate(.dateRange, iso(a) + "/" + iso(b), line: line.line, range: m.range, evidence: 0.9))
            }
        }
        return out
    }

    static func numericDate(_ m: RegexMatch, context: PageContext) -> Found? {
        guard let s1 = m[1], let sep = m[2], let s3 = m[3], let s4 = m[4],
              let a = Int(s1), let b = Int(s3) else { return nil }
        if s1.count == 4 {   // year first: 2024-03-21, 2024/3/21
            guard s4.count == 2, let d = Int(s4), valid(a, b, d), (1900...2100).contains(a) else { return nil }
            return Found(range: m.range, year: a, month: b, day: d, evidence: 0.95)
        }
        guard s1.count <= 2, let y = year(s4) else { return nil }
        if s4.count == 2, sep != "/", s1.count != 2 || s3.count != 2 { return nil }
        var evidence = s4.count == 4 ? 0.95 : 0.85
        let dayFirst: Bool
        if a > 12 && b <= 12 { dayFirst = true } else if b > 12 && a <= 12 { dayFirst = false } else {
            switch context.dateOrder {
            case .monthFirst: dayFirst = false
            case .dayFirst, .yearFirst: dayFirst = true
            }
            if a != b && !context.dateOrderKnown { evidence -= 0.25 }
        }
        let (d, mo) = dayFirst ? (a, b) : (b, a)
        guard valid(y, mo, d) else { return nil }
        return Found(range: m.range, year: y, month: mo, day: d, evidence: evidence)
    }

    /// A year as written: four digits 1900...2100, or two digits by the POSIX pivot.
    static func year(_ written: String) -> Int? {
        let s = written.hasPrefix("'") ? String(written.dropFirst()) : written
        guard let v = Int(s) else { return nil }
        if s.count == 4 { return (1900...2100).contains(v) ? v : nil }
        if s.count == 2 { return v >= 69 ? 1900 + v : 2000 + v }
        return nil
    }

    static func valid(_ y: Int, _ m: Int, _ d: Int) -> Bool {
        guard (1...12).contains(m), d >= 1 else { return false }
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
        return d <= days
    }

    static func iso(_ f: Found) -> String {
        let ym = String(format: "%04d-%02d", f.year, f.month)
        return f.day.map { ym + String(format: "-%02d", $0) } ?? ym
    }

    struct MonthRegexes {
        var dayMonthYear, monthDayYear, monthYear, daysMonthYear, monthDaysYear: NSRegularExpression
        /// The month names the patterns hold (``MonthNameGate``).
        var gate: MonthNameGate
    }

    nonisolated(unsafe) private static var cache: [String: MonthRegexes] = [:]
    private static let lock = NSLock()

    /// The month-name patterns for a locale's month names (built once per set of names).
    static func monthRegexes(_ rules: LocaleRules) -> MonthRegexes {
        let names = rules.months.keys.sorted { ($0.count, $0) > ($1.count, $1) }
        let key = names.joined(separator: "|")
        lock.lock(); defer { lock.unlock() }
        if let r = cache[key] { return r }
        let month = "(" + names.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|") + ")\\.?"
        let day = #"(\d{1,2})(?:st|nd|rd|th|\.)?"#
        let yr = #"(\d{4}|'?\d{2})(?![\d])"#
        let r = MonthRegexes(
            dayMonthYear: .make(#"(?<![\d.,/:])"# + day + #"[\s/-]*"# + month + #"(?![a-z])[\s,/-]*"# + yr, caseInsensitive: true),
            monthDayYear: .make(#"(?<![a-z])"# + month + #"(?![a-z])\s*"# + day + #"(?!\d),?\s*"# + yr, caseInsensitive: true),
            monthYear: .make(#"(?<![a-z])"# + month + #"(?![a-z])[\s,]+(\d{4})(?!\d)"#, caseInsensitive: true),
            daysMonthYear: .make(#"(?<![\d.,/:])(\d{1,2})\.?\s?[-–]\s?"# + day + #"\s+"# + month + #"(?![a-z]),?\s+"# + yr, caseInsensitive: true),
            monthDaysYear: .make(#"(?<![a-z])"# + month + #"(?![a-z])\s*(\d{1,2})\s?[-–]\s?(\d{1,2})(?!\d),?\s*"# + yr, caseInsensitive: true),
            gate: MonthNameGate(names: names))
        cache[key] = r
        return r
    }
}
