import DocumentModel

/// A set of crossing rulings: the skeleton of one ruled table.
struct RulingGrid {
    var horizontals: [RulingLine]
    var verticals: [RulingLine]
    var tolerance: Int

    /// Distinct y positions of the horizontal lines (top to bottom).
    var rowBounds: [Int] { Self.cluster(horizontals.map(\.position), tolerance) }
    /// Distinct x positions of the vertical lines (left to right).
    var columnBounds: [Int] { Self.cluster(verticals.map(\.position), tolerance) }

    /// True when a vertical line at column bound `k` covers ≥ 60 % of row `r`.
    func hasVertical(at k: Int, row r: Int) -> Bool {
        let x = columnBounds[k], ys = rowBounds
        return Self.covers(verticals, at: x, from: ys[r], to: ys[r + 1], tolerance)
    }

    /// True when a horizontal line at row bound `k` covers ≥ 60 % of column `c`.
    func hasHorizontal(at k: Int, column c: Int) -> Bool {
        let y = rowBounds[k], xs = columnBounds
        return Self.covers(horizontals, at: y, from: xs[c], to: xs[c + 1], tolerance)
    }

    /// True when the line under the first row is thicker than the median of the other inner lines.
    var firstInnerLineIsThicker: Bool {
        let ys = rowBounds
        guard ys.count >= 4 else { return false }
        func thickness(_ y: Int) -> Int {
            horizontals.filter { abs($0.position - y) <= tolerance }.map(\.thickness).max() ?? 0
        }
        let others = ys[2..<(ys.count - 1)].map(thickness).sorted()
        return thickness(ys[1]) > others[others.count / 2] + max(1, others[others.count / 2] / 2)
    }

    private static func covers(_ lines: [RulingLine], at pos: Int, from a: Int, to b: Int, _ tol: Int) -> Bool {
        let covered = lines.filter { abs($0.position - pos) <= tol }
            .map { max(0, min($0.end, b) - max($0.start, a)) }.reduce(0, +)
        return Double(covered) >= 0.6 * Double(b - a)
    }

    static func cluster(_ values: [Int], _ tol: Int) -> [Int] {
        var groups: [[Int]] = []
        for v in values.sorted() {
            if let last = groups.last?.last, v - last <= tol { groups[groups.count - 1].append(v) } else { groups.append([v]) }
        }
        return groups.map { $0[$0.count / 2] }
    }

    /// Collinear pieces (same orientation, position within `tolerance`, overlapping or closer
    /// than `tolerance`) merged into one line.
    static func merge(_ rulings: [RulingLine], tolerance tol: Int) -> [RulingLine] {
        var out: [RulingLine] = []
        for orientation in [RulingLine.Orientation.horizontal, .vertical] {
            var pending = rulings.filter { $0.orientation == orientation }.sorted { ($0.position, $0.start) < ($1.position, $1.start) }
            while !pending.isEmpty {
                var line = pending.removeFirst()
                var changed = true
                while changed {
                    changed = false
                    if let i = pending.firstIndex(where: { abs($0.position - line.position) <= tol && $0.start <= line.end + tol && $0.end >= line.start - tol }) {
                        let o = pending.remove(at: i)
                        line.start = min(line.start, o.start); line.end = max(line.end, o.end)
                        line.thickness = max(line.thickness, o.thickness); changed = true
                    }
                }
                out.append(line)
            }
        }
        return out
    }

    /// Groups of rulings connected by crossings; those with ≥ 2 horizontal and ≥ 2 vertical lines.
    static func components(_ rulings: [RulingLine], tolerance tol: Int) -> [RulingGrid] {
        let n = rulings.count
        var parent = Array(0..<n)
        func find(_ i: Int) -> Int { var i = i; while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }; return i }
        for a in 0..<n where rulings[a].orientation == .horizontal {
            for b in 0..<n where rulings[b].orientation == .vertical && crosses(rulings[a], rulings[b], tol) {
                parent[find(a)] = find(b)
            }
        }
        // Grids top to bottom; grids with the same top line by their first ruling, so the order
        // never follows the dictionary's (per-process, randomly seeded) order.
        let groups = Dictionary(grouping: 0..<n, by: find).values
        return groups.compactMap { idx -> (grid: RulingGrid, first: Int)? in
            let lines = idx.map { rulings[$0] }
            let h = lines.filter { $0.orientation == .horizontal }, v = lines.filter { $0.orientation == .vertical }
            guard h.count >= 2, v.count >= 2 else { return nil }
            return (RulingGrid(horizontals: h, verticals: v, tolerance: tol), idx.min()!)
        }.sorted { ($0.grid.rowBounds.first ?? 0, $0.first) < ($1.grid.rowBounds.first ?? 0, $1.first) }.map(\.grid)
    }

    private static func crosses(_ h: RulingLine, _ v: RulingLine, _ tol: Int) -> Bool {
        v.position >= h.start - tol && v.position <= h.end + tol && h.position >= v.start - tol && h.position <= v.end + tol
    }
}
