import DocumentModel
import Foundation

/// Durations with spelled-out units ("2 hours", "1 hour 30 minutes", "3 days", "1.5 hrs",
/// "2h 30min", "14 Tage") as ISO 8601 durations ("PT2H", "PT1H30M", "P3D", "PT1.5H").
/// A bare "5 s" or "3 m" is not read (seconds or metres).
enum DurationDetector {
    enum Unit: String { case year = "Y", month = "Mo", week = "W", day = "D", hour = "H", minute = "M", second = "S" }

    static let units: [(String, Unit)] = [
        ("years?|yrs?|jahre?n?|ans?|años?|anni|tahun", .year), ("months?|monate?n?|mois|mes(?:es)?|mesi|bulan", .month),
        ("weeks?|wks?|wochen?|semaines?|semanas?|settimane?|minggu", .week), ("days?|tage?n?|jours?|días?|giorni|hari", .day),
        ("hours?|hrs?|stunden?|std|heures?|horas?|ore|jam", .hour), ("minutes?|mins?|minuten?|minutos?|minuti|minit", .minute),
        ("seconds?|secs?|sekunden?|secondes?|segundos?|secondi|saat", .second),
    ]
    static let part = #"(\d+(?:[.,]\d+)?)\s?("# + units.map(\.0).joined(separator: "|") + #")\b"#
    static let spelled = NSRegularExpression.make(#"(?<![\d.,])"# + part + #"(?:,?\s?(?:and\s|und\s|et\s)?"# + part + ")?", caseInsensitive: true)
    static let compact = NSRegularExpression.make(#"(?<![\d.,:])(\d{1,3})\s?h\s?(\d{1,2})\s?(?:min|m)\b"#, caseInsensitive: true)

    /// Each unit's words as a whole-word expression, compiled once.
    static let unitWords: [(NSRegularExpression, Unit)] = units.map { (.make("^(" + $0.0 + ")$", caseInsensitive: true), $0.1) }

    static func unit(_ word: String) -> Unit? {
        for (regex, unit) in unitWords where regex.matches(anywhereIn: word) {
            return unit
        }
        return nil
    }

    static func find(in line: LineText) -> [Candidate] {
        guard mayHoldDuration(line) else { return [] }
        var out: [Candidate] = []
        for m in line.matches(spelled) {
            var parts: [(String, Unit)] = []
            for (n, u) in [(1, 2), (3, 4)] {
                guard let number = m[n], let word = m[u], let unit = unit(word) else { continue }
                parts.append((number.replacingOccurrences(of: ",", with: "."), unit))
            }
            guard let value = iso(parts) else { continue }
            out.append(Candidate(.duration, value, line: line.line, range: m.range, evidence: 0.85))
        }
        for m in line.matches(compact) {
            guard let h = m[1], let min = m[2], let mv = Int(min), mv < 60 else { continue }
            out.append(Candidate(.duration, "PT\(Int(h)!)H\(mv)M", line: line.line, range: m.range, evidence: 0.85))
        }
        return out
    }

    /// The first two letters of every unit word (lower case): a spelled duration's number is
    /// followed by one of them.
    static let unitStarts: Set<[UInt8]> = Set(units.flatMap { $0.0.split(separator: "|").map { Array($0.utf8.prefix(2)) } })

    /// False only where neither pattern can match: an ASCII line where no digit is followed,
    /// right after or past one white-space character, by "h" (the compact form's `\d\s?h`) or
    /// by the first two letters of a unit word, in any case. Lines that are not ASCII are always
    /// searched.
    static func mayHoldDuration(_ line: LineText) -> Bool {
        guard line.isASCII else { return true }
        return TextGates.digitIsFollowed(in: line.utf8) { b, next in
            let lower = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
            guard lower != UInt8(ascii: "h") else { return true }
            guard let next else { return false }
            return unitStarts.contains([lower, next >= 0x41 && next <= 0x5A ? next | 0x20 : next])
        }
    }

    /// "P1Y2M3DT4H5M6S" from the parts; nil when a unit repeats or comes out of order.
    static func iso(_ parts: [(String, Unit)]) -> String? {
        let order: [Unit] = [.year, .month, .week, .day, .hour, .minute, .second]
        guard !parts.isEmpty else { return nil }
        let ranks = parts.map { order.firstIndex(of: $0.1)! }
        guard ranks == ranks.sorted(), Set(ranks).count == ranks.count else { return nil }
        var date = "P", time = ""
        for (number, unit) in parts {
            let n = number.hasSuffix(".0") ? String(number.dropLast(2)) : number
            switch unit {
            case .year: date += n + "Y"
            case .month: date += n + "M"
            case .week: date += n + "W"
            case .day: date += n + "D"
            case .hour: time += n + "H"
            case .minute: time += n + "M"
            case .second: time += n + "S"
            }
        }
        return time.isEmpty ? date : date + "T" + time
    }
}
