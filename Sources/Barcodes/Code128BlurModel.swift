import Foundation

/// A Code 128 symbol rendered blurred along one scan line, and how well a line's ink matches
/// it. Pure Swift.
///
/// The ink (0 paper, 1 full bar) is modelled as the bars convolved with a Gaussian of width
/// `blur` (samples), scaled by a gain and raised by a level fitted to the start and stop
/// characters (whose patterns are known). Because the bars of neighbouring characters do not
/// overlap, the blurred symbol is the sum of each character's blurred bars: a character's cost
/// (the residual over its 11 modules and half a module either side) depends on its own pattern
/// and on the bars of the characters beside it, which are taken from a first choice of every
/// character and then from the second.
package enum Code128BlurModel {
    /// Where a symbol lies on a line (in samples): its first bar's leading edge, the module
    /// width, the blur (Gaussian σ, samples) and the number of characters before the stop
    /// (start, data and check).
    struct Geometry: Sendable, Equatable {
        var start: Double
        var module: Double
        var blur: Double
        var characters: Int
        var modules: Int { Code128Patterns.modules(characters: characters) }
        var end: Double { start + Double(modules) * module }
    }

    /// Standard normal distribution function, tabulated (the fits evaluate it millions of times).
    @inline(__always) static func phi(_ z: Double) -> Double {
        if z <= -5 { return 0 }
        if z >= 5 { return 1 }
        let u = (z + 5) * 100, i = Int(u), f = u - Double(i)
        return phiTable[i] + f * (phiTable[i + 1] - phiTable[i])
    }
    private static let phiTable: [Double] = (0...1001).map { 0.5 * (1 + erf((Double($0) / 100 - 5) * 0.7071067811865476)) }

    /// The blurred bars (module offsets from `origin` modules) at samples `range` of a line,
    /// added into `into` (indexed from `range.lowerBound`).
    @inline(__always) static func addBars(_ bars: [(Double, Double)], origin: Double, _ g: Geometry, range: Range<Int>, into: inout [Double]) {
        let inverse = 1 / g.blur
        for (a, b) in bars {
            let left = g.start + (origin + a) * g.module, right = g.start + (origin + b) * g.module
            // Samples farther than 5σ from the bar see none of it.
            let lo = max(range.lowerBound, Int(left - 5 * g.blur)), hi = min(range.upperBound, Int(right + 5 * g.blur) + 1)
            guard lo < hi else { continue }
            for j in lo..<hi {
                let x = Double(j)
                into[j - range.lowerBound] += phi((x - left) * inverse) - phi((x - right) * inverse)
            }
        }
    }

    /// Sample indices whose centres fall in [from, to) on a line of `count` samples.
    @inline(__always) static func sampleRange(_ from: Double, _ to: Double, count: Int) -> Range<Int>? {
        let lo = max(0, Int(from.rounded(.up))), hi = min(count, Int(to.rounded(.up)))
        return lo < hi ? lo..<hi : nil
    }

    /// The fit of the start character `startValue` (with two modules of quiet zone before it and
    /// the next character's first bar after it) and the stop character (with two modules of
    /// quiet zone after it): residual sum of squares, samples, gain and level (gain at least
    /// 0.3: a pattern fitted with an inverted or flat contrast explains nothing). Nil when a
    /// guard leaves the line.
    static func guardCost(_ ink: [Double], _ g: Geometry, startValue: Int) -> (cost: Double, samples: Int, gain: Double, level: Double)? {
        let n = ink.count, m = Double(g.modules)
        guard g.start - 2 * g.module >= 0, g.end + 2 * g.module <= Double(n - 1),
              let head = sampleRange(g.start - 2 * g.module, g.start + 11.5 * g.module, count: n),
              let tail = sampleRange(g.start + (m - 13.5) * g.module, g.start + (m + 2) * g.module, count: n) else { return nil }
        var model = [Double](repeating: 0, count: head.count), modelTail = [Double](repeating: 0, count: tail.count)
        addBars(Code128Patterns.bars(startValue) + [(11, 12)], origin: 0, g, range: head, into: &model)
        addBars(Code128Patterns.bars(Code128Patterns.stop), origin: m - 13, g, range: tail, into: &modelTail)
        // Previous character's last bar: its space is at least one module wide.
        addBars([(m - 15, m - 14)], origin: 0, g, range: tail, into: &modelTail)
        let observed = Array(ink[head]) + Array(ink[tail])
        let fit = affine(model + modelTail, observed)
        guard fit.gain >= 0.3 else { return nil }
        return (fit.residual, observed.count, fit.gain, fit.level)
    }

    /// The least-squares gain and level of `model` to `observed` and the residual sum of squares.
    static func affine(_ model: [Double], _ observed: [Double]) -> (residual: Double, gain: Double, level: Double) {
        let n = Double(model.count)
        let mm = model.reduce(0, +) / n, mo = observed.reduce(0, +) / n
        var smm = 0.0, smo = 0.0, soo = 0.0
        for j in model.indices {
            let dm = model[j] - mm, dO = observed[j] - mo
            smm += dm * dm; smo += dm * dO; soo += dO * dO
        }
        let gain = smm > 1e-9 ? smo / smm : 0
        return (max(0, soo - gain * smo), gain, mo - gain * mm)
    }

    /// The cost of every value (0–102) at each character position 1…characters−1 (data and
    /// check), rendered with the line's gain and level; `chosen` (start value first, one value a
    /// position) gives the neighbours' bars, nil for the first pass, which assumes the narrowest
    /// neighbours (a one-module space before, a one-module bar after).
    static func characterCosts(_ ink: [Double], _ g: Geometry, gain: Double, level: Double, chosen: [Int]?) -> [[Double]]? {
        let n = ink.count, count = g.characters
        var costs: [[Double]] = []
        for k in 1..<count {
            let origin = Double(11 * k)
            guard let range = sampleRange(g.start + (origin - 0.5) * g.module, g.start + (origin + 11.5) * g.module, count: n) else { return nil }
            var base = [Double](repeating: 0, count: range.count)
            if let chosen {
                addBars(Code128Patterns.bars(chosen[k - 1]), origin: origin - 11, g, range: range, into: &base)
            } else {
                addBars([(-3, -1)], origin: origin, g, range: range, into: &base)
            }
            if k + 1 < count {
                addBars(chosen.map { Code128Patterns.bars($0[k + 1]) } ?? [(0, 1.5)], origin: origin + 11, g, range: range, into: &base)
            } else {
                addBars(Code128Patterns.bars(Code128Patterns.stop), origin: origin + 11, g, range: range, into: &base)
            }
            var row = [Double](repeating: 0, count: Code128Patterns.symbolValues)
            var model = base
            for v in 0..<Code128Patterns.symbolValues {
                for j in model.indices { model[j] = base[j] }
                addBars(Code128Patterns.bars(v), origin: origin, g, range: range, into: &model)
                var sum = 0.0
                for j in model.indices {
                    let e = ink[range.lowerBound + j] - (level + gain * model[j])
                    sum += e * e
                }
                row[v] = sum
            }
            costs.append(row)
        }
        return costs
    }
}
