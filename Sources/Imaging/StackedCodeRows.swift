/// The row structure of a stacked code (PDF417): many pixel rows of an area that hold the
/// symbol's start pattern (bar and space widths 8 1 1 1 1 1 1 3 modules) or stop pattern
/// (7 1 1 3 1 1 1 2 1) at the same place. Pure Swift over 8-bit gray pixels.
///
/// The candidate search judges a blob by its separate pieces of ink, and a PDF417 whose rows are
/// squashed (rows about one module high: the bars of one row do not join those of the next) or
/// softened at 2-px modules breaks into many short glyph-sized pieces, which that test takes for
/// a line of text. Text has no run of one wide bar, six thin runs and a bar three thin runs
/// wide repeated down a column; a PDF417 has it on every row, at both ends.
package enum StackedCodeRows {
    /// Start and stop patterns, in modules, dark run first.
    static let patterns: [[Int]] = [[8, 1, 1, 1, 1, 1, 1, 3], [7, 1, 1, 3, 1, 1, 1, 2, 1]]
    /// At least this many pixel rows must show a pattern at the same place.
    static let minRows = 6
    /// Ink and paper must differ by at least this much (of 255).
    static let minContrast = 48

    /// True when at least ``minRows`` rows of `plane` hold a start or stop pattern whose left
    /// edges lie within a module of each other. Each row is cut at the midpoint of the area's
    /// 5th and 95th percentile gray levels; a pattern matches when each of its runs is within
    /// half a module plus one pixel of its width in modules times the pattern's mean module.
    package static func found(in plane: BarcodeGrayPlane) -> Bool {
        guard plane.height >= minRows, plane.width >= 17, let cut = plane.midGray(minContrast: minContrast) else { return false }
        // A cheap look first: a stacked code shows its patterns on almost every pixel row, so
        // one of the rows at a quarter, half and three quarters of the area's height must hold
        // one (a text blob's rows seldom do; the full scan of every row is for those that pass).
        let probes = [plane.height / 4, plane.height / 2, plane.height * 3 / 4]
        guard probes.contains(where: { !matches(plane, row: $0, cut: cut).isEmpty }) else { return false }
        let all = (0..<plane.height).flatMap { matches(plane, row: $0, cut: cut) }
        for match in all {
            let aligned = all.filter { $0.pattern == match.pattern && abs(Double($0.x - match.x)) <= max(1, match.module) }
            if aligned.count >= minRows { return true }
        }
        return false
    }

    /// The start and stop patterns in pixel row `y` of `plane` cut at `cut`: which pattern, its
    /// left edge and its mean module.
    static func matches(_ plane: BarcodeGrayPlane, row y: Int, cut: UInt8) -> [(pattern: Int, x: Int, module: Double)] {
        var runs: [Int] = [], starts: [Int] = [], darks: [Bool] = []
        plane.bytes.withUnsafeBufferPointer { pixels in
            let row = y * plane.width
            var start = 0, dark = pixels[row] < cut
            for x in 1...plane.width {
                let d = x < plane.width ? pixels[row + x] < cut : !dark
                if d != dark {
                    runs.append(x - start); starts.append(start); darks.append(dark)
                    start = x; dark = d
                }
            }
        }
        var found: [(pattern: Int, x: Int, module: Double)] = []
        for (p, pattern) in patterns.enumerated() where runs.count >= pattern.count {
            let modules = pattern.reduce(0, +)
            for i in 0...(runs.count - pattern.count) where darks[i] {
                var total = 0
                for k in 0..<pattern.count { total += runs[i + k] }
                let module = Double(total) / Double(modules)
                guard module >= 1 else { continue }
                var fits = true
                for k in 0..<pattern.count where abs(Double(runs[i + k]) - Double(pattern[k]) * module) > module / 2 + 1 {
                    fits = false; break
                }
                if fits { found.append((p, starts[i], module)) }
            }
        }
        return found
    }
}
