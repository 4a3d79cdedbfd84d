/// A plane projective map (a homography): (x, y) ↦ ((a·x + b·y + c) / w, (d·x + e·y + f) / w) with
/// w = g·x + h·y + 1. It sends straight lines to straight lines, so a flat square photographed at
/// a slant (keystone) is its image under one such map; an affine map is the case g = h = 0.
///
/// Pure Swift; fitted to point pairs by least squares on normalised coordinates (Hartley's
/// direct linear transform with the last coefficient fixed at 1).
package struct ProjectiveMap: Sendable, Equatable {
    /// Row-major a, b, c, d, e, f, g, h (the ninth coefficient is 1).
    package private(set) var m: [Double]

    package init(_ m: [Double]) {
        precondition(m.count == 8, "a projective map has 8 free coefficients")
        self.m = m
    }

    /// The affine map sending (0, 0), (1, 0), (0, 1) to `origin`, `origin + x`, `origin + y`.
    package static func affine(origin: (x: Double, y: Double), x: (x: Double, y: Double), y: (x: Double, y: Double)) -> ProjectiveMap {
        ProjectiveMap([x.x, y.x, origin.x, x.y, y.y, origin.y, 0, 0])
    }

    /// Scaling by `scale` then moving by (`dx`, `dy`).
    package static func scaling(_ scale: Double, dx: Double = 0, dy: Double = 0) -> ProjectiveMap {
        ProjectiveMap([scale, 0, dx, 0, scale, dy, 0, 0])
    }

    /// The point `p` maps to; nil on or behind the map's horizon (w ≤ 0: the point is not in
    /// front of the camera).
    package func apply(_ p: (x: Double, y: Double)) -> (x: Double, y: Double)? {
        let w = m[6] * p.x + m[7] * p.y + 1
        guard w > 1e-9 else { return nil }
        return ((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// This map after `first` (first `first`, then self).
    package func after(_ first: ProjectiveMap) -> ProjectiveMap? {
        let a = Self.matrix(self), b = Self.matrix(first)
        var c = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { c[3 * i + j] += a[3 * i + k] * b[3 * k + j] } } }
        return Self.normalised(c)
    }

    /// The inverse map; nil when the map is singular.
    package var inverse: ProjectiveMap? {
        let a = Self.matrix(self)
        let det = a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6])
        guard abs(det) > 1e-12 else { return nil }
        let adj = [a[4] * a[8] - a[5] * a[7], a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
                   a[5] * a[6] - a[3] * a[8], a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
                   a[3] * a[7] - a[4] * a[6], a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3]]
        return Self.normalised(adj)
    }

    /// The map sending each of `from` to the matching point of `to` (four pairs: exactly, more:
    /// least squares); nil for fewer than four pairs or a degenerate set (three in a line).
    package init?(from: [(x: Double, y: Double)], to: [(x: Double, y: Double)]) {
        guard from.count == to.count, from.count >= 4 else { return nil }
        // Normalise each set: centroid at the origin, mean distance √2 (conditioning).
        guard let tf = Self.normalising(from), let tt = Self.normalising(to), let back = tt.inverse else { return nil }
        var ata = [Double](repeating: 0, count: 64), atb = [Double](repeating: 0, count: 8)
        for (p, q) in zip(from, to) {
            guard let s = tf.apply(p), let d = tt.apply(q) else { return nil }
            let rows: [([Double], Double)] = [([s.x, s.y, 1, 0, 0, 0, -s.x * d.x, -s.y * d.x], d.x),
                                              ([0, 0, 0, s.x, s.y, 1, -s.x * d.y, -s.y * d.y], d.y)]
            for (row, rhs) in rows {
                for i in 0..<8 {
                    atb[i] += row[i] * rhs
                    for j in 0..<8 { ata[8 * i + j] += row[i] * row[j] }
                }
            }
        }
        guard let h = Self.solve(ata, atb), let map = back.after(ProjectiveMap(h))?.after(tf) else { return nil }
        self = map
    }

    /// The largest distance between where the map sends each of `from` and the matching `to`.
    package func maxError(from: [(x: Double, y: Double)], to: [(x: Double, y: Double)]) -> Double {
        zip(from, to).map { p, q in
            guard let r = apply(p) else { return .infinity }
            return ((r.x - q.x) * (r.x - q.x) + (r.y - q.y) * (r.y - q.y)).squareRoot()
        }.max() ?? 0
    }

    private static func matrix(_ map: ProjectiveMap) -> [Double] { map.m + [1] }

    private static func normalised(_ c: [Double]) -> ProjectiveMap? {
        guard abs(c[8]) > 1e-12 else { return nil }
        return ProjectiveMap((0..<8).map { c[$0] / c[8] })
    }

    /// Moves `points`' centroid to the origin and scales their mean distance from it to √2.
    private static func normalising(_ points: [(x: Double, y: Double)]) -> ProjectiveMap? {
        let n = Double(points.count)
        let cx = points.map(\.x).reduce(0, +) / n, cy = points.map(\.y).reduce(0, +) / n
        let mean = points.map { (($0.x - cx) * ($0.x - cx) + ($0.y - cy) * ($0.y - cy)).squareRoot() }.reduce(0, +) / n
        guard mean > 1e-9 else { return nil }
        let s = 2.0.squareRoot() / mean
        return .scaling(s, dx: -s * cx, dy: -s * cy)
    }

    /// Gaussian elimination with partial pivoting of the n×n system `a`·x = `b`.
    private static func solve(_ a: [Double], _ b: [Double]) -> [Double]? {
        let n = b.count
        var a = a, b = b
        for col in 0..<n {
            var pivot = col
            for r in col..<n where abs(a[r * n + col]) > abs(a[pivot * n + col]) { pivot = r }
            guard abs(a[pivot * n + col]) > 1e-12 else { return nil }
            if pivot != col {
                for k in 0..<n { a.swapAt(col * n + k, pivot * n + k) }
                b.swapAt(col, pivot)
            }
            for r in (col + 1)..<n {
                let f = a[r * n + col] / a[col * n + col]
                guard f != 0 else { continue }
                for k in col..<n { a[r * n + k] -= f * a[col * n + k] }
                b[r] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = b[r]
            for k in (r + 1)..<n { s -= a[r * n + k] * x[k] }
            x[r] = s / a[r * n + r]
        }
        return x
    }
}
