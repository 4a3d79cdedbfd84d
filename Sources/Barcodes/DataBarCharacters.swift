/// The characters of a GS1 DataBar (RSS-14) symbol, from their element widths (ISO/IEC 24724).
///
/// A DataBar symbol is 46 elements: a guard, four data characters of 8 elements each (outside
/// 16 modules, inside 15) and two finder patterns of 5 elements (15 modules) between them:
/// guard · outside 1 · finder L · inside 2 · inside 3 · finder R · outside 4 · guard. Each
/// half (a "pair": an outside character, its finder, an inside character) is read the same way
/// in its own direction, the right half from right to left. Widths here are in that reading
/// direction, a character's listed from the element farthest from its finder (index 0) to the
/// one next to it (index 7). Pure Swift.
package enum DataBarCharacters {
    /// The nine finder patterns' first three elements (modules; the last two are always 1, 1).
    static let finders: [[Int]] = [
        [3, 8, 2], [3, 5, 5], [3, 3, 7], [3, 1, 9], [2, 7, 4], [2, 5, 6], [2, 3, 8], [1, 5, 7], [1, 3, 9],
    ]
    /// The finder patterns' five elements (``finders`` and the last two).
    static let finderModules: [[Int]] = finders.map { $0 + [1, 1] }

    /// One data character: its value and its share of the symbol's checksum.
    struct Character: Equatable {
        var value: Int
        /// Σ element width × 3^index (index as above), before the modulo.
        var checksum: Int
    }

    /// The finder pattern (0…8) whose widths these five are, in the reading direction, its
    /// module size and the ink spread of the line (how much wider each dark element is, and each
    /// light element narrower, than its modules: photos of printed symbols show bars thinner or
    /// thicker than they are); nil when none fits: every element within ``finderTolerance``
    /// modules of the pattern's once spread is allowed for, and the spread under ``maxSpread``.
    ///
    /// `firstDark`: the first of the five is dark (a right half's finder) or light (a left half's).
    ///
    /// Called at every element of every scan line through a code-like region: `widths` is a
    /// slice of the line's widths, and the patterns are built once (a copy of the five widths
    /// and nine patterns built for each call were 15 % of the barcode stage on a text page).
    static func finder<Widths: Collection<Double>>(_ widths: Widths, firstDark: Bool) -> (index: Int, module: Double, spread: Double)? {
        guard widths.count == 5 else { return nil }
        var best: (index: Int, module: Double, spread: Double, error: Double)?
        for (index, pattern) in finderModules.enumerated() {
            guard let fit = fit(widths, modules: pattern, firstDark: firstDark),
                  fit.worst < finderTolerance, fit.worst < best?.error ?? .infinity else { continue }
            best = (index, fit.module, fit.spread, fit.worst)
        }
        return best.map { ($0.index, $0.module, $0.spread) }
    }

    /// The module size and ink spread that best explain `widths` as elements of `modules`
    /// modules (least squares of width ≈ module × modules + spread × colour, colour +1 for a
    /// dark element, −1 for a light one; the first is dark when `firstDark`) and the largest
    /// distance (modules) of one element from its fit; nil when no positive module fits or the
    /// spread is not under ``maxSpread``.
    static func fit<Widths: Collection<Double>>(_ widths: Widths, modules: [Int], firstDark: Bool) -> (module: Double, spread: Double, worst: Double)? {
        guard widths.count == modules.count else { return nil }
        var pp = 0.0, pc = 0.0, cc = 0.0, pw = 0.0, cw = 0.0
        for (k, width) in widths.enumerated() {
            let p = Double(modules[k]), c: Double = (k % 2 == 0) == firstDark ? 1 : -1
            pp += p * p; pc += p * c; cc += c * c; pw += p * width; cw += c * width
        }
        let determinant = pp * cc - pc * pc
        guard determinant != 0 else { return nil }
        let module = (pw * cc - cw * pc) / determinant, spread = (pp * cw - pc * pw) / determinant
        guard module > 0, abs(spread) < maxSpread * module else { return nil }
        var worst = 0.0
        for (k, width) in widths.enumerated() {
            let c: Double = (k % 2 == 0) == firstDark ? 1 : -1
            worst = max(worst, abs(width - module * Double(modules[k]) - spread * c) / module)
        }
        return (module, spread, worst)
    }

    /// The largest ink spread allowed, in modules.
    static let maxSpread = 0.45

    /// How far (modules) a finder element may be from its pattern's width.
    static let finderTolerance = 0.4

    /// The outside characters' groups: first value, odd-element modules, widest odd element,
    /// number of even subsets (the inside groups: first value, even-element modules, widest odd
    /// element, number of odd subsets). ISO/IEC 24724, table 3.
    private static let outsideGroups: [(first: Int, oddModules: Int, oddWidest: Int, evenSubsets: Int)] = [
        (0, 12, 8, 1), (161, 10, 6, 10), (961, 8, 4, 34), (2015, 6, 3, 70), (2715, 4, 1, 126),
    ]
    private static let insideGroups: [(first: Int, evenModules: Int, oddWidest: Int, oddSubsets: Int)] = [
        (0, 10, 2, 4), (336, 8, 4, 20), (1036, 6, 6, 48), (1516, 4, 8, 81),
    ]

    /// The data character these eight widths make (outside: 16 modules; inside: 15), or nil when
    /// no valid character lies within ``characterTolerance`` modules of every element.
    ///
    /// The widths are rounded to whole modules under the character's rules (sum 16 or 15, the
    /// odd and even elements' sums of one group, no element wider than its group allows); among
    /// the valid roundings the one nearest the measured widths is taken.
    static func character(_ widths: [Double], outside: Bool) -> Character? {
        guard widths.count == 8 else { return nil }
        let total = outside ? 16 : 15
        let module = widths.reduce(0, +) / Double(total)
        guard module > 0 else { return nil }
        let odd = stride(from: 0, to: 8, by: 2).map { widths[$0] / module }
        let even = stride(from: 1, to: 8, by: 2).map { widths[$0] / module }
        var best: (character: Character, error: Double)?
        let groups = outside ? outsideGroups.map { ($0.first, $0.oddModules, $0.oddWidest, $0.evenSubsets) }
            : insideGroups.map { ($0.first, total - $0.evenModules, $0.oddWidest, $0.oddSubsets) }
        for (first, oddModules, oddWidest, subsets) in groups {
            let evenModules = total - oddModules, evenWidest = 9 - oddWidest
            guard let o = rounded(odd, sum: oddModules, widest: oddWidest),
                  let e = rounded(even, sum: evenModules, widest: evenWidest) else { continue }
            let error = max(o.error, e.error)
            guard error < characterTolerance, error < best?.error ?? .infinity else { continue }
            let value: Int
            if outside {
                value = first + rssValue(o.widths, widest: oddWidest, noNarrow: false) * subsets
                    + rssValue(e.widths, widest: evenWidest, noNarrow: true)
            } else {
                value = first + rssValue(e.widths, widest: evenWidest, noNarrow: false) * subsets
                    + rssValue(o.widths, widest: oddWidest, noNarrow: true)
            }
            var checksum = 0, weight = 1
            for k in 0..<8 {
                checksum += (k % 2 == 0 ? o.widths[k / 2] : e.widths[k / 2]) * weight
                weight *= 3
            }
            best = (Character(value: value, checksum: checksum), error)
        }
        return best?.character
    }

    /// How far (modules) a data character's element may be from its whole width.
    static let characterTolerance = 0.62

    /// The whole widths (each 1…`widest`) summing to `sum` nearest to `measured` (largest
    /// remainders first), and the largest distance of one element from its measure.
    static func rounded(_ measured: [Double], sum: Int, widest: Int) -> (widths: [Int], error: Double)? {
        var widths = measured.map { min(widest, max(1, Int($0.rounded()))) }
        var difference = sum - widths.reduce(0, +)
        while difference != 0 {
            // Grow the element most under its measure (or shrink the one most over it).
            let step = difference > 0 ? 1 : -1
            let candidates = widths.indices.filter { widths[$0] + step >= 1 && widths[$0] + step <= widest }
            guard let k = candidates.max(by: { (measured[$0] - Double(widths[$0])) * Double(step)
                < (measured[$1] - Double(widths[$1])) * Double(step) }) else { return nil }
            widths[k] += step
            difference -= step
        }
        let error = widths.indices.map { abs(measured[$0] - Double(widths[$0])) }.max() ?? 0
        return (widths, error)
    }

    /// The value of `widths` among all sets of as many elements with the same sum, each at most
    /// `widest` wide (and, `noNarrow`, with at least one element of 1 module): ISO/IEC 24724,
    /// annex B (the inverse of its `getRSSwidths`).
    package static func rssValue(_ widths: [Int], widest: Int, noNarrow: Bool) -> Int {
        let count = widths.count
        var remaining = widths.reduce(0, +)
        var value = 0
        var narrowMask = 0
        for element in 0..<(count - 1) {
            narrowMask |= 1 << element
            var width = 1
            while width < widths[element] {
                var sub = combinations(remaining - width - 1, count - element - 2)
                if noNarrow, narrowMask == 0, remaining - width - (count - element - 1) >= count - element - 1 {
                    sub -= combinations(remaining - width - (count - element), count - element - 2)
                }
                if count - element - 1 > 1 {
                    var less = 0
                    var largest = remaining - width - (count - element - 2)
                    while largest > widest {
                        less += combinations(remaining - width - largest - 1, count - element - 3)
                        largest -= 1
                    }
                    sub -= less * (count - 1 - element)
                } else if remaining - width > widest {
                    sub -= 1
                }
                value += sub
                width += 1
                narrowMask &= ~(1 << element)
            }
            remaining -= width
        }
        return value
    }

    /// The GTIN-14 of a symbol's 13-digit number: its digits (zero-padded), then the check
    /// digit (weights 3, 1 from the left).
    static func gtin(_ number: Int) -> String {
        let text = String(number)
        let digits = String(repeating: "0", count: max(0, 13 - text.count)) + text
        var sum = 0
        for (i, c) in digits.enumerated() { sum += (c.wholeNumberValue ?? 0) * (i % 2 == 0 ? 3 : 1) }
        return digits + String((10 - sum % 10) % 10)
    }

    /// n choose r (0 when r < 0 or r > n).
    static func combinations(_ n: Int, _ r: Int) -> Int {
        guard r >= 0, n >= r else { return 0 }
        let k = min(r, n - r)
        var result = 1
        for i in 0..<k { result = result * (n - i) / (i + 1) }
        return result
    }
}
