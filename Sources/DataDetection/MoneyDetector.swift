import DocumentModel
import Foundation

/// Money amounts as a decimal string ("1234.56", "-12.50") and an ISO 4217 currency.
///
/// An amount is accepted when a currency marks it ("RM 12.50", "$5", "1.234,56 €", "EUR 20")
/// or, unmarked, when it has exactly two decimals and the page speaks of money (see `survey`:
/// two lines pair a money word with an amount, or a marked amount has decimals); a unit after
/// it ("2.50 kg", "12.00%") rules it out. A money word leading to it ("Total: 9.00") raises
/// its confidence.
/// Separators follow the locale ("1.234,56" in de_DE); without a locale, the last "." or ","
/// followed by exactly two digits is the decimal one. The currency is the mark's, else the
/// page's most used mark, else the settings' first currency, else the locale's.
enum MoneyDetector {
    /// Symbols and their currency; "$", "kr" and "¥" resolve by locale or settings when they can.
    static let symbols: [(String, String)] = [
        ("US$", "USD"), ("S$", "SGD"), ("A$", "AUD"), ("AU$", "AUD"), ("C$", "CAD"), ("CA$", "CAD"), ("NZ$", "NZD"),
        ("HK$", "HKD"), ("R$", "BRL"), ("RM", "MYR"), ("€", "EUR"), ("£", "GBP"), ("¥", "JPY"), ("₹", "INR"),
        ("₩", "KRW"), ("₽", "RUB"), ("฿", "THB"), ("₱", "PHP"), ("₺", "TRY"), ("₪", "ILS"), ("₫", "VND"),
        ("zł", "PLN"), ("Kč", "CZK"), ("Ft", "HUF"), ("kr.", "DKK"), ("kr", "SEK"), ("Rp", "IDR"), ("Fr.", "CHF"), ("$", "USD"),
    ]
    /// ISO codes read next to an amount: the common ones (others only when the settings expect them).
    static let commonCodes: Set<String> = [
        "EUR", "USD", "GBP", "JPY", "CHF", "CAD", "AUD", "NZD", "CNY", "HKD", "SGD", "MYR", "IDR", "THB", "PHP",
        "INR", "KRW", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "RON", "BGN", "TRY", "BRL", "MXN", "ZAR", "RUB",
        "AED", "SAR", "ILS", "VND", "TWD",
    ]
    static let keywords = NSRegularExpression.make(
        #"\b(total|sub-?total|amount|amt|price|cash|change|tax|vat|gst|sst|balance|paid|payment|rounding|discount|fee|charge|cost|summe|betrag|gesamt|zu zahlen|montant|prix|importe|totale|jumlah|harga|bayar|tunai)s?\b"#,
        caseInsensitive: true)
    /// A money word, then no digits up to the amount at the end of the match ("Total (incl. GST): ").
    static let keywordBefore = NSRegularExpression.make(
        #"\b(total|sub-?total|amount|amt|price|cash|change|tax|vat|gst|sst|balance|paid|payment|rounding|discount|fee|charge|cost|summe|betrag|gesamt|zu zahlen|montant|prix|importe|totale|jumlah|harga|bayar|tunai)s?\b[^\d]{0,30}$"#,
        caseInsensitive: true)
    static let twoDecimals = NSRegularExpression.make(#"(?<![\d.,])\d+[.,]\d{2}(?![\d])"#)
    static let unitAfter = NSRegularExpression.make(
        #"^\s?(%|kg|g|mg|km|cm|mm|m|l|ml|lb|lbs|oz|pcs|pc|x|h|hrs|min|°|mi|ft|in)(?![a-z])"#, caseInsensitive: true)

    static let code = "(" + (symbols.map { NSRegularExpression.escapedPattern(for: $0.0) } + ["[A-Z]{3}"]).joined(separator: "|") + ")"

    /// Groups: 1 currency before, 2 minus, 3 the number, 4 its grouping separator, 5 currency after.
    static func amountPattern(groupingBySpace: Bool) -> NSRegularExpression {
        let group = groupingBySpace ? "[.,' ]" : "[.,']"
        return .make(#"(?<![\w.,'])(?:"# + code + #"\s?)?([-−]\s?)?(\d{1,3}(?:("# + group + #")\d{3})(?:\4\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:\s?"# + code + #"(?![A-Za-z]))?(?![\d]|[.,]\d)"#)
    }
    static let amount = amountPattern(groupingBySpace: false)
    static let amountSpaceGrouped = amountPattern(groupingBySpace: true)
    static let currencyMark = NSRegularExpression.make(#"(?<![A-Za-z])("# + symbols.map { NSRegularExpression.escapedPattern(for: $0.0) }.joined(separator: "|") + #"|\b(?:EUR|USD|GBP|MYR|SGD|CHF)\b)"#)

    /// The page's most used currency (counting the amounts its marks are accepted on) and
    /// whether the page speaks of money: two lines or more pair a money word with an amount
    /// ("Total 9.10", "Cash 20.00"), or an amount with decimals carries a currency mark. One
    /// "total" beside a number, as in a paper's table, is not enough.
    static func survey(lines: [LineText], amounts: [[RegexMatch]], rules: LocaleRules) -> (String?, Bool) {
        var counts: [String: Int] = [:]
        var moneyLines = 0, markedDecimals = 0
        // Both the amount and the two-decimal patterns need a digit (`\d`).
        for line in lines where line.hasDigit {
            for m in amounts[line.line] {
                // An ISO code is rarely OCR noise: it counts as two symbols.
                if let (c, before) = mark(m, in: line, rules) {
                    let written = (before ? m[1] : m[5]) ?? ""
                    counts[c, default: 0] += written.count == 3 && written.allSatisfy(\.isLetter) ? 2 : 1
                    if m[3]?.contains(where: { $0 == "." || $0 == "," }) == true { markedDecimals += 1 }
                }
            }
            // The two-decimal test first: it is cheaper, and most lines fail it.
            if mayHoldTwoDecimals(line), twoDecimals.matches(anywhereIn: line.text), keywords.matches(anywhereIn: line.text) {
                moneyLines += 1
            }
        }
        let ranked = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        // One symbol may be noise on a scan: a page currency needs two (or a code) and a majority.
        let best = ranked.first.flatMap { $0.value >= 2 && (ranked.count == 1 || $0.value > ranked[1].value) ? $0.key : nil }
        return (best, moneyLines >= 2 || markedDecimals > 0)
    }

    /// The currency an amount match is marked with, and whether the mark came before it; nil
    /// when unmarked. When currencies are expected (settings or locale), a symbol of another
    /// currency counts only right against an amount with decimals ("€12.50", not "1 €" or
    /// "£2", which on a scan are more often noise than money).
    static func mark(_ m: RegexMatch, in line: LineText, _ rules: LocaleRules) -> (String, Bool)? {
        for (group, before) in [(1, true), (5, false)] {
            guard let written = m[group], let code = currency(written, rules) else { continue }
            if !rules.expected.isEmpty, !rules.expected.contains(code), !(written.count == 3 && written.allSatisfy(\.isLetter)) {
                guard let number = m[3], number.contains(where: { $0 == "." || $0 == "," }),
                      let r = m.groupRanges[group], let n = m.groupRanges[3],
                      before ? r.upperBound == n.lowerBound : n.upperBound == r.lowerBound else { continue }
            }
            return (code, before)
        }
        return nil
    }

    /// The ISO code a mark stands for, in these rules; nil when it is not a currency mark.
    static func currency(_ mark: String, _ rules: LocaleRules) -> String? {
        if mark.count == 3, mark == mark.uppercased(), mark.allSatisfy(\.isLetter) {
            return commonCodes.contains(mark) || rules.expected.contains(mark) ? mark : nil
        }
        guard let code = symbols.first(where: { $0.0 == mark })?.1 else { return nil }
        // An ambiguous symbol takes the expected or local currency written with it.
        if mark == "$" || mark == "kr" || mark == "¥" || mark == "kr." {
            if let symbol = rules.currencySymbol, symbol == mark || symbol.hasSuffix(mark), let local = rules.defaultCurrency { return local }
            let family: [String: Set<String>] = ["$": ["USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "TWD"],
                                                 "kr": ["SEK", "NOK", "DKK", "ISK"], "kr.": ["DKK", "ISK"], "¥": ["JPY", "CNY"]]
            if let expected = rules.expected.first(where: { family[mark]?.contains($0) == true }) { return expected }
        }
        return code
    }

    /// "RM 28 60": two digits after the amount, the decimal point lost.
    static let lostDecimalPoint = NSRegularExpression.make(#"^ \d{2}(?!\d)"#)

    static func find(in line: LineText, context: PageContext) -> [Candidate] {
        var out: [Candidate] = []
        let rules = context.rules
        for m in context.amounts[line.line] {
            guard let number = m[3], let parsed = decimal(number, grouping: m[4], rules: rules) else { continue }
            let marked = mark(m, in: line, rules)
            // The tests that need no other text first: most numbers of running text stop here.
            if marked == nil, parsed.fractionDigits != 2 || !context.mentionsMoney { continue }
            // "€ 00", "05": an integer with a leading zero is not an amount.
            if parsed.fractionDigits == 0, number.first == "0" { continue }
            var range = m.range
            // Keep the matched text to the amount and the mark that counts.
            if let number = m.groupRanges[3] {
                let start = marked?.1 == true ? m.range.lowerBound : (m.groupRanges[2]?.lowerBound ?? number.lowerBound)
                let end = marked?.1 == false ? m.range.upperBound : number.upperBound
                range = start..<end
            }
            let after = line.substring(range.upperBound..<line.length)
            if unitAfter.matches(anywhereIn: after) { continue }
            // "RM 28 60": the decimal point was lost; 28 would be wrong.
            if parsed.fractionDigits == 0, lostDecimalPoint.matches(anywhereIn: after) { continue }
            let labelled = keywordBefore.matches(anywhereIn: line.substring(0..<range.lowerBound))
            let mark = marked?.0
            let value = (m[2] != nil ? "-" : "") + parsed.value
            let currency = mark ?? (rules.expected.isEmpty ? context.pageCurrency : rules.defaultCurrency)
            let evidence = mark != nil ? 0.95 : (labelled ? 0.85 : 0.7)
            out.append(Candidate(.money, value, line: line.line, range: range, evidence: evidence, currency: currency))
        }
        return out
    }

    /// False only where no match of the amount pattern can be kept or counted: each needs a
    /// currency mark (survey, and `find` for amounts without two decimals) or two decimals
    /// (`find`, unmarked). An ASCII line has a mark only where it holds an ASCII symbol of
    /// `symbols` or three capitals in a row (an ISO code), and two decimals only where
    /// `mayHoldTwoDecimals`. Lines that are not ASCII are always searched.
    static func mayHoldAmount(_ line: LineText) -> Bool {
        guard line.isASCII, !mayHoldTwoDecimals(line) else { return true }
        let b = line.utf8
        var capitals = 0
        for x in b {
            capitals = x >= 0x41 && x <= 0x5A ? capitals + 1 : 0
            if capitals == 3 { return true }
        }
        return asciiSymbols.contains { symbol in
            b.indices.contains { i in i + symbol.count <= b.count && b[i..<i + symbol.count].elementsEqual(symbol) }
        }
    }

    /// The symbols of `symbols` written in ASCII, as bytes.
    static let asciiSymbols = symbols.map { Array($0.0.utf8) }.filter { $0.allSatisfy { $0 < 0x80 } }

    /// False only where `twoDecimals` cannot match: an ASCII line with no digit, "." or ",", and
    /// two digits in a row (`\d+[.,]\d{2}`). Lines that are not ASCII are always searched
    /// (`\d` takes any script's digits).
    static func mayHoldTwoDecimals(_ line: LineText) -> Bool {
        !line.isASCII || TextGates.hasSeparator(in: line.utf8, of: Array(".,".utf8), digitsAfter: 2)
    }

    /// A written number as a plain decimal string ("1.234,56" → "1234.56") with its number of
    /// decimals; nil when its separators contradict the locale.
    static func decimal(_ s: String, grouping: String?, rules: LocaleRules) -> (value: String, fractionDigits: Int)? {
        var integer = s, fraction = ""
        if let last = s.lastIndex(where: { $0 == "." || $0 == "," }) {
            let tail = s[s.index(after: last)...], sep = s[last]
            if let grouping, String(sep) == grouping, tail.count == 3 {
                // only grouping: "1,234" or "1.234.567"
            } else if (1...2).contains(tail.count) {
                if rules.separatorsKnown && sep != rules.decimalSeparator { return nil }
                integer = String(s[..<last]); fraction = String(tail)
            } else {
                return nil
            }
        }
        if let g = grouping {
            if rules.separatorsKnown, g.first != rules.groupingSeparator, g != "'" { return nil }
            integer = integer.replacingOccurrences(of: g, with: "")
        }
        guard !integer.isEmpty, integer.allSatisfy(\.isNumber) else { return nil }
        let trimmed = integer.drop { $0 == "0" }
        let whole = trimmed.isEmpty ? "0" : String(trimmed)
        return (fraction.isEmpty ? whole : whole + "." + fraction, fraction.count)
    }
}

extension LocaleRules {
    /// The currencies the settings say to expect, plus the locale's.
    var expected: [String] { currencies + (defaultCurrency.map { [$0] } ?? []) }
}
