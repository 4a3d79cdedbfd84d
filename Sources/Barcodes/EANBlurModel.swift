import Foundation

/// The EAN-13/UPC-A symbol as modules, and how well one scan line's gray profile matches it
/// when rendered blurred. Pure Swift.
///
/// An EAN-13 is 95 modules between the outer edges of its guards: start guard `101`, six digits
/// of 7 modules (L or G code, the parity pattern says which and gives the first digit), middle
/// guard `01010`, six digits in R code, end guard `101`. Every left-half digit starts with a
/// space and ends with a bar, every right-half digit the reverse: so the module on each side of
/// a digit is known whatever its neighbour is, and a digit can be matched alone.
///
/// The line's ink (0 paper, 1 full bar) is modelled as the bars convolved with a Gaussian of
/// width `sigma` (the camera's defocus and the pixel's own area together); each digit's
/// samples are compared with the 10 patterns of each code, rendered at the line's module width
/// and offset, with a gain and a level fitted per digit (uneven light, glare): the residual sum
/// of squares is the digit's cost for that pattern.
package enum EANBlurModel {
    /// L-code patterns of the digits 0–9 (1 = bar).
    static let lCodes = ["0001101", "0011001", "0010011", "0111101", "0100011",
                         "0110001", "0101111", "0111011", "0110111", "0001011"]
    /// Pattern columns: 0–9 L code, 10–19 G code, 20–29 R code, 30–39 an L code read backwards
    /// (what a left-half L digit looks like when the symbol is scanned right to left; a G digit
    /// read backwards is the R code, an R digit the G code).
    package static let patterns: [[Double]] = {
        let l = lCodes.map { $0.map { $0 == "1" ? 1.0 : 0.0 } }
        let r = l.map { $0.map { 1 - $0 } }
        let g = r.map { Array($0.reversed()) }
        let lBackwards = l.map { Array($0.reversed()) }
        return l + g + r + lBackwards
    }()
    package static let columns = 40
    /// The first digit's parity pattern of the left half (L = false, G = true), digits 0–9.
    package static let parity: [[Bool]] = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG",
                                   "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"].map { $0.map { $0 == "G" } }
    /// Modules between the outer edges of the guards.
    static let modules = 95.0

    /// The first module of digit `i` (0–11) of the symbol.
    static func digitStart(_ i: Int) -> Int { i < 6 ? 3 + 7 * i : 50 + 7 * (i - 6) }

    /// Standard normal distribution function.
    @inline(__always) static func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x * 0.7071067811865476)) }

    /// Geometry of a symbol on a line: sample position of the start guard's outer edge, module
    /// width in samples, blur in modules, and the module width's drift along the symbol (a
    /// symbol seen in perspective or on a curved can: its modules widen from one end to the
    /// other; 0 = even, 0.1 = from 0.9 to 1.1 of `module`, the outer edges staying 95 modules apart).
    struct Geometry: Sendable, Equatable {
        var start: Double
        var module: Double
        var blur: Double
        var drift: Double = 0
        var end: Double { start + EANBlurModel.modules * module }
        /// The sample position of module boundary `m` (0 = the start guard's outer edge, 95 the end guard's).
        @inline(__always) func x(_ m: Double) -> Double {
            start + module * (m + drift * m * (m - EANBlurModel.modules) / EANBlurModel.modules)
        }
    }

    /// The residual of the best gain-and-level fit of `model` to `observed` (gain kept within
    /// 0.4–2: a pattern fitted with an inverted or flattened contrast explains nothing).
    @inline(__always) static func affineFit(_ model: UnsafeBufferPointer<Double>, _ observed: UnsafeBufferPointer<Double>, count: Int) -> (residual: Double, gain: Double, level: Double) {
        var sm = 0.0, so = 0.0
        for j in 0..<count { sm += model[j]; so += observed[j] }
        let n = Double(count), mm = sm / n, mo = so / n
        var smm = 0.0, smo = 0.0, soo = 0.0
        for j in 0..<count {
            let dm = model[j] - mm, dO = observed[j] - mo
            smm += dm * dm; smo += dm * dO; soo += dO * dO
        }
        let gain = smm > 1e-9 ? min(2, max(0.4, smo / smm)) : 0.4
        // Σ(dO − g·dm)² = soo − 2g·smo + g²·smm
        return (max(0, soo - 2 * gain * smo + gain * gain * smm), gain, mo - gain * mm)
    }

    /// Sample indices whose centres fall in [from, to) on a line of `count` samples.
    @inline(__always) static func sampleRange(_ from: Double, _ to: Double, count: Int) -> Range<Int>? {
        let lo = max(0, Int((from).rounded(.up))), hi = min(count, Int((to).rounded(.up)))
        return lo < hi ? lo..<hi : nil
    }

    /// Residual of the known modules `bars` (first at module `firstModule`, nil = unknown, rendered
    /// as half ink) against the samples in modules [from, to).
    static func windowCost(_ ink: [Double], _ g: Geometry, bars: [Double], firstModule: Int, from: Double, to: Double,
                           shift: Double = 0) -> (cost: Double, samples: Int, contrast: Contrast)? {
        let w = g.module, sigma = max(0.2, g.blur * w)
        guard let range = sampleRange(g.x(from + shift), g.x(to + shift), count: ink.count),
              range.count >= 2 else { return nil }
        var model = [Double](repeating: 0, count: range.count), observed = [Double](repeating: 0, count: range.count)
        for (k, j) in range.enumerated() {
            let x = Double(j)
            var value = 0.0
            for (m, bar) in bars.enumerated() where bar > 0 {
                let e0 = g.x(Double(firstModule + m) + shift), e1 = g.x(Double(firstModule + m + 1) + shift)
                value += bar * (phi((x - e0) / sigma) - phi((x - e1) / sigma))
            }
            model[k] = value; observed[k] = ink[j]
        }
        let fit = model.withUnsafeBufferPointer { m in observed.withUnsafeBufferPointer { o in affineFit(m, o, count: range.count) } }
        return (fit.residual, range.count, Contrast(gain: fit.gain, level: fit.level, at: (from + to) / 2))
    }

    /// The ink of full bars and of paper at one place of the symbol (module `at`), from a guard's fit.
    struct Contrast: Sendable, Equatable {
        var gain: Double
        var level: Double
        var at: Double
    }

    /// The three guards' contrasts interpolated to module `m`.
    static func contrast(at m: Double, _ guards: [Contrast]) -> (gain: Double, level: Double) {
        let (a, b) = m < guards[1].at ? (guards[0], guards[1]) : (guards[1], guards[2])
        let t = (m - a.at) / (b.at - a.at)
        return (a.gain + t * (b.gain - a.gain), a.level + t * (b.level - a.level))
    }

    /// The three guards' residual (start with its quiet zone, middle, end with its quiet zone).
    static func guardCost(_ ink: [Double], _ g: Geometry) -> (cost: Double, samples: Int, contrasts: [Contrast])? {
        guard let s = windowCost(ink, g, bars: [0, 0, 1, 0, 1, 0, 0.5], firstModule: -2, from: -1.5, to: 3),
              let m = windowCost(ink, g, bars: [0.5, 1, 0, 1, 0, 1, 0, 1, 0.5], firstModule: 43, from: 45, to: 50),
              let e = windowCost(ink, g, bars: [0.5, 0, 1, 0, 1, 0, 0], firstModule: 90, from: 92, to: 96.5) else { return nil }
        return (s.cost + m.cost + e.cost, s.samples + m.samples + e.samples, [s.contrast, m.contrast, e.contrast])
    }

    /// Per digit (12) and pattern column (40), the residual of the digit's samples, the best over
    /// the `shifts` (in modules: a symbol on a curved or tilted surface drifts from the even
    /// grid), and the number of samples per digit; nil when a digit falls off the line.
    static func digitCosts(_ ink: [Double], _ g: Geometry, contrasts: [Contrast], shifts: [Double] = [0]) -> (costs: [Double], samples: Int)? {
        let w = g.module, sigma = max(0.2, g.blur * w)
        var costs = [Double](repeating: .infinity, count: 12 * columns)
        var samples = 0
        var table: [Double] = [], model: [Double] = [], observed: [Double] = []
        for i in 0..<12 {
            let k = digitStart(i)
            let (before, after): (Double, Double) = i < 6 ? (1, 0) : (0, 1)
            let range = i < 6 ? 0..<20 : 20..<40
            let (gain, level) = contrast(at: Double(k) + 3.5, contrasts)
            for shift in shifts {
                guard let samplesRange = sampleRange(g.x(Double(k) + shift), g.x(Double(k + 7) + shift), count: ink.count),
                      samplesRange.count >= 4 else { return nil }
                let n = samplesRange.count
                samples = max(samples, n)
                // Φ at every sample for the 12 module edges of modules k−2 … k+8.
                table = [Double](repeating: 0, count: 12 * n)
                observed = samplesRange.map { ink[$0] }
                for e in 0..<12 {
                    let edge = g.x(Double(k - 2 + e) + shift)
                    for (q, j) in samplesRange.enumerated() { table[e * n + q] = phi((Double(j) - edge) / sigma) }
                }
                model = [Double](repeating: 0, count: n)
                for c in range {
                    let p = patterns[c]
                    for q in 0..<n {
                        // modules: k−2 unknown (½), k−1 = before, k…k+6 = pattern, k+7 = after, k+8 unknown (½)
                        var v = 0.5 * (table[q] - table[n + q]) + before * (table[n + q] - table[2 * n + q])
                        for m in 0..<7 where p[m] > 0 { v += table[(2 + m) * n + q] - table[(3 + m) * n + q] }
                        v += after * (table[9 * n + q] - table[10 * n + q]) + 0.5 * (table[10 * n + q] - table[11 * n + q])
                        model[q] = v
                    }
                    var cost = 0.0
                    for q in 0..<n { let r = observed[q] - gain * model[q] - level; cost += r * r }
                    costs[i * columns + c] = min(costs[i * columns + c], cost)
                }
            }
        }
        return (costs, samples)
    }

    /// Σ over digits of the best pattern's residual plus the guards': how well the line fits an
    /// EAN symbol at `g` (any digits), and the number of samples behind it.
    static func fitCost(_ ink: [Double], _ g: Geometry) -> (cost: Double, samples: Int)? {
        guard let guards = guardCost(ink, g), let digits = digitCosts(ink, g, contrasts: guards.contrasts) else { return nil }
        var total = guards.cost
        for i in 0..<12 {
            let row = i * columns, range = i < 6 ? 0..<20 : 20..<40
            total += range.map { digits.costs[row + $0] }.min()!
        }
        return (total, guards.samples + 12 * digits.samples)
    }
}
