/// The characters of a GS1 DataBar Limited symbol, from their element widths (ISO/IEC 24724).
///
/// A Limited symbol, left to right: the left guard (1 space, 1 bar), the left data character
/// (26 modules, 7 spaces and 7 bars, a space first), the check character (18 modules, 14
/// elements: one of 89 patterns), the right data character (26 modules, read left to right as
/// well: unlike DataBar's right half it is not mirrored) and the right guard (1 space, 1 bar),
/// then at least 5 modules of space. Widths here are in that order; a character's "odd"
/// elements are its 1st, 3rd, … (spaces), its "even" ones the 2nd, 4th, … (bars). Pure Swift.
package enum DataBarLimitedCharacters {
    /// The data characters' groups (ISO/IEC 24724, the table of DataBar Limited character sets):
    /// first value, odd-element modules, widest odd element, number of even subsets. The even
    /// elements sum to 26 − odd and are at most 9 − widest odd wide.
    static let groups: [(first: Int, oddModules: Int, oddWidest: Int, evenSubsets: Int)] = [
        (0, 17, 6, 28), (183_064, 13, 5, 728), (820_064, 9, 3, 6454), (1_000_776, 15, 5, 203),
        (1_491_021, 11, 4, 2408), (1_979_845, 19, 8, 1), (1_996_939, 7, 1, 16_632),
    ]

    /// Values a data character can take: 0 ..< this.
    static let characterValues = 2_013_571

    /// The 89 check characters' widths (modules, left to right, a space first), the pattern at
    /// index k standing for a checksum of k.
    static let checkPatterns: [[Int]] = [
        "11111111113311", "11111111123211", "11111111133111", "11111112113211", "11111112123111", "11111113113111",
        "11111211113211", "11111211123111", "11111212113111", "11111311113111", "11121111113211", "11121111123111",
        "11121112113111", "11121211113111", "11131111113111", "12111111113211", "12111111123111", "12111112113111",
        "12111211113111", "12121111113111", "13111111113111", "11111111212311", "11111111222211", "11111111232111",
        "11111112212211", "11111112222111", "11111113212111", "11111211212211", "11111211222111", "11111212212111",
        "11111311212111", "11121111212211", "11121111222111", "11121112212111", "11121211212111", "11131111212111",
        "12111111212211", "12111111222111", "12111112212111", "12111211212111", "12121111212111", "13111111212111",
        "11111111311311", "11111111321211", "11111112311211", "11121111311211", "12111111311211", "11111121112311",
        "11111121122211", "11111121132111", "11111122112211", "11121121112211", "11121121122111", "11121122112111",
        "11121221112111", "11131121112111", "12111121112211", "12111121122111", "12121121112111", "11112111112311",
        "11112111122211", "11112111132111", "11112112112211", "11112112122111", "11112211112211", "12112111112211",
        "12112111122111", "12112112112111", "12112211112111", "12122111112111", "13112111112111", "11211111112311",
        "11211111122211", "11211111132111", "11211112112211", "11211112122111", "11211113112111", "11211211112211",
        "11211211122111", "11221111112211", "21111111122211", "21111111132111", "21111112112211", "21111112122111",
        "21111113112111", "21111211122111", "21111212112111", "21121111122111", "21111111221211",
    ].map { $0.compactMap(\.wholeNumberValue) }

    /// The check character (its index 0…88, the checksum it stands for) these 14 widths make,
    /// with the line's module size and ink spread (how much wider each bar, and narrower each
    /// space, is than its modules); nil when no pattern lies within ``checkTolerance`` modules
    /// of every element (the spread allowed for).
    static func check(_ widths: [Double]) -> (index: Int, module: Double, spread: Double)? {
        guard widths.count == 14 else { return nil }
        var best: (index: Int, module: Double, spread: Double, error: Double)?
        for (index, pattern) in checkPatterns.enumerated() {
            guard let fit = DataBarCharacters.fit(widths, modules: pattern, firstDark: false),
                  fit.worst < checkTolerance, fit.worst < best?.error ?? .infinity else { continue }
            best = (index, fit.module, fit.spread, fit.worst)
        }
        return best.map { ($0.index, $0.module, $0.spread) }
    }

    /// How far (modules) a check character's element may be from its pattern's width.
    static let checkTolerance = 0.5

    /// The data character these 14 widths (the spread taken off) make, or nil when no valid
    /// character lies within ``characterTolerance`` modules of every element: the widths are
    /// rounded to whole modules under each group's rules (26 modules, the odd and even
    /// elements' sums of the group, no element wider than the group allows) and the rounding
    /// nearest the measured widths is taken. The checksum share is Σ width × 3^index.
    static func character(_ widths: [Double]) -> DataBarCharacters.Character? {
        guard widths.count == 14 else { return nil }
        let module = widths.reduce(0, +) / 26
        guard module > 0 else { return nil }
        let odd = stride(from: 0, to: 14, by: 2).map { widths[$0] / module }
        let even = stride(from: 1, to: 14, by: 2).map { widths[$0] / module }
        var best: (character: DataBarCharacters.Character, error: Double)?
        for group in groups {
            let evenWidest = 9 - group.oddWidest
            guard let o = DataBarCharacters.rounded(odd, sum: group.oddModules, widest: group.oddWidest),
                  let e = DataBarCharacters.rounded(even, sum: 26 - group.oddModules, widest: evenWidest) else { continue }
            let error = max(o.error, e.error)
            guard error < characterTolerance, error < best?.error ?? .infinity else { continue }
            let value = group.first + DataBarCharacters.rssValue(o.widths, widest: group.oddWidest, noNarrow: false) * group.evenSubsets
                + DataBarCharacters.rssValue(e.widths, widest: evenWidest, noNarrow: true)
            var checksum = 0, weight = 1
            for k in 0..<14 {
                checksum += (k % 2 == 0 ? o.widths[k / 2] : e.widths[k / 2]) * weight
                weight *= 3
            }
            best = (DataBarCharacters.Character(value: value, checksum: checksum), error)
        }
        return best?.character
    }

    /// How far (modules) a data character's element may be from its whole width.
    static let characterTolerance = 0.55

    /// The symbol checksum: the two data characters' weighted widths (the right one's weights
    /// 3^14 … 3^27, i.e. 20 × its own, modulo 89) modulo 89 is the check character's index.
    static func checksumHolds(left: DataBarCharacters.Character, right: DataBarCharacters.Character, check: Int) -> Bool {
        (left.checksum + 20 * right.checksum) % 89 == check
    }

    /// The GTIN-14 of the two data characters: the 13 digits of 2,013,571 × left + right (the
    /// first the indicator digit 0 or 1; a symbol linked to a 2D component adds
    /// ``linkageOffset``, taken off here), then the check digit; nil beyond 13 digits.
    static func gtin(left: Int, right: Int) -> String? {
        var number = characterValues * left + right
        if number >= linkageOffset { number -= linkageOffset }
        guard number <= 1_999_999_999_999 else { return nil }
        return DataBarCharacters.gtin(number)
    }

    /// What the linkage flag (a GS1 Composite's 2D part above the symbol) adds to the number.
    static let linkageOffset = 2_015_133_531_096
}
