import Foundation

/// Reads EAN-13 and UPC-A symbols too blurred, or with modules too small (about 1 px), for a
/// decoder that thresholds bar widths: many parallel scan lines across the bars, each fitted by
/// the blurred model of ``EANBlurModel`` (guards' position, module width and blur), the digit
/// costs of the lines that agree summed, and the digits chosen jointly under the parity pattern
/// and the check digit. Pure Swift over 8-bit gray pixels.
///
/// A read is accepted only when several lines found the symbol at the same place and size, the
/// lines fit the model well, the best digits beat the best other valid number by a clear margin
/// (``minMargin``, in units of the lines' noise), and some lines read the same number alone.
package enum BlurredEANDecoder {
    /// One symbol read: its 13 digits (a UPC-A has a leading 0) and its corners (tl, tr, br, bl
    /// along the reading direction) in the area's pixels.
    package struct Read: Sendable, Equatable {
        package var digits: String
        package var corners: [Point2]
        /// Cost gap between the number read and the best other valid number (noise units).
        package var margin: Double
        /// Lines behind the read, and how many read the same number alone.
        package var lines: Int
        package var agreeing: Int
    }

    package struct Point2: Sendable, Equatable {
        package var x: Double
        package var y: Double
    }

    /// Thresholds (checked on generated blurred symbols and on code-free text, halftone and
    /// ruling images: see Tests/BarcodesTests/BlurredEANTests.swift).
    static let minLines = 3
    static let minAgreeing = 3
    /// At least this share of the lines read the number alone.
    static let minAgreeingShare = 0.5
    static let minMargin = 40.0
    /// The margin grows with the lines that agree: at least this much for each.
    static let minMarginPerLine = 9.0
    /// The first look at a line: its best-placed guards (before refinement) must leave at most
    /// this share of the ink's variance between them unexplained (lines across the codes of the
    /// fixtures and the dev photos: 90 % under 0.035; across text, a quarter over 0.18).
    static let maxGuardShare = 0.2
    /// A line whose residual is more than this share of its ink variance does not show a symbol.
    static let maxRelativeResidual = 0.35
    /// The mean ink between a symbol's outer edges (0 paper, 1 bar): a code is about half bars.
    static let minInk = 0.3
    static let maxInk = 0.75
    /// The module width may drift along a symbol (``EANBlurModel/Geometry/drift``, perspective
    /// or a curved surface) by at most this much either way; each step of the refinement moves
    /// it by this share of the step.
    static let maxDrift = 0.15
    static let driftStep = 0.04
    /// With the drift fitted, the first look tries these drifts on every placement.
    static let firstLookDrifts = [-0.12, -0.06, 0.06, 0.12]
    /// Module widths tried, in pixels.
    static let moduleRange = 0.7...3.5

    /// A line's fit: the geometry and per-digit costs, normalised by the line's noise.
    struct LineFit {
        var geometry: EANBlurModel.Geometry
        var along: Double          // the start guard's position along the direction (shared by parallel lines)
        var costs: [Double]        // 12 × 40, in noise units
        var profile: ScanProfile
        var relativeResidual: Double
    }

    /// At most this many scan lines are fitted in one area.
    static let maxLines = 60
    /// The first look: this many lines spread over the area; unless ``minLines`` of them find a
    /// symbol at the same place and size, the area is given up (most areas hold none).
    static let probeLines = 20
    /// The very first look: this many lines, two of which must agree.
    static let firstLookLines = 8

    /// The work one read did: lines looked at, and lines whose guards passed the first look and
    /// were refined (the costly part).
    package struct Effort: Sendable, Equatable {
        package var linesLooked = 0
        package var linesRefined = 0
        /// Areas read a second time with the module width's drift fitted.
        package var driftRetries = 0
        package init() {}
    }

    /// The symbols in a gray area whose bars run across `angle`'s normal (see ``ScanProfile/dominantAngle``).
    package static func read(width: Int, height: Int, bytes: [UInt8], angle: Double, spacing: Double = 2) -> [Read] {
        var effort = Effort()
        return read(width: width, height: height, bytes: bytes, angle: angle, spacing: spacing, effort: &effort)
    }

    /// ``read(width:height:bytes:angle:spacing:)``, counting its work in `effort`. With
    /// `driftRetry`, an area whose lines find a symbol and read no number is read again with
    /// the module width's drift fitted (``EANBlurModel/Geometry/drift``).
    package static func read(width: Int, height: Int, bytes: [UInt8], angle: Double, spacing: Double = 2,
                             driftRetry: Bool = true, effort: inout Effort) -> [Read] {
        var profiles = ScanProfile.lines(width: width, height: height, bytes: bytes, angle: angle, spacing: spacing, minLength: 70)
        if profiles.count > maxLines {
            profiles = (0..<maxLines).map { profiles[$0 * profiles.count / maxLines] }
        }
        // Probe lines first, evenly spread: a first few, then the rest of the probe lines when two
        // of those agree, then every line when three agree.
        func spread(_ count: Int) -> [Int] { (0..<min(count, profiles.count)).map { $0 * profiles.count / min(count, profiles.count) } }
        let firstLook = spread(firstLookLines)
        var fits = firstLook.compactMap { fitLine(profiles[$0], effort: &effort) }
        guard hasGroup(fits, lines: 2) else { return [] }
        let probeIndices = Set(spread(probeLines)).union(firstLook)
        fits += probeIndices.subtracting(firstLook).sorted().compactMap { fitLine(profiles[$0], effort: &effort) }
        guard hasGroup(fits) else { return [] }
        fits += profiles.indices.filter { !probeIndices.contains($0) }.compactMap { fitLine(profiles[$0], effort: &effort) }
        let reads = combine(fits)
        guard reads.isEmpty, driftRetry else { return reads }
        // Lines that find a symbol and no number: the symbol may be in perspective or on a
        // curved surface, its modules widening along it. Every line again, the drift fitted
        // (not at first: the freedom lets the lines of a flat symbol scatter over geometries).
        effort.driftRetries += 1
        return combine(profiles.compactMap { fitLine($0, drift: true, effort: &effort) })
    }

    /// True when at least `lines` fits put a symbol at the same place and size.
    static func hasGroup(_ fits: [LineFit], lines: Int = minLines) -> Bool {
        fits.contains { seed in fits.filter { sameSymbol($0, seed) }.count >= lines }
    }

    static func sameSymbol(_ fit: LineFit, _ seed: LineFit) -> Bool {
        abs(fit.along - seed.along) <= 1.5 * seed.geometry.module
            && abs(fit.geometry.module - seed.geometry.module) <= 0.04 * seed.geometry.module
    }

    /// The ink of a line (0 paper, 1 the darkest bars), from its 3rd and 97th percentile gray.
    static func ink(_ samples: [Double]) -> [Double]? {
        let sorted = samples.sorted()
        let lo = sorted[sorted.count * 3 / 100], hi = sorted[min(sorted.count - 1, sorted.count * 97 / 100)]
        guard hi - lo >= 30 else { return nil }
        return samples.map { (hi - $0) / (hi - lo) }
    }

    /// The best EAN geometry on one line, or nil when nothing on it looks like one.
    static func fitLine(_ profile: ScanProfile, drift: Bool = false, effort: inout Effort) -> LineFit? {
        effort.linesLooked += 1
        guard let ink = ink(profile.samples) else { return nil }
        let n = ink.count
        // Smoothed gradient; rising ink = a bar's leading edge.
        var smooth = ink
        for j in 1..<(n - 1) { smooth[j] = 0.25 * ink[j - 1] + 0.5 * ink[j] + 0.25 * ink[j + 1] }
        var gradient = [Double](repeating: 0, count: n)
        for j in 1..<(n - 1) { gradient[j] = (smooth[j + 1] - smooth[j - 1]) / 2 }
        func quiet(_ range: Range<Int>) -> Bool {
            let r = max(0, range.lowerBound)..<min(n, range.upperBound)
            guard r.count >= 3 else { return false }
            return r.map { ink[$0] }.reduce(0, +) / Double(r.count) < 0.4
        }
        var rising: [Int] = [], falling: [Int] = []
        for j in 2..<(n - 2) {
            if gradient[j] > 0.05, gradient[j] >= gradient[j - 1], gradient[j] > gradient[j + 1], quiet((j - 7)..<(j - 1)) { rising.append(j) }
            if gradient[j] < -0.05, gradient[j] <= gradient[j - 1], gradient[j] < gradient[j + 1], quiet((j + 2)..<(j + 8)) { falling.append(j) }
        }
        // Pairs of a left edge and a right edge 95 modules apart, ranked by their guards' fit.
        // Between them a code is about half ink (blurred: a third to three quarters); a line of
        // text is much lighter.
        var prefix = [Double](repeating: 0, count: n + 1)
        for j in 0..<n { prefix[j + 1] = prefix[j] + ink[j] }
        var candidates: [(cost: Double, g: EANBlurModel.Geometry)] = []
        for a in rising {
            for b in falling {
                let w = Double(b - a) / EANBlurModel.modules
                guard moduleRange.contains(w) else { continue }
                let density = (prefix[b + 1] - prefix[a]) / Double(b + 1 - a)
                guard density >= minInk, density <= maxInk else { continue }
                for blur in [0.6, 0.9, 1.2, 1.5] {
                    let g = EANBlurModel.Geometry(start: Double(a) - 0.4 * w, module: w, blur: blur)
                    guard let fit = EANBlurModel.guardCost(ink, g) else { continue }
                    candidates.append((fit.cost / Double(fit.samples), g))
                }
            }
        }
        guard !candidates.isEmpty else { return nil }
        candidates.sort { $0.cost < $1.cost }
        // A symbol in perspective: its middle guard lies off the even grid between the outer
        // edges. Every placement is tried with the module width drifting either way.
        if drift {
            var drifted: [(cost: Double, g: EANBlurModel.Geometry)] = []
            for candidate in candidates {
                for drift in firstLookDrifts {
                    var g = candidate.g
                    g.drift = drift
                    if let fit = EANBlurModel.guardCost(ink, g) { drifted.append((fit.cost / Double(fit.samples), g)) }
                }
            }
            candidates = (candidates + drifted).sorted { $0.cost < $1.cost }
        }
        // The first look: unless the best guards explain most of the ink's variance between
        // them, the line shows no symbol and the costly refinement is skipped.
        guard let span = EANBlurModel.sampleRange(candidates[0].g.start, candidates[0].g.end, count: n),
              candidates[0].cost <= maxGuardShare * variance(ink, span) else { return nil }
        effort.linesRefined += 1
        var best: (cost: Double, g: EANBlurModel.Geometry)?
        for start in candidates.prefix(2) {
            guard let refined = refine(ink, start.g, drift: drift) else { continue }
            if best == nil || refined.cost < best!.cost { best = refined }
        }
        guard let g = best?.g, let guards = EANBlurModel.guardCost(ink, g),
              let digits = EANBlurModel.digitCosts(ink, g, contrasts: guards.contrasts, shifts: [-0.25, 0, 0.25]) else { return nil }
        // The ink's variance over the symbol: the residual is judged against it.
        guard let symbol = EANBlurModel.sampleRange(g.start, g.end, count: n) else { return nil }
        let variance = variance(ink, symbol)
        var bestDigits = 0.0
        for i in 0..<12 {
            let row = i * EANBlurModel.columns, range = i < 6 ? 0..<20 : 20..<40
            bestDigits += range.map { digits.costs[row + $0] }.min()!
        }
        let samples = Double(12 * digits.samples + guards.samples)
        let residual = (bestDigits + guards.cost) / samples
        let relative = residual / max(variance, 1e-6)
        guard relative <= maxRelativeResidual else { return nil }
        // Noise per sample: the residual of the best fit (floored: a perfect render is not noise-free).
        let noise = max(residual, 0.002)
        return LineFit(geometry: g, along: profile.start + g.start, costs: digits.costs.map { $0 / (2 * noise) },
                       profile: profile, relativeResidual: relative)
    }

    /// The variance of the ink over `range`.
    static func variance(_ ink: [Double], _ range: Range<Int>) -> Double {
        let mean = range.map { ink[$0] }.reduce(0, +) / Double(range.count)
        return range.map { (ink[$0] - mean) * (ink[$0] - mean) }.reduce(0, +) / Double(range.count)
    }

    /// Coordinate descent on start, module width and blur, minimising the fit cost per sample.
    /// The guards alone first (cheap), then every digit too.
    static func refine(_ ink: [Double], _ start: EANBlurModel.Geometry, drift: Bool = false) -> (cost: Double, g: EANBlurModel.Geometry)? {
        guard let coarse = descend(ink, start, steps: [0.5, 0.25], guardsOnly: true, drift: drift) else { return nil }
        return descend(ink, coarse.g, steps: [0.25, 0.12], guardsOnly: false, drift: drift)
    }

    static func descend(_ ink: [Double], _ start: EANBlurModel.Geometry, steps: [Double], guardsOnly: Bool, drift: Bool = false) -> (cost: Double, g: EANBlurModel.Geometry)? {
        func cost(_ g: EANBlurModel.Geometry) -> Double? {
            guard g.blur >= 0.3, g.blur <= 2.2, moduleRange.contains(g.module), abs(g.drift) <= maxDrift,
                  let fit = guardsOnly ? EANBlurModel.guardCost(ink, g).map({ ($0.cost, $0.samples) }) : EANBlurModel.fitCost(ink, g)
            else { return nil }
            return fit.0 / Double(fit.1)
        }
        return CoordinateDescent.minimize(from: start, steps: steps, maxRounds: 6, moves: { g, step in
            let w = g.module, d = g.drift
            func moved(start: Double? = nil, module: Double? = nil, blur: Double? = nil, drift: Double? = nil) -> EANBlurModel.Geometry {
                .init(start: start ?? g.start, module: module ?? w, blur: blur ?? g.blur, drift: drift ?? d)
            }
            var moves = [moved(start: g.start + step * w), moved(start: g.start - step * w),
                         moved(module: w * (1 + step * 0.01)), moved(module: w * (1 - step * 0.01)),
                         moved(start: g.start - step * 0.01 * w * 47.5, module: w * (1 + step * 0.01)),
                         moved(start: g.start + step * 0.01 * w * 47.5, module: w * (1 - step * 0.01)),
                         moved(blur: g.blur + step * 0.4), moved(blur: g.blur - step * 0.4)]
            if drift { moves += [moved(drift: d + step * driftStep), moved(drift: d - step * driftStep)] }
            return moves
        }, cost: cost)
    }

    /// Lines grouped by where the symbol starts and its module width; each group's costs summed
    /// and decoded.
    static func combine(_ fits: [LineFit]) -> [Read] {
        var remaining = fits.sorted { $0.relativeResidual < $1.relativeResidual }
        var reads: [Read] = []
        while let seed = remaining.first {
            let group = remaining.filter { sameSymbol($0, seed) }
            remaining.removeAll { fit in group.contains { $0.profile.offset == fit.profile.offset } }
            guard group.count >= minLines else { continue }
            var total = [Double](repeating: 0, count: 12 * EANBlurModel.columns)
            for fit in group { for k in total.indices { total[k] += fit.costs[k] } }
            let ranked = EANChecksumSearch.best(total)
            guard let first = ranked.first else { continue }
            let margin = ranked.count > 1 ? ranked[1].cost - first.cost : .infinity
            let agreeing = group.filter { EANChecksumSearch.best($0.costs).first?.digits == first.digits }.count
            guard margin >= minMargin, margin >= minMarginPerLine * Double(agreeing), agreeing >= minAgreeing,
                  Double(agreeing) >= minAgreeingShare * Double(group.count) else { continue }
            // Corners: the outermost lines of the group, from the start guard to the end guard.
            let sorted = group.sorted { $0.profile.offset < $1.profile.offset }
            let top = sorted.first!, bottom = sorted.last!
            var corners = [top.profile.point(top.geometry.start), top.profile.point(top.geometry.end),
                           bottom.profile.point(bottom.geometry.end), bottom.profile.point(bottom.geometry.start)]
                .map { Point2(x: $0.x, y: $0.y) }
            if first.backwards { corners = [corners[2], corners[3], corners[0], corners[1]] }
            reads.append(Read(digits: first.digits, corners: corners, margin: margin, lines: group.count, agreeing: agreeing))
        }
        return reads
    }
}
