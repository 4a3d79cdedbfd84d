/// A GS1 DataBar Limited decoder on scan lines (neither zxing-cpp 1.4 nor ZBar reads the form).
///
/// Each scan line (``ScanLineEdges``) is searched in both directions (a symbol upside down shows
/// the same elements the other way along the line) for the 46 elements from the left guard's
/// bar to the right guard's bar (``DataBarLimitedCharacters``): the three characters about
/// 26 : 18 : 26 wide, the check character one of the 89 patterns (its fit gives the module and
/// the ink spread, taken off the data characters' widths), the guards about a module wide, the
/// space after the symbol at least ``minTrailingSpace`` modules, both data characters valid and
/// the checksum (modulo 89) and the GTIN's check digit holding. The readings of every line
/// through an area are tallied by GTIN; one seen on ``minSightings`` lines or more is a symbol.
/// Pure Swift.
package enum DataBarLimitedDecoder {
    /// One symbol read on one line: its GTIN, module size and the positions (along the line) of
    /// its ends (the left guard's bar, the right guard's bar).
    struct Reading {
        var gtin: String
        var module: Double
        var span: (Double, Double)
    }

    /// A GTIN must be read on this many lines.
    static let minSightings = 2
    /// The least space after the right guard (modules; the standard asks 5, blur and ink eat some).
    static let minTrailingSpace = 3.5

    /// The symbols read along `line`, both directions.
    static func readings(_ line: ScanLineEdges) -> [Reading] {
        let widths = line.widths
        let n = widths.count
        guard n >= 45 else { return [] }
        var found: [Reading] = []
        for forward in [true, false] {
            let w = forward ? widths : widths.reversed()
            // Element k in reading order is element `forward ? k : n - 1 - k` of the line.
            func dark(_ k: Int) -> Bool { line.isDark(forward ? k : n - 1 - k) }
            func edge(_ k: Int) -> Double { forward ? line.edges[k] : line.edges[n - k] }
            // s: the left guard's bar; s + 1 … s + 42 the characters; s + 43, s + 44 the right guard.
            for s in 0..<(n - 44) where dark(s) {
                var sums = (0.0, 0.0, 0.0)
                for k in 0..<14 { sums.0 += w[s + 1 + k]; sums.1 += w[s + 15 + k]; sums.2 += w[s + 29 + k] }
                let module = (sums.0 + sums.1 + sums.2) / 70
                guard abs(sums.0 / 26 / module - 1) < 0.12, abs(sums.1 / 18 / module - 1) < 0.12,
                      abs(sums.2 / 26 / module - 1) < 0.12 else { continue }
                // The guards, about a module each; a wide space after the symbol (when the line shows
                // it). A guard bar that is the line's first or last element may have lost its outer
                // edge to the plane's border (white beyond it: the steeper edge is kept), so its
                // width is not known; its outer edge is taken a module out from its inner one.
                let first = s == 0, last = s + 44 == n - 1
                func guardLike(_ k: Int) -> Bool { w[k] > 0.3 * module && w[k] < 2.2 * module }
                guard first || guardLike(s), guardLike(s + 43), last || guardLike(s + 44) else { continue }
                if s + 45 < n, w[s + 45] < minTrailingSpace * module { continue }
                if s > 0, w[s - 1] < 0.5 * module { continue }
                guard let check = DataBarLimitedCharacters.check(Array(w[(s + 15)..<(s + 29)])) else { continue }
                func corrected(_ k: Int) -> Double { w[k] - (dark(k) ? check.spread : -check.spread) }
                guard let left = DataBarLimitedCharacters.character(((s + 1)..<(s + 15)).map(corrected)),
                      let right = DataBarLimitedCharacters.character(((s + 29)..<(s + 43)).map(corrected)),
                      DataBarLimitedCharacters.checksumHolds(left: left, right: right, check: check.index),
                      let gtin = DataBarLimitedCharacters.gtin(left: left.value, right: right.value) else { continue }
                let start = first ? edge(s + 1) - (forward ? 1 : -1) * module : edge(s)
                let end = last ? edge(s + 44) + (forward ? 1 : -1) * module : edge(s + 45)
                found.append(Reading(gtin: gtin, module: check.module, span: (start, end)))
            }
        }
        return found
    }

    /// The symbols that the readings on `lines` make: each GTIN seen on ``minSightings`` lines
    /// or more, the better seen of two readings of one place.
    static func symbols(_ lines: [ScanLineEdges]) -> [DataBarDecoder.Symbol] {
        var tallies: [String: DataBarDecoder.Tally] = [:]
        for line in lines {
            for reading in readings(line) {
                var tally = tallies[reading.gtin] ?? DataBarDecoder.Tally()
                tally.count += 1
                tally.module += reading.module
                tally.points += [line.point(reading.span.0), line.point(reading.span.1)]
                tallies[reading.gtin] = tally
            }
        }
        let seen = tallies.filter { $0.value.count >= minSightings }.sorted { ($0.value.count, $0.key) > ($1.value.count, $1.key) }
        var kept: [DataBarDecoder.Symbol] = []
        for (gtin, tally) in seen where !kept.contains(where: { DataBarDecoder.overlaps($0.points, tally.points) }) {
            kept.append(DataBarDecoder.Symbol(gtin: gtin, points: tally.points))
        }
        return kept
    }
}
