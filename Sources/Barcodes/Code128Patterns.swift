/// Code 128's symbol characters and how a sequence of their values reads as text (ISO/IEC
/// 15417). Pure Swift.
///
/// Each of the 106 characters (values 0–102 data and function characters, 103–105 the start
/// characters A, B, C) is three bars and three spaces, 11 modules, starting with a bar; the stop
/// character (106) is four bars and three spaces, 13 modules. The check character is the start
/// value plus each data character's value times its position (1, 2, …), modulo 103.
package enum Code128Patterns {
    /// The element widths (modules, bar first) of values 0–106.
    package static let widths: [[Int]] = {
        let table = """
        212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 \
        113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 \
        212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 \
        113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 \
        314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 \
        241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 \
        214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214 \
        211232 2331112
        """
        return table.split(separator: " ").map { $0.compactMap(\.wholeNumberValue) }
    }()

    package static let startA = 103, startB = 104, startC = 105, stop = 106
    /// Values a data or check character can take.
    static let symbolValues = 103
    /// Modules of a symbol of `characters` characters (start, data, check) and the stop.
    static func modules(characters: Int) -> Int { 11 * characters + 13 }

    /// The bars of character `value` as (first, end) module offsets from its start.
    @inline(__always) static func bars(_ value: Int) -> [(Double, Double)] { barTable[value] }
    private static let barTable: [[(Double, Double)]] = widths.map { widths in
        var x = 0, result: [(Double, Double)] = []
        for (k, w) in widths.enumerated() {
            if k % 2 == 0 { result.append((Double(x), Double(x + w))) }
            x += w
        }
        return result
    }

    /// The check character of a start value and data values.
    package static func check(start: Int, data: [Int]) -> Int {
        var sum = start
        for (i, v) in data.enumerated() { sum += (i + 1) * v }
        return sum % 103
    }

    /// The text that a start character and data values (check character excluded) encode, and
    /// whether it is GS1-128 (FNC1 first: left out of the text, later FNC1s as GS, 0x1D). Nil
    /// for sequences a reader should not trust: a start character among the data, FNC2, FNC3 or
    /// FNC4 (extended ASCII), a shift at the end, or nothing encoded.
    package static func text(start: Int, data: [Int]) -> (text: String, gs1: Bool)? {
        enum CodeSet { case a, b, c }
        var set: CodeSet
        switch start {
        case startA: set = .a
        case startB: set = .b
        case startC: set = .c
        default: return nil
        }
        var text = "", gs1 = false, shifted = false
        for (i, v) in data.enumerated() {
            guard v < symbolValues else { return nil }
            let current: CodeSet = shifted ? (set == .a ? .b : .a) : set
            shifted = false
            if v == 102 {                                   // FNC1 in every set
                if i == 0 { gs1 = true } else { text.append("\u{1D}") }
                continue
            }
            switch current {
            case .c:
                switch v {
                case 0..<100: text += v < 10 ? "0\(v)" : "\(v)"
                case 100: set = .b
                case 101: set = .a
                default: return nil
                }
            case .a, .b:
                switch v {
                case 0..<64 where current == .a, 0..<96 where current == .b:
                    text.append(Character(Unicode.Scalar(UInt8(v + 32))))
                case 64..<96 where current == .a:
                    text.append(Character(Unicode.Scalar(UInt8(v - 64))))
                case 98:
                    guard i + 1 < data.count, set != .c else { return nil }
                    shifted = true
                case 99: set = .c
                case 100 where current == .a: set = .b
                case 101 where current == .b: set = .a
                default: return nil                          // FNC2, FNC3, FNC4
                }
            }
        }
        return text.isEmpty ? nil : (text, gs1)
    }
}
