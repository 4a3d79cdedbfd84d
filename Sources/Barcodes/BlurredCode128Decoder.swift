import Foundation

/// Reads Code 128 symbols too blurred for a decoder that thresholds bar widths (a photo whose
/// narrow spaces have filled in): parallel scan lines across the bars, each fitted by
/// ``Code128BlurModel`` (the start and stop characters place the symbol, its module width and
/// blur; each character position's 103 values are then costed), the costs of the lines that put
/// the symbol at the same place summed, and the values chosen jointly under the check character
/// (modulo 103). Pure Swift over 8-bit gray pixels, in the manner of ``BlurredEANDecoder``.
///
/// Accepted only when several lines found the symbol at the same place and size, the best
/// valid sequence beats the next valid one by a clear margin (in units of the lines' noise),
/// enough lines read the same sequence alone, and the values encode text
/// (``Code128Patterns/text(start:data:)``).
package enum BlurredCode128Decoder {
    package struct Read: Sendable, Equatable {
        package var text: String
        /// FNC1 first (GS1-128).
        package var gs1: Bool
        /// Start, data and check values.
        package var values: [Int]
        /// tl, tr, br, bl along the reading direction, in the area's pixels.
        package var corners: [BlurredEANDecoder.Point2]
        package var margin: Double
        package var lines: Int
        package var agreeing: Int
    }

    static let minLines = 3
    package static let minAgreeing = 3
    static let minAgreeingShare = 0.5
    static let minMargin = 40.0
    static let minMarginPerLine = 9.0
    /// The first look: the best-placed start and stop characters must leave at most this share
    /// of the ink's variance over them unexplained.
    static let maxGuardShare = 0.25
    /// A line whose residual is more than this share of its ink variance does not show a symbol.
    static let maxRelativeResidual = 0.35
    static let minInk = 0.3, maxInk = 0.75
    /// Module widths tried, in pixels.
    static let moduleRange = 1.2...6.0
    /// Characters (start, data, check) tried: the bars between the outer edges say how many
    /// there are at least (three a character, four in the stop; blur merges some, never adds).
    static let maxCharacters = 30
    static let extraCharacters = 3
    static let maxLines = 60
    static let firstLookLines = 8
    static let probeLines = 20

    struct LineFit {
        var geometry: Code128BlurModel.Geometry
        var startValue: Int
        var backwards: Bool
        var along: Double
        /// One row a character position (data and check), 103 costs each, in noise units.
        var costs: [[Double]]
        var profile: ScanProfile
        var relativeResidual: Double
    }

    /// The symbols in a gray area whose bars run across `angle`'s normal.
    package static func read(width: Int, height: Int, bytes: [UInt8], angle: Double, spacing: Double = 2) -> [Read] {
        var profiles = ScanProfile.lines(width: width, height: height, bytes: bytes, angle: angle, spacing: spacing, minLength: 70)
        if profiles.count > maxLines {
            profiles = (0..<maxLines).map { profiles[$0 * profiles.count / maxLines] }
        }
        func spread(_ count: Int) -> [Int] { (0..<min(count, profiles.count)).map { $0 * profiles.count / min(count, profiles.count) } }
        let firstLook = spread(firstLookLines)
        var fits = firstLook.flatMap { fitLine(profiles[$0]) }
        guard hasGroup(fits, lines: 2) else { return [] }
        let probe = Set(spread(probeLines)).union(firstLook)
        fits += probe.subtracting(firstLook).sorted().flatMap { fitLine(profiles[$0]) }
        guard hasGroup(fits) else { return [] }
        fits += profiles.indices.filter { !probe.contains($0) }.flatMap { fitLine(profiles[$0]) }
        return combine(fits)
    }

    static func hasGroup(_ fits: [LineFit], lines: Int = minLines) -> Bool {
        fits.contains { seed in fits.filter { sameSymbol($0, seed) }.count >= lines }
    }

    static func sameSymbol(_ fit: LineFit, _ seed: LineFit) -> Bool {
        fit.backwards == seed.backwards && fit.startValue == seed.startValue
            && fit.geometry.characters == seed.geometry.characters
            && abs(fit.along - seed.along) <= 1.5 * seed.geometry.module
            && abs(fit.geometry.module - seed.geometry.module) <= 0.04 * seed.geometry.module
    }

    /// The best Code 128 fit on a line read each way (none, one or two).
    static func fitLine(_ profile: ScanProfile) -> [LineFit] {
        guard let ink = BlurredEANDecoder.ink(profile.samples) else { return [] }
        return [false, true].compactMap { backwards in
            fitLine(profile, ink: backwards ? ink.reversed() : ink, backwards: backwards)
        }
    }

    static func fitLine(_ profile: ScanProfile, ink: [Double], backwards: Bool) -> LineFit? {
        let n = ink.count
        var smooth = ink
        for j in 1..<(n - 1) { smooth[j] = 0.25 * ink[j - 1] + 0.5 * ink[j] + 0.25 * ink[j + 1] }
        var gradient = [Double](repeating: 0, count: n)
        for j in 1..<(n - 1) { gradient[j] = (smooth[j + 1] - smooth[j - 1]) / 2 }
        var prefix = [Double](repeating: 0, count: n + 1)
        for j in 0..<n { prefix[j + 1] = prefix[j] + ink[j] }
        func quiet(_ lo: Int, _ hi: Int) -> Bool {
            let a = max(0, lo), b = min(n, hi)
            return b - a >= 3 && (prefix[b] - prefix[a]) / Double(b - a) < 0.4
        }
        var rising: [Int] = [], falling: [Int] = [], risingAll: [Int] = []
        for j in 2..<(n - 2) {
            if gradient[j] > 0.05, gradient[j] >= gradient[j - 1], gradient[j] > gradient[j + 1] {
                risingAll.append(j)
                if quiet(j - 10, j - 1) { rising.append(j) }
            }
            if gradient[j] < -0.05, gradient[j] <= gradient[j - 1], gradient[j] < gradient[j + 1], quiet(j + 2, j + 11) { falling.append(j) }
        }
        var candidates: [(cost: Double, g: Code128BlurModel.Geometry, start: Int)] = []
        for a in rising {
            for b in falling where b - a >= 40 {
                let density = (prefix[b + 1] - prefix[a]) / Double(b + 1 - a)
                guard density >= minInk, density <= maxInk else { continue }
                // Bars seen between the edges: at most 3 a character and 4 in the stop.
                let bars = risingAll.filter { $0 >= a && $0 < b }.count
                let fewest = max(3, (bars - 4 + 2) / 3)
                guard fewest <= maxCharacters else { continue }
                for characters in fewest...min(maxCharacters, fewest + extraCharacters) {
                    let w = Double(b - a) / Double(Code128Patterns.modules(characters: characters))
                    guard moduleRange.contains(w) else { continue }
                    for blur in [0.6, 0.9] {
                        let g = Code128BlurModel.Geometry(start: Double(a) - 0.3 * w, module: w, blur: blur * w, characters: characters)
                        for start in [Code128Patterns.startA, Code128Patterns.startB, Code128Patterns.startC] {
                            guard let fit = Code128BlurModel.guardCost(ink, g, startValue: start) else { continue }
                            candidates.append((fit.cost / Double(fit.samples), g, start))
                        }
                    }
                }
            }
        }
        guard let first = candidates.min(by: { $0.cost < $1.cost }),
              let span = Code128BlurModel.sampleRange(first.g.start, first.g.end, count: n),
              first.cost <= maxGuardShare * BlurredEANDecoder.variance(ink, span) else { return nil }
        candidates.sort { $0.cost < $1.cost }
        var best: (cost: Double, g: Code128BlurModel.Geometry, start: Int)?
        for candidate in candidates.prefix(2) {
            guard let refined = refine(ink, candidate.g, start: candidate.start) else { continue }
            if best == nil || refined.cost < best!.cost { best = (refined.cost, refined.g, candidate.start) }
        }
        guard let best, let guards = Code128BlurModel.guardCost(ink, best.g, startValue: best.start),
              let firstPass = Code128BlurModel.characterCosts(ink, best.g, gain: guards.gain, level: guards.level, chosen: nil)
        else { return nil }
        let chosen = [best.start] + firstPass.map { row in row.indices.min { row[$0] < row[$1] }! }
        guard let costs = Code128BlurModel.characterCosts(ink, best.g, gain: guards.gain, level: guards.level, chosen: chosen),
              let symbol = Code128BlurModel.sampleRange(best.g.start, best.g.end, count: n) else { return nil }
        let bestCharacters = costs.map { $0.min()! }.reduce(0, +)
        let samples = Double(guards.samples + costs.count * Int(12 * best.g.module))
        let residual = (bestCharacters + guards.cost) / samples
        let relative = residual / max(BlurredEANDecoder.variance(ink, symbol), 1e-6)
        guard relative <= maxRelativeResidual else { return nil }
        let noise = max(residual, 0.002)
        let start = backwards ? Double(n - 1) - best.g.end : best.g.start
        return LineFit(geometry: best.g, startValue: best.start, backwards: backwards, along: profile.start + start,
                       costs: costs.map { $0.map { $0 / (2 * noise) } }, profile: profile, relativeResidual: relative)
    }

    /// Coordinate descent on start, module width and blur over the guards' cost per sample.
    static func refine(_ ink: [Double], _ g0: Code128BlurModel.Geometry, start: Int) -> (cost: Double, g: Code128BlurModel.Geometry)? {
        func cost(_ g: Code128BlurModel.Geometry) -> Double? {
            guard g.blur >= 0.3 * g.module, g.blur <= 1.6 * g.module, moduleRange.contains(g.module),
                  let fit = Code128BlurModel.guardCost(ink, g, startValue: start) else { return nil }
            return fit.cost / Double(fit.samples)
        }
        let half = Double(g0.modules) / 2
        return CoordinateDescent.minimize(from: g0, steps: [0.5, 0.25, 0.12], maxRounds: 8, moves: { g, step in
            let w = g.module
            return [(step * w, 0.0, 0.0), (-step * w, 0, 0), (0, w * step * 0.01, 0), (0, -w * step * 0.01, 0),
                    (-step * 0.01 * w * half, w * step * 0.01, 0), (step * 0.01 * w * half, -w * step * 0.01, 0),
                    (0, 0, step * 0.4 * w), (0, 0, -step * 0.4 * w)].map { ds, dw, db in
                var move = g
                move.start += ds; move.module += dw; move.blur += db
                return move
            }
        }, cost: cost)
    }

    /// Lines grouped by where the symbol lies, its size, start character and reading direction;
    /// each group's costs summed and decoded under the check character.
    static func combine(_ fits: [LineFit]) -> [Read] {
        var remaining = fits.sorted { $0.relativeResidual < $1.relativeResidual }
        var reads: [Read] = []
        while let seed = remaining.first {
            let group = remaining.filter { sameSymbol($0, seed) }
            remaining.removeAll { fit in group.contains { $0.profile.offset == fit.profile.offset && $0.backwards == fit.backwards } }
            guard group.count >= minLines else { continue }
            var total = seed.costs.map { $0.map { _ in 0.0 } }
            for fit in group { for k in total.indices { for v in total[k].indices { total[k][v] += fit.costs[k][v] } } }
            let ranked = best(total, start: seed.startValue)
            guard let first = ranked.first else { continue }
            let margin = ranked.count > 1 ? ranked[1].cost - first.cost : .infinity
            let agreeing = group.filter { best($0.costs, start: seed.startValue).first?.values == first.values }.count
            guard margin >= minMargin, margin >= minMarginPerLine * Double(agreeing), agreeing >= minAgreeing,
                  Double(agreeing) >= minAgreeingShare * Double(group.count),
                  let text = Code128Patterns.text(start: seed.startValue, data: Array(first.values.dropLast())) else { continue }
            let sorted = group.sorted { $0.profile.offset < $1.profile.offset }
            func ends(_ fit: LineFit) -> (Double, Double) {
                let n = Double(fit.profile.samples.count - 1)
                return fit.backwards ? (n - fit.geometry.start, n - fit.geometry.end) : (fit.geometry.start, fit.geometry.end)
            }
            let top = sorted.first!, bottom = sorted.last!
            let (t0, t1) = ends(top), (b0, b1) = ends(bottom)
            var corners = [top.profile.point(t0), top.profile.point(t1), bottom.profile.point(b1), bottom.profile.point(b0)]
                .map { BlurredEANDecoder.Point2(x: $0.x, y: $0.y) }
            // Read backwards, the reader's top line is the last of the group.
            if seed.backwards { corners = [corners[3], corners[2], corners[1], corners[0]] }
            reads.append(Read(text: text.text, gs1: text.gs1, values: [seed.startValue] + first.values, corners: corners,
                              margin: margin, lines: group.count, agreeing: agreeing))
        }
        return reads
    }

    /// The two cheapest valid value sequences (data values, then the check value) for summed
    /// `costs` (one row a position, the last the check character): a dynamic programme over the
    /// check residue keeping the two best partial sequences per residue.
    static func best(_ costs: [[Double]], start: Int) -> [(cost: Double, values: [Int])] {
        let positions = costs.count - 1
        guard positions >= 1 else { return [] }
        var states: [[(cost: Double, values: [Int])]] = Array(repeating: [], count: 103)
        states[start % 103] = [(0, [])]
        for k in 0..<positions {
            var next: [[(cost: Double, values: [Int])]] = Array(repeating: [], count: 103)
            // Each value's two cheapest ways in: a residue r reached by value v from r − (k+1)v.
            for r in 0..<103 where !states[r].isEmpty {
                for v in 0..<103 {
                    let target = (r + (k + 1) * v) % 103, c = costs[k][v]
                    for state in states[r] {
                        let cost = state.cost + c
                        if next[target].count < 2 {
                            next[target].append((cost, state.values + [v]))
                            next[target].sort { $0.cost < $1.cost }
                        } else if cost < next[target][1].cost {
                            next[target][1] = (cost, state.values + [v])
                            if next[target][1].cost < next[target][0].cost { next[target].swapAt(0, 1) }
                        }
                    }
                }
            }
            states = next
        }
        var result: [(cost: Double, values: [Int])] = []
        for r in 0..<103 { for state in states[r] { result.append((state.cost + costs[positions][r], state.values + [r])) } }
        result.sort { $0.cost < $1.cost }
        return Array(result.prefix(2))
    }
}
