/// The one byte an Aztec rune carries (ISO/IEC 24778, annex: an 11 × 11 compact-Aztec core
/// whose mode-message ring holds the value), read from the core's modules. Pure Swift.
///
/// The ring around the bullseye (the modules 5 from the centre) holds 12 orientation modules,
/// three at each corner (top left all dark, top right two, bottom right one, bottom left none),
/// and 28 message bits: 7 a side, read clockwise from the top left, most significant first. They
/// are 7 words of 4 bits: 2 data words (the value, high nibble first) and 5 Reed–Solomon check
/// words over GF(16) (x⁴ + x + 1, roots α¹…α⁵), every second bit inverted (the first, the
/// third, …), which is what tells a rune's ring from a compact symbol's. Checked against
/// PyPI zxing-cpp 3.1's writer (zint inside) for all 256 values.
package enum AztecRuneMessage {
    /// A module of the 11 × 11 core: row and column from the top left as printed.
    package struct Module: Hashable, Sendable {
        package var row: Int
        package var column: Int
    }

    /// The 12 orientation modules and whether each is dark, as printed.
    static let orientation: [(Module, Bool)] = [
        (Module(row: 0, column: 0), true), (Module(row: 0, column: 1), true), (Module(row: 1, column: 0), true),
        (Module(row: 0, column: 10), true), (Module(row: 1, column: 10), true), (Module(row: 0, column: 9), false),
        (Module(row: 9, column: 10), true), (Module(row: 10, column: 10), false), (Module(row: 10, column: 9), false),
        (Module(row: 10, column: 0), false), (Module(row: 9, column: 0), false), (Module(row: 10, column: 1), false),
    ]

    /// The 28 message modules in reading order: the top side left to right, the right side down,
    /// the bottom side right to left, the left side up.
    static let messageModules: [Module] =
        (2...8).map { Module(row: 0, column: $0) } + (2...8).map { Module(row: $0, column: 10) }
        + (2...8).reversed().map { Module(row: 10, column: $0) } + (2...8).reversed().map { Module(row: $0, column: 0) }

    /// Whether the module at Chebyshev distance `ring` from the centre of the bullseye (0–4) is dark.
    static func bullseyeIsDark(ring: Int) -> Bool { ring % 2 == 0 }

    /// The value 0–255 of the 28 message bits (dark = 1, in ``messageModules`` order), or nil
    /// unless every syndrome of the Reed–Solomon code is zero: no error is corrected (5 check
    /// words for 2 data words would correct 2, but a rune is found by its bullseye alone, and
    /// exact agreement keeps every false read out).
    package static func value(of bits: [Bool]) -> Int? {
        guard bits.count == 28 else { return nil }
        var words = [Int](repeating: 0, count: 7)
        for (i, bit) in bits.enumerated() where bit != (i % 2 == 0) { words[i / 4] |= 8 >> (i % 4) }
        for root in 1...5 {
            var s = 0
            for word in words { s = GF16.multiply(s, GF16.power(root)) ^ word }
            if s != 0 { return nil }
        }
        return words[0] << 4 | words[1]
    }

    /// GF(16) with x⁴ + x + 1.
    enum GF16 {
        static let exp: [Int] = {
            var table = [Int](repeating: 0, count: 15), v = 1
            for i in 0..<15 {
                table[i] = v
                v <<= 1
                if v & 16 != 0 { v ^= 0b10011 }
            }
            return table
        }()
        static let log: [Int] = {
            var table = [Int](repeating: 0, count: 16)
            for (i, v) in exp.enumerated() { table[v] = i }
            return table
        }()
        static func power(_ n: Int) -> Int { exp[n % 15] }
        static func multiply(_ a: Int, _ b: Int) -> Int { a == 0 || b == 0 ? 0 : exp[(log[a] + log[b]) % 15] }
    }
}
