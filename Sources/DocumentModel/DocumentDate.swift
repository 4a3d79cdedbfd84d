/// The one date that stands for a document (`documents.document_date`), chosen once per
/// document in the document pass from its detected dates, with how it was chosen
/// (`documents.document_date_source`). Pure and deterministic: the same detections give the
/// same date.
public struct DocumentDate: Sendable, Hashable, Codable {
    /// How the date was chosen.
    public enum Source: String, Sendable, Codable, CaseIterable, Hashable {
        /// A date on the first page, in its top quarter (a letterhead's or an invoice header's date).
        case firstPageTop = "first_page_top"
        /// A date whose line names it as the document's date (`Invoice date:`, `Date:`, `Datum`…).
        case labelled
        /// The document's most frequent date (ties: the first in reading order).
        case mostFrequent = "most_frequent"
    }

    /// ISO 8601 (`2024-03-21`, or `2024-03` for a month alone).
    public var value: String
    public var source: Source

    public init(value: String, source: Source) { self.value = value; self.source = source }

    /// One detected date of the document, with where it lies.
    public struct Candidate: Sendable, Equatable {
        public var page: Int
        /// The top of its box as a fraction of the page height (0 = top).
        public var top: Double
        /// Its normalised value (`detected_data.value` of a `date`).
        public var value: String
        /// The text of the line it starts on.
        public var line: String
        public init(page: Int, top: Double, value: String, line: String) {
            self.page = page; self.top = top; self.value = value; self.line = line
        }
    }

    /// Words that name a line's date as the document's own (lowercased, as words).
    static let labels: Set<String> = ["date", "dated", "invoice", "issued", "datum", "rechnungsdatum", "fecha", "data",
                                      "le", "billed", "statement", "letter"]

    /// The date, candidates in reading order (page, then order on the page); nil without any.
    public static func choose(_ candidates: [Candidate]) -> DocumentDate? {
        let dates = candidates.filter { isDate($0.value) }
        guard !dates.isEmpty else { return nil }
        if let top = dates.first(where: { $0.page == 1 && $0.top <= 0.25 }) {
            return DocumentDate(value: top.value, source: .firstPageTop)
        }
        if let labelled = dates.first(where: isLabelled) {
            return DocumentDate(value: labelled.value, source: .labelled)
        }
        var counts: [String: Int] = [:]
        for d in dates { counts[d.value, default: 0] += 1 }
        let best = counts.values.max() ?? 0
        let value = dates.first { counts[$0.value] == best }!.value
        return DocumentDate(value: value, source: .mostFrequent)
    }

    static func isLabelled(_ candidate: Candidate) -> Bool {
        let words = candidate.line.lowercased().split { !$0.isLetter }.map(String.init)
        return words.contains { labels.contains($0) }
    }

    /// `YYYY-MM-DD` or `YYYY-MM`.
    static func isDate(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0].count == 4 else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) } && parts.dropFirst().allSatisfy { $0.count == 2 }
    }
}
