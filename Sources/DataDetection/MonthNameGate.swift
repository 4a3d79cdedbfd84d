/// A cheap test run before the month-name date patterns (`DateDetector.monthRegexes`): each of
/// them holds the month name as `(name)\.?(?![a-z])`, case-insensitive. On an ASCII line, with
/// ASCII month names, a match needs one of the names in any case not followed by a letter
/// ("Mar 2024", "March, 2024"; not "market", "decision", "summary"). Lines that are not ASCII,
/// and locales with names that are not, are always searched (ICU's case-insensitive matching
/// folds some non-ASCII letters to ASCII ones: "ſ" to "s", "ß" to "ss").
struct MonthNameGate: Sendable {
    /// The names' bytes, by first byte; nil when a name is not ASCII (the gate is then open).
    private let byFirst: [UInt8: [[UInt8]]]?

    init(names: [String]) {
        let bytes = names.map { Array($0.utf8) }
        guard bytes.allSatisfy({ $0.allSatisfy { $0 < 0x80 } && !$0.isEmpty }) else { byFirst = nil; return }
        byFirst = Dictionary(grouping: bytes.map { $0.map(Self.lower) }, by: { $0[0] })
    }

    private static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
    private static func isLetter(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }

    /// False only where none of the month-name patterns can match `text`.
    func mayHoldMonthName(_ text: String) -> Bool { mayHoldMonthName(Array(text.utf8)) }

    /// The same, from the text's UTF-8 bytes.
    func mayHoldMonthName(_ bytes: [UInt8]) -> Bool {
        guard let byFirst else { return true }
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return true }
        for i in bytes.indices {
            guard let names = byFirst[Self.lower(bytes[i])] else { continue }
            for name in names where i + name.count <= bytes.count && zip(bytes[i..<i + name.count], name).allSatisfy({ Self.lower($0) == $1 }) {
                let end = i + name.count
                if end == bytes.count || !Self.isLetter(Self.lower(bytes[end])) { return true }
            }
        }
        return false
    }
}
