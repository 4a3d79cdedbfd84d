import DocumentModel
import Imaging

/// Projective maps of the symbol a QR finder triple marks, from the outlines of its three finder
/// patterns (``FinderOutline``): what ``UprightSymbol`` resamples when a symbol photographed at a
/// slant (keystone) or on a curved label does not decode from the affine copy of its finder
/// centres, which puts the fourth corner where a parallelogram would.
///
/// The estimates, tried in this order:
/// - **four corners**: the symbol's outer corners at the three finders, and the fourth where
///   the outer right edge of the top-right finder and the outer bottom edge of the bottom-left
///   finder, extended, meet (the corners a reader would mark by hand); or where a parallelogram
///   of the other three puts it; or halfway between;
/// - **twelve corners**: the map that best fits all twelve outline corners (least squares), at
///   the symbol size (4k + 17 modules) that fits them best.
/// Pure Swift, no C: the pixels are the outlines' (``FinderOutline``) and the copy's.
package enum PerspectiveSymbol {
    /// One estimate: symbol modules ((0, 0) its outer top-left corner) ↦ page pixels.
    package struct Estimate {
        package var symbol: ProjectiveMap
        package var modules: Int
        /// The smallest module on the page, in pixels (along the finders' sides).
        package var pageModule: Double
    }

    /// The estimates for `triple` on `image`, best first; empty when any of its finder patterns
    /// has no closed square outline (most finder-like shapes in text, fabric and halftones), or
    /// the outlines do not line up with the triple. `outline`: the outline of one finder (the
    /// caller may keep them: one finder is in many triples).
    package static func estimates(_ image: Image, triple: QRFinderLocator.Triple,
                                  outline: (QRFinderLocator.Finder) -> FinderOutline? = { _ in nil }) -> [Estimate] {
        guard let a = outline(triple.corner), let b = outline(triple.right), let c = outline(triple.below) else { return [] }
        return estimates(corner: (triple.corner, a), right: (triple.right, b), below: (triple.below, c))
    }

    /// An outline's axes may turn this far (cosine of the angle) from the lines between the
    /// finder centres they run along (a curve bends them, perspective turns them a little).
    static let minAlignment = 0.94   // ≈ 20°

    /// The estimates from the three outlines (pure: page coordinates only).
    static func estimates(corner: (QRFinderLocator.Finder, FinderOutline), right: (QRFinderLocator.Finder, FinderOutline),
                          below: (QRFinderLocator.Finder, FinderOutline)) -> [Estimate] {
        let a = corner.0, b = right.0, c = below.0
        let u = (x: b.x - a.x, y: b.y - a.y), v = (x: c.x - a.x, y: c.y - a.y)
        // Each outline's corners in the symbol's frame: (0 or 7, 0 or 7) modules from its top-left.
        guard let la = labelled(corner.1, centre: (a.x, a.y), u: u, v: v),
              let lb = labelled(right.1, centre: (b.x, b.y), u: u, v: v),
              let lc = labelled(below.1, centre: (c.x, c.y), u: u, v: v) else { return [] }
        // Each outline's top and bottom sides run along A→B, its left and right sides along A→C,
        // on the whole (perspective makes a pair converge; their mean direction is the pattern's
        // own axis): three finders of one symbol, where finders of different symbols are seldom
        // turned alike.
        func unit(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> (x: Double, y: Double) {
            let l = max(1e-9, hypot(p, q))
            return ((q.x - p.x) / l, (q.y - p.y) / l)
        }
        for q in [la, lb, lc] {
            for (first, second, axis) in [(unit(q[0], q[1]), unit(q[2], q[3]), u), (unit(q[0], q[2]), unit(q[1], q[3]), v)] {
                let mean = (x: first.x + second.x, y: first.y + second.y)
                let cosine = (mean.x * axis.x + mean.y * axis.y) / max(1e-9, hypot((0, 0), mean) * hypot((0, 0), axis))
                guard cosine >= minAlignment else { return [] }
            }
        }
        let sides = [la, lb, lc].flatMap { q in [hypot(q[0], q[1]), hypot(q[1], q[3]), hypot(q[3], q[2]), hypot(q[2], q[0])] }
        let module = sides.reduce(0, +) / Double(sides.count) / 7
        let smallest = sides.min()! / 7
        guard module > 0, smallest > 0.25 * module else { return [] }
        // Size estimate: the centres' distance over the mean module, + 7, made 4k + 1.
        let span = (hypot((a.x, a.y), (b.x, b.y)) + hypot((a.x, a.y), (c.x, c.y))) / 2 / module
        let guess = 4 * Int(((span + 7 - 17) / 4).rounded()) + 17
        guard guess >= 21, guess <= 177 else { return [] }
        // Twelve corners, at the size (of the guess and its neighbours) that fits them best.
        var fitted: (map: ProjectiveMap, modules: Int, error: Double)?
        for n in [guess, guess - 4, guess + 4] where n >= 21 && n <= 177 {
            let (from, to) = correspondences(la, lb, lc, modules: Double(n))
            guard let map = ProjectiveMap(from: from, to: to) else { continue }
            let error = map.maxError(from: from, to: to)
            if fitted == nil || error < fitted!.error { fitted = (map, n, error) }
        }
        guard let fitted else { return [] }
        let n = Double(fitted.modules)
        let square = [(0.0, 0.0), (n, 0.0), (n, n), (0.0, n)]
        var maps: [ProjectiveMap] = []
        // The fourth corner where the right finder's outer right edge and the lower finder's
        // outer bottom edge meet; where a parallelogram of the other three puts it (closer on a
        // label curved about the symbol's diagonal); halfway between the two.
        let edges = FinderOutline.Line(through: lb[1], lb[3]).meet(FinderOutline.Line(through: lc[2], lc[3]))
        let parallelogram = (x: lb[1].x + lc[2].x - la[0].x, y: lb[1].y + lc[2].y - la[0].y)
        var corners = [edges, parallelogram].compactMap { $0 }
        if let edges { corners.append(((edges.x + parallelogram.x) / 2, (edges.y + parallelogram.y) / 2)) }
        for d in corners {
            if let map = ProjectiveMap(from: square, to: [la[0], lb[1], d, lc[2]]) { maps.append(map) }
        }
        // The least-squares map of the twelve corners, unless the corners are too far off one
        // flat square (a strong curve).
        if fitted.error < 1.5 * module { maps.append(fitted.map) }
        // Each map once (a map whose symbol corners all lie within half a module of an earlier one's is dropped).
        var found: [Estimate] = []
        for map in maps {
            let same = found.contains { earlier in
                square.allSatisfy { p in
                    guard let x = earlier.symbol.apply(p), let y = map.apply(p) else { return false }
                    return hypot(x, y) < 0.5 * module
                }
            }
            if !same { found.append(Estimate(symbol: map, modules: fitted.modules, pageModule: smallest)) }
        }
        return found
    }

    /// The twelve outline corners, in symbol modules and on the page.
    static func correspondences(_ a: [(x: Double, y: Double)], _ b: [(x: Double, y: Double)], _ c: [(x: Double, y: Double)],
                                modules n: Double) -> ([(x: Double, y: Double)], [(x: Double, y: Double)]) {
        let unit = [(0.0, 0.0), (7.0, 0.0), (0.0, 7.0), (7.0, 7.0)]
        let from = unit + unit.map { ($0.0 + n - 7, $0.1) } + unit.map { ($0.0, $0.1 + n - 7) }
        return (from, a + b + c)
    }

    /// The outline's corners ordered top-left, top-right, bottom-left, bottom-right in the
    /// symbol's frame (`u`: along the top edge, `v`: down the left edge, as the finder centres
    /// give them); nil unless each quadrant has exactly one corner.
    static func labelled(_ outline: FinderOutline, centre: (x: Double, y: Double),
                         u: (x: Double, y: Double), v: (x: Double, y: Double)) -> [(x: Double, y: Double)]? {
        let det = u.x * v.y - u.y * v.x
        guard abs(det) > 1e-9 else { return nil }
        var slots: [(x: Double, y: Double)?] = [nil, nil, nil, nil]
        for p in outline.corners {
            let dx = p.x - centre.x, dy = p.y - centre.y
            // p − centre = s·u + t·v.
            let s = (dx * v.y - dy * v.x) / det, t = (u.x * dy - u.y * dx) / det
            let slot = (s < 0 ? 0 : 1) + (t < 0 ? 0 : 2)
            guard slots[slot] == nil else { return nil }
            slots[slot] = p
        }
        return slots.allSatisfy { $0 != nil } ? slots.map { $0! } : nil
    }
}

private func hypot(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> Double {
    ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
}
