import DocumentModel
import Foundation

/// Times of day ("14:35", "2:30 PM", "14:35:12", "3 pm", "14h30") as ISO 8601 "HH:MM" or
/// "HH:MM:SS" (24-hour clock).
enum TimeDetector {
    static let clock = NSRegularExpression.make(
        #"(?<![\d:.,])([01]?\d|2[0-3])\s?[:h]\s?([0-5]\d)(?::([0-5]\d))?(?:\s?([ap])\.?\s?m\b\.?)?(?![\d:])"#, caseInsensitive: true)
    static let hourOnly = NSRegularExpression.make(#"(?<![\d:.,])(1[0-2]|0?[1-9])\s?([ap])\.?m\b\.?"#, caseInsensitive: true)

    static func find(in line: LineText) -> [Candidate] {
        guard mayHoldTime(line) else { return [] }
        var out: [Candidate] = []
        for m in line.matches(clock) {
            guard var h = Int(m[1] ?? ""), let min = Int(m[2] ?? "") else { continue }
            let text = line.substring(m.range)
            // "h" as the separator is French style: only between digits, as in "14h30".
            if text.lowercased().contains("h"), text.contains(" ") { continue }
            if let meridiem = m[4]?.lowercased() {
                guard (1...12).contains(h) else { continue }
                h = h % 12 + (meridiem == "p" ? 12 : 0)
            }
            var value = String(format: "%02d:%02d", h, min)
            if let s = m[3] { value += ":" + s }
            out.append(Candidate(.time, value, line: line.line, range: m.range, evidence: m[4] != nil || m[3] != nil ? 0.95 : 0.85))
        }
        for m in line.matches(hourOnly) {
            guard let h = Int(m[1] ?? ""), let meridiem = m[2]?.lowercased() else { continue }
            out.append(Candidate(.time, String(format: "%02d:00", h % 12 + (meridiem == "p" ? 12 : 0)),
                                 line: line.line, range: m.range, evidence: 0.85))
        }
        return out
    }

    /// False only where neither pattern can match: an ASCII line where no digit is followed,
    /// right after or past one white-space character, by ":", "h", "a" or "p" in any case (the
    /// clock's `\d\s?[:h]`, the hour's `\d\s?[ap]`). Lines that are not ASCII are always searched.
    static func mayHoldTime(_ line: LineText) -> Bool {
        guard line.isASCII else { return true }
        return TextGates.digitIsFollowed(in: line.utf8) { b, _ in ":hHaApP".utf8.contains(b) }
    }
}
