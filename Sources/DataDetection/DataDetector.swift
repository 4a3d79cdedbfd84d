import DocumentModel
import Foundation

/// Finds URLs, email addresses, phone numbers, dates, times, date ranges, durations, money
/// amounts, postal addresses, tracking and flight numbers, IBANs, ISBNs, ISSNs and EU VAT
/// numbers in a page's words (Vision's document data detection, `DocumentObservation.DataDetector`).
///
/// Pure: it reads `PageText` (OCR words or a PDF text layer) and returns values; phone numbers
/// come from a `PhoneNumberParsing` implementation (libphonenumber in the `PhoneNumbers`
/// target). Matching runs on each line's text rebuilt from its words, so a value OCR split or
/// merged ("RM 12.50", "TOTAL:9.00") is found and mapped back to its words and boxes.
/// See docs/data-detection.md for every type's rules and normalised value.
public struct DataDetector: Sendable {
    /// The revision of the detection rules: part of a stage fingerprint, raised whenever a rule
    /// changes what is found, so that stored results are recomputed.
    public static let revision = 4   // 4: a bare host mixing capitals and lower case is no URL

    public let settings: DetectionSettings
    let phoneNumbers: (any PhoneNumberParsing)?
    let rules: LocaleRules
    let months: DateDetector.MonthRegexes

    public init(settings: DetectionSettings = DetectionSettings(), phoneNumbers: (any PhoneNumberParsing)? = nil) {
        self.settings = settings; self.phoneNumbers = phoneNumbers
        self.rules = LocaleRules(settings: settings)
        self.months = DateDetector.monthRegexes(rules)
    }

    /// The data in one page, in reading order (by line, then position). `documentDates` is the
    /// day/month evidence of the whole document (see `DateOrderHint`); without it the page's own
    /// dates decide.
    public func detect(in page: PageText, documentDates: DateOrderHint? = nil) -> [DetectedData] {
        guard settings.enabled, !settings.types.isEmpty else { return [] }
        let context = PageContext(page: page, rules: rules, months: months, documentDates: documentDates)
        var candidates: [Candidate] = []
        let types = settings.types
        for line in context.lines where !line.words.isEmpty {
            if types.contains(.email) || types.contains(.url) { 
                let next = context.lines.indices.contains(line.line + 1) ? context.lines[line.line + 1] : nil
                candidates += InternetDetector.find(in: line, next: next)
            }
            // Every pattern of the detectors marked `digits` needs a digit (`\d`; a phone number
            // too): most lines of running text have none and are looked at once, not once a pattern.
            let digits = line.hasDigit
            if digits, !types.isDisjoint(with: [.date, .dateRange]) { candidates += DateDetector.find(in: line, context: context) }
            if digits, types.contains(.time) { candidates += TimeDetector.find(in: line) }
            if digits, types.contains(.duration) { candidates += DurationDetector.find(in: line) }
            if digits, types.contains(.money) { candidates += MoneyDetector.find(in: line, context: context) }
            if !types.isDisjoint(with: [.iban, .trackingNumber, .isbn, .issn, .vatID]) {
                candidates += IdentifierDetector.find(in: line, context: context)
            }
            if digits, types.contains(.flightNumber) { candidates += FlightDetector.find(in: line, context: context) }
            if digits, types.contains(.phone), let phoneNumbers {
                candidates += PhoneDetector.find(in: line, context: context, parser: phoneNumbers)
            }
        }
        if types.contains(.address) { candidates += AddressDetector.find(in: context) }
        return resolve(candidates.filter { types.contains($0.type) }, context: context)
    }

    /// Keeps the strongest of overlapping candidates (priority, then length, then evidence) and
    /// turns each into its words, boxes and confidence.
    func resolve(_ candidates: [Candidate], context: PageContext) -> [DetectedData] {
        let ordered = candidates.sorted {
            ($0.priority, $0.length, $0.evidence) > ($1.priority, $1.length, $1.evidence)
        }
        var kept: [Candidate] = []
        for c in ordered where !kept.contains(where: { $0.type != .address && c.type != .address && $0.overlaps(c) }) {
            if c.type == .address, kept.contains(where: { $0.type == .address && $0.overlaps(c) }) { continue }
            kept.append(c)
        }
        let out = kept.compactMap { data(from: $0, context: context) }
        return out.sorted { ($0.firstWord, $0.type) < ($1.firstWord, $1.type) }
    }

    private func data(from c: Candidate, context: PageContext) -> DetectedData? {
        var boxes: [Box] = [], texts: [String] = [], confidences: [Double] = []
        var first: WordIndex?, last: WordIndex?
        for span in c.spans {
            let line = context.lines[span.line]
            guard let words = line.wordSpan(span.range), let box = line.box(span.range) else { continue }
            boxes.append(box)
            texts.append(line.substring(span.range))
            confidences.append(line.confidence(span.range))
            if first == nil { first = WordIndex(line: span.line, word: words.lowerBound) }
            last = WordIndex(line: span.line, word: words.upperBound)
        }
        guard let first, let last else { return nil }
        let ocr = confidences.reduce(0, +) / Double(confidences.count)
        let confidence = (c.evidence * (0.5 + 0.5 * ocr) * 1000).rounded() / 1000
        return DetectedData(type: c.type, text: texts.joined(separator: "\n"), value: c.value, currency: c.currency,
                            carrier: c.carrier, firstWord: first, lastWord: last, boxes: boxes, confidence: confidence)
    }
}

/// What every detector may look at besides its own line: the other lines (for labels such as
/// "Flight" or "Tracking" nearby), the locale's rules and the resolved day/month order.
struct PageContext {
    let lines: [LineText]
    let rules: LocaleRules
    /// The month-name date patterns of the rules' month names.
    let months: DateDetector.MonthRegexes
    let dateOrder: LocaleRules.DateOrder
    /// True when the order came from the locale or from deciding dates, not the default.
    let dateOrderKnown: Bool
    /// The currency most amounts on this page are marked with, if any are.
    var pageCurrency: String?
    /// True when the page speaks of money: a currency mark or a word such as "total".
    var mentionsMoney: Bool
    /// The amount pattern's matches on each line (none on a line without a digit): the money
    /// survey and the money detector read the same matches.
    let amounts: [[RegexMatch]]
    /// Which labels are on which lines, as found so far: a label is looked for near every
    /// candidate, and each line is read for all labels once.
    let labels: LabelMatches

    init(page: PageText, rules: LocaleRules, months: DateDetector.MonthRegexes, documentDates: DateOrderHint?) {
        lines = page.lines.enumerated().map { LineText(line: $0.offset, words: $0.element.words) }
        self.rules = rules; self.months = months
        labels = LabelMatches(lines: lines)
        if let order = rules.dateOrder {
            dateOrder = order; dateOrderKnown = true
        } else if let order = documentDates?.order ?? DateOrderHint(lines: lines).order {
            dateOrder = order; dateOrderKnown = true
        } else {
            dateOrder = .dayFirst; dateOrderKnown = false
        }
        let pattern = rules.groupingSeparator == " " ? MoneyDetector.amountSpaceGrouped : MoneyDetector.amount
        amounts = lines.map { $0.hasDigit && MoneyDetector.mayHoldAmount($0) ? $0.matches(pattern) : [] }
        pageCurrency = nil; mentionsMoney = false
        (pageCurrency, mentionsMoney) = MoneyDetector.survey(lines: lines, amounts: amounts, rules: rules)
    }

    /// True when `label` is on line `line` or within `within` lines of it.
    func hasLabel(_ label: Label, near line: Int, within: Int) -> Bool {
        let lo = max(0, line - within), hi = min(lines.count - 1, line + within)
        guard lo <= hi else { return false }
        for i in lo...hi where labels.kinds(line: i).contains(Label.Kinds(label)) { return true }
        return false
    }
}

/// The labels of each line of one page (`PageContext.hasLabel`), read once per line when first
/// asked for. A reference type so that copies of the page's context share it; it lives for one
/// `detect` call on one thread.
final class LabelMatches {
    private let lines: [LineText]
    private var known: [Label.Kinds?]

    init(lines: [LineText]) {
        self.lines = lines
        known = Array(repeating: nil, count: lines.count)
    }

    func kinds(line i: Int) -> Label.Kinds {
        if let found = known[i] { return found }
        let found = Label.kinds(in: lines[i].utf8) ?? Self.searched(lines[i].text.lowercased())
        known[i] = found
        return found
    }

    /// The labels whose expressions match `lowered`.
    private static func searched(_ lowered: String) -> Label.Kinds {
        var found: Label.Kinds = []
        for label in Label.allCases where label.regex.matches(anywhereIn: lowered) { found.insert(Label.Kinds(label)) }
        return found
    }
}
