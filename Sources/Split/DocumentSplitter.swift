import DocumentModel
import Foundation

/// Cuts an input file's pages into logical documents (a pure function of the pages' signals and
/// the `split:` settings: the same pages always give the same documents).
///
/// Walking the pages in order: a separator page (a separator barcode or patch code, or a blank
/// page when `blank_pages: separator`) ends the current document and starts the next (it is
/// that document's first page only with `keep_separator_pages`); a blank page is left out
/// (`drop`) or kept; with `asn_starts_document` a page carrying an ASN other than the current
/// document's starts a new one. ASNs and tags found on a separator sheet belong to the document
/// it starts. Documents without pages are not made.
public struct DocumentSplitter: Sendable {
    public let settings: SplitSettings
    private let separatorRegexes: [NSRegularExpression?]
    private let tagRegexes: [(NSRegularExpression, String)]

    public init(settings: SplitSettings) {
        self.settings = settings
        separatorRegexes = settings.separators.map { pattern in
            pattern.regex.flatMap { try? NSRegularExpression(pattern: $0) }
        }
        tagRegexes = settings.tags.compactMap { rule in
            (try? NSRegularExpression(pattern: rule.pattern)).map { ($0, Self.template(rule.template)) }
        }
    }

    /// Whether `pattern` compiles as a regular expression (the settings reader checks it).
    public static func isValidRegex(_ pattern: String) -> Bool { (try? NSRegularExpression(pattern: pattern)) != nil }

    /// A Paperless/Python template (`\1`, `\g<1>`) as NSRegularExpression's (`$1`, which also works as written).
    static func template(_ written: String) -> String {
        written.replacingOccurrences(of: #"\\g<(\d+)>"#, with: "\\$$1", options: .regularExpression)
            .replacingOccurrences(of: #"\\(\d)"#, with: "\\$$1", options: .regularExpression)
    }

    // MARK: What one page says

    /// The separator on a page (a barcode's payload, a patch code, or `blank page`), if any.
    public func separator(on page: PageSignals) -> String? {
        for code in page.barcodes where isSeparator(code.payload, symbology: code.symbology) { return code.payload }
        if settings.patchCodes, let patch = page.patchCode, isSeparator(patch, symbology: nil) { return patch }
        if page.blank && settings.blankPages == .separator { return "blank page" }
        return nil
    }

    func isSeparator(_ payload: String, symbology: Symbology?) -> Bool {
        if let symbology, let allowed = settings.separatorSymbologies, !allowed.contains(symbology) { return false }
        for (pattern, regex) in zip(settings.separators, separatorRegexes) {
            if let regex {
                if regex.firstMatch(in: payload, range: NSRange(payload.startIndex..., in: payload)) != nil { return true }
            } else if payload == pattern.written {
                return true
            }
        }
        return false
    }

    /// The ASN labels on a page: numbers, and the payloads with the prefix that are no number.
    public func asns(on page: PageSignals) -> (numbers: [Int], unparsable: [String]) {
        guard !settings.asnPrefix.isEmpty else { return ([], []) }
        var numbers: [Int] = [], bad: [String] = []
        for code in page.barcodes where code.payload.hasPrefix(settings.asnPrefix) {
            let rest = code.payload.dropFirst(settings.asnPrefix.count).trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty, rest.count <= 18, rest.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(rest) {
                if !numbers.contains(n) { numbers.append(n) }
            } else {
                bad.append(code.payload)
            }
        }
        return (numbers, bad)
    }

    /// The tags a page's barcodes give (first matching rule per payload, matched from its start).
    public func tags(on page: PageSignals) -> [String] {
        var tags: [String] = []
        for code in page.barcodes {
            let range = NSRange(code.payload.startIndex..., in: code.payload)
            for (regex, template) in tagRegexes {
                guard let match = regex.firstMatch(in: code.payload, options: .anchored, range: range) else { continue }
                let tag = regex.replacementString(for: match, in: code.payload, offset: 0, template: template)
                    .trimmingCharacters(in: .whitespaces)
                if !tag.isEmpty { tags.append(tag) }
                break
            }
        }
        return tags
    }

    // MARK: The whole file

    public func split(_ pages: [PageSignals]) -> (documents: [LogicalDocument], problems: [SplitProblem]) {
        var documents: [LogicalDocument] = []
        var problems: [SplitProblem] = []
        var current = Open()
        func close() {
            if !current.pages.isEmpty {
                documents.append(LogicalDocument(part: documents.count + 1, pages: current.pages, separator: current.separator,
                                                 separatorPage: current.separatorPage, asn: current.asn,
                                                 tags: Array(Set(current.tags)).sorted()))
            }
        }
        for (index, page) in pages.sorted(by: { $0.number < $1.number }).enumerated() {
            let separator = separator(on: page)
            let found = asns(on: page)
            for bad in found.unparsable {
                problems.append(SplitProblem(kind: .unparsableASN, page: page.number,
                                             message: "page \(page.number): ASN barcode '\(bad)' is not \(settings.asnPrefix) followed by digits"))
            }
            if index == 0 && separator == nil && settings.requireSeparator {
                problems.append(SplitProblem(kind: .missingSeparator, page: page.number,
                                             message: "page \(page.number): the file does not start with a separator sheet"))
            }
            if let separator {
                close()
                current = Open(separator: separator, separatorPage: page.number)
                if settings.keepSeparatorPages && !page.blank { current.pages.append(page.number) }
            } else if page.blank && settings.blankPages != .keep {
                continue
            } else {
                if settings.asnStartsDocument, let asn = found.numbers.first, !current.pages.isEmpty, current.asn != asn {
                    close()
                    current = Open(separator: "ASN", separatorPage: page.number)
                }
                current.pages.append(page.number)
            }
            for asn in found.numbers {
                if current.asn == nil { current.asn = asn } else if current.asn != asn {
                    problems.append(SplitProblem(kind: .conflictingASN, page: page.number,
                                                 message: "page \(page.number): ASN \(asn) in a document that has ASN \(current.asn!)"))
                }
            }
            current.tags += tags(on: page)
        }
        close()
        return (documents, problems)
    }

    /// The document being gathered.
    private struct Open {
        var separator: String?
        var separatorPage: Int?
        var pages: [Int] = []
        var asn: Int?
        var tags: [String] = []
    }
}
