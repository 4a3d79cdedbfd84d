import DocumentModel
/// A match before overlaps are resolved: a type, a value and where it is (one UTF-16 range per
/// line it spans), with how strong its evidence is.
struct Candidate {
    struct Span: Hashable { var line: Int; var range: Range<Int> }

    var type: DataType
    var value: String
    var currency: String? = nil
    var carrier: String? = nil
    var spans: [Span]
    /// 0...1: how sure the match is from its form and context alone (OCR confidence comes later).
    var evidence: Double

    init(_ type: DataType, _ value: String, line: Int, range: Range<Int>, evidence: Double,
         currency: String? = nil, carrier: String? = nil) {
        self.type = type; self.value = value; self.spans = [Span(line: line, range: range)]
        self.evidence = evidence; self.currency = currency; self.carrier = carrier
    }

    init(_ type: DataType, _ value: String, spans: [Span], evidence: Double) {
        self.type = type; self.value = value; self.spans = spans; self.evidence = evidence
    }

    /// Which match keeps overlapping text: identifiers proven by a check digit first, then
    /// the structured forms, and free-form amounts and flight numbers last.
    var priority: Int {
        switch type {
        case .iban, .trackingNumber, .isbn, .issn, .vatID: return 9
        case .email: return 8
        case .url: return 7
        case .dateRange: return 6
        case .date: return 5
        case .time: return 4
        case .phone: return 3
        case .money, .duration: return 2
        case .flightNumber: return 1
        case .address: return 0
        }
    }

    var length: Int { spans.reduce(0) { $0 + $1.range.count } }

    func overlaps(_ other: Candidate) -> Bool {
        for a in spans { for b in other.spans where a.line == b.line && a.range.overlaps(b.range) { return true } }
        return false
    }
}
