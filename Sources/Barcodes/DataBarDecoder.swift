import Imaging

/// A GS1 DataBar (RSS-14) decoder on scan lines, for the one-row symbol and for DataBar
/// Stacked and Stacked Omnidirectional, whose left half is one row and right half the next
/// (zxing-cpp 1.4 reads the one-row form only, ZBar too; neither reads the stacked forms).
///
/// Each scan line (``ScanLineEdges``) is searched in both directions for halves: an outside
/// character, a finder pattern and an inside character (``DataBarCharacters``) with the guard's
/// narrow element before them. A half whose finder starts with a light element is a left half,
/// one whose finder starts dark a right half (read from the symbol's right end; a symbol upside
/// down shows the same halves the other way along the line). The halves of every line through
/// an area are tallied; a left and a right half each seen on ``minSightings`` lines or more,
/// read in opposite directions, with module sizes that agree, and whose characters and finders
/// pass the symbol's checksum (modulo 79), make the symbol: the 13-digit number
/// 4537077 × left + right, then its GTIN check digit. Pure Swift.
package enum DataBarDecoder {
    /// One half of a symbol as read on one line.
    struct Half: Hashable {
        /// Left half (finder starts light) or right half.
        var left: Bool
        /// Read along the line's direction (true) or against it.
        var forward: Bool
        /// 1597 × outside + inside.
        var value: Int
        /// The characters' checksum share: outside + 4 × inside.
        var checksum: Int
        var finder: Int
    }

    /// A half's sightings: how many lines, their module size and the page points they span.
    struct Tally {
        var count = 0
        var module = 0.0
        var points: [(x: Double, y: Double)] = []
    }

    /// A decoded symbol: the 14-digit GTIN and the page points its halves span.
    package struct Symbol {
        package var gtin: String
        package var points: [(x: Double, y: Double)]
    }

    /// Each half must be seen on this many lines.
    static let minSightings = 2

    /// The halves along one line (both directions), each with its module size and the positions
    /// (along the line) of its outer and inner ends.
    static func halves(_ line: ScanLineEdges) -> [(half: Half, module: Double, span: (Double, Double))] {
        let widths = line.widths
        var found: [(half: Half, module: Double, span: (Double, Double))] = []
        for forward in [true, false] {
            let w = forward ? widths : widths.reversed()
            let n = w.count
            guard n >= 22 else { continue }
            // Element k in reading order is element `forward ? k : n - 1 - k` of the line.
            func dark(_ k: Int) -> Bool { line.isDark(forward ? k : n - 1 - k) }
            func edge(_ k: Int) -> Double { forward ? line.edges[k] : line.edges[n - k] }
            for j in 9..<(n - 12) {
                guard let finder = DataBarCharacters.finder(w[j..<(j + 5)], firstDark: dark(j)) else { continue }
                let module = finder.module
                // Widths without the ink spread (each character has four dark and four light elements).
                func corrected(_ k: Int) -> Double { w[k] - (dark(k) ? finder.spread : -finder.spread) }
                let outside = ((j - 8)..<j).map(corrected), inside = ((j + 5)..<(j + 13)).reversed().map(corrected)
                let outsideModule = outside.reduce(0, +) / 16, insideModule = inside.reduce(0, +) / 15
                guard abs(outsideModule / module - 1) < 0.2, abs(insideModule / module - 1) < 0.2 else { continue }
                let guardWidth = corrected(j - 9) / module
                guard guardWidth > 0.4, guardWidth < 2.2 else { continue }
                guard let outer = DataBarCharacters.character(outside, outside: true),
                      let inner = DataBarCharacters.character(inside, outside: false) else { continue }
                let half = Half(left: !dark(j), forward: forward, value: 1597 * outer.value + inner.value,
                                checksum: outer.checksum + 4 * inner.checksum, finder: finder.index)
                found.append((half, module, (edge(j - 8), edge(j + 13))))
            }
        }
        return found
    }

    /// The symbols that the halves seen on `lines` make (at most one per pair of halves).
    static func symbols(_ lines: [ScanLineEdges]) -> [Symbol] {
        var tallies: [Half: Tally] = [:]
        for line in lines {
            for (half, module, span) in halves(line) {
                var tally = tallies[half] ?? Tally()
                tally.count += 1
                tally.module += module
                tally.points += [line.point(span.0), line.point(span.1)]
                tallies[half] = tally
            }
        }
        let seen = tallies.filter { $0.value.count >= minSightings }
        var symbols: [(symbol: Symbol, sightings: Int)] = []
        for (left, l) in seen where left.left {
            for (right, r) in seen where !right.left && right.forward != left.forward {
                let ratio = (l.module / Double(l.count)) / (r.module / Double(r.count))
                guard ratio > 0.8, ratio < 1.25, checksumHolds(left: left, right: right) else { continue }
                symbols.append((Symbol(gtin: gtin(left: left.value, right: right.value), points: l.points + r.points),
                                min(l.count, r.count)))
            }
        }
        // Two readings of one place: the better seen.
        symbols.sort { $0.sightings > $1.sightings }
        var kept: [Symbol] = []
        for candidate in symbols.map(\.symbol) where !kept.contains(where: { overlaps($0.points, candidate.points) }) {
            kept.append(candidate)
        }
        return kept
    }

    /// The symbol checksum: the characters' weighted widths modulo 79 against the value the two
    /// finders encode (ISO/IEC 24724: 9 × left + right, skipping the two combinations not used).
    static func checksumHolds(left: Half, right: Half) -> Bool {
        let check = (left.checksum + 16 * right.checksum) % 79
        var target = 9 * left.finder + right.finder
        if target > 72 { target -= 1 }
        if target > 8 { target -= 1 }
        return check == target
    }

    /// The GTIN-14: the 13 digits of 4537077 × left + right, then the check digit (weights 3, 1).
    package static func gtin(left: Int, right: Int) -> String {
        DataBarCharacters.gtin(4_537_077 * left + right)
    }

    static func overlaps(_ a: [(x: Double, y: Double)], _ b: [(x: Double, y: Double)]) -> Bool {
        let ax = a.map(\.x), ay = a.map(\.y), bx = b.map(\.x), by = b.map(\.y)
        guard let ax0 = ax.min(), let ax1 = ax.max(), let bx0 = bx.min(), let bx1 = bx.max(),
              let ay0 = ay.min(), let ay1 = ay.max(), let by0 = by.min(), let by1 = by.max() else { return false }
        return ax0 <= bx1 && bx0 <= ax1 && ay0 <= by1 && by0 <= ay1
    }
}
