import DocumentModel
import Foundation

/// Flight numbers ("LH 400", "BA0117", "MH 370"): an IATA airline designator (two letters, or a
/// letter and a digit) and 1–4 digits, value without the space and leading zeros of the number
/// ("BA117"). Only in a flight context: a word such as "flight", "boarding" or "departure" on
/// the line or within three lines of it ("gate", "seat" and "terminal" alone are no context: a
/// shop receipt names its payment terminal). The number after "gate", "seat" or "terminal" is
/// not a flight, nor is a number with decimals ("RM 47,70" is money).
enum FlightDetector {
    static let number = NSRegularExpression.make(#"(?<![\w-])([A-Z]{2}|[A-Z]\d|\d[A-Z])(\s?)(\d{1,4})([A-Z]?)(?![\w-]|[.,]\d)"#)
    static let notFlight = NSRegularExpression.make(#"\b(gate|seat|terminal|row|zone|group|class|platform)\s*$"#, caseInsensitive: true)

    static func find(in line: LineText, context pageContext: PageContext) -> [Candidate] {
        guard pageContext.hasLabel(.flight, near: line.line, within: 3) else { return [] }
        var out: [Candidate] = []
        for m in line.matches(number) {
            guard let code = m[1], let digits = m[3], let n = Int(digits) else { continue }
            // "B12" would be ambiguous (designator "B1" + "2"): a designator with a digit needs a space.
            if code.contains(where: \.isNumber) && m[2] == "" { continue }
            let before = line.substring(0..<m.range.lowerBound)
            if notFlight.firstMatch(in: before, range: NSRange(location: 0, length: (before as NSString).length)) != nil { continue }
            out.append(Candidate(.flightNumber, code + String(n) + (m[4] ?? ""), line: line.line, range: m.range, evidence: 0.8))
        }
        return out
    }
}
