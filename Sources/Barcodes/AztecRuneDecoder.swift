import DocumentModel
import Foundation
import Imaging

/// Reads Aztec runes (ISO/IEC 24778, annex: an 11 × 11 compact-Aztec core carrying one byte,
/// ``AztecRuneMessage``), which zxing-cpp 1.4 does not read, at the bullseyes
/// ``AztecRuneLocator`` finds. Pure Swift over 8-bit gray pixels.
///
/// The core's square is fitted from the edge between the light ring 3 modules out and the dark
/// ring 4 out, found along 48 rays from the centre (the fourth change of colour along each):
/// the rays' distances give the corners' direction (their fourfold symmetry), each side's
/// points (away from the corners) a straight line, and the sides' crossings the square's
/// corners, which fix a projective map (a turned or mildly slanted core) to module
/// coordinates. The 121 modules are sampled at their centres; the bullseye's, cut at the middle
/// of its dark and light levels, must match it. Then each of the eight ways the core may lie
/// (four turns, mirrored or not) is tried: the message ring is cut at the middle of the levels
/// its orientation modules should have, which must then match, and a value is accepted only
/// when every Reed–Solomon syndrome is zero.
package enum AztecRuneDecoder {
    /// A rune read: its value and its 11 × 11 core's corners in page pixels (top left, top
    /// right, bottom right, bottom left as printed).
    package struct Symbol: Sendable, Equatable {
        package var value: Int
        package var corners: [Point]
    }

    static let rays = 48
    /// At most this many of the 81 bullseye modules may read the wrong colour.
    static let maxBullseyeErrors = 4
    /// At most this many of the 12 orientation modules may read the wrong colour.
    static let maxOrientationErrors = 1
    /// The orientation modules' printed and blank levels differ by this share of the bullseye's contrast at least.
    static let minRingContrast = 0.3

    /// The rune at `bullseye` (page pixels; `offset`: the plane's origin on the page), or nil.
    package static func symbol(in plane: BarcodeGrayPlane, at bullseye: AztecRuneLocator.Bullseye,
                               offset: Point = Point(x: 0, y: 0)) -> Symbol? {
        let cx = bullseye.x - Double(offset.x), cy = bullseye.y - Double(offset.y), m = bullseye.module
        return plane.bytes.withUnsafeBufferPointer { p -> Symbol? in
            let w = plane.width, h = plane.height
            func level(_ x: Double, _ y: Double) -> Double? {
                guard x >= 0, y >= 0, x <= Double(w - 1), y <= Double(h - 1) else { return nil }
                return GraySampling.bilinear(p, width: w, height: h, x: x, y: y)
            }
            // The centre's level and the first ring's, along the axes and diagonals.
            guard let centre = level(cx, cy) else { return nil }
            let ring = (0..<8).compactMap { k -> Double? in
                let a = Double(k) * .pi / 4
                return level(cx + cos(a) * m * (k % 2 == 0 ? 1 : 1.2), cy + sin(a) * m * (k % 2 == 0 ? 1 : 1.2))
            }
            guard ring.count == 8 else { return nil }
            let cut = (centre + ring.reduce(0, +) / 8) / 2
            guard let edge = squareEdge(cx, cy, m, cut: cut, level: level),
                  let toPage = ProjectiveMap(from: [(2, 2), (9, 2), (9, 9), (2, 9)], to: edge) else { return nil }
            // The modules' levels.
            var levels = [Double](repeating: 0, count: 121)
            for r in 0..<11 {
                for c in 0..<11 {
                    guard let q = toPage.apply((Double(c) + 0.5, Double(r) + 0.5)), let v = level(q.x, q.y) else { return nil }
                    levels[r * 11 + c] = v
                }
            }
            // The bullseye's own dark and light levels give the cut; light on dark swaps them.
            var darkSum = 0.0, lightSum = 0.0
            for r in 1...9 { for c in 1...9 {
                let ringIndex = max(abs(r - 5), abs(c - 5))
                if AztecRuneMessage.bullseyeIsDark(ring: ringIndex) == bullseye.darkCentre { darkSum += levels[r * 11 + c] } else { lightSum += levels[r * 11 + c] }
            } }
            let darkLevel = darkSum / 49, lightLevel = lightSum / 32   // rings 0, 2, 4: 1 + 16 + 32 modules; 1, 3: 8 + 24
            guard lightLevel - darkLevel >= 20 else { return nil }
            let moduleCut = (darkLevel + lightLevel) / 2
            let dark = levels.map { $0 < moduleCut }
            var bullseyeErrors = 0
            for r in 1...9 { for c in 1...9 where dark[r * 11 + c] != (AztecRuneMessage.bullseyeIsDark(ring: max(abs(r - 5), abs(c - 5))) == bullseye.darkCentre) {
                bullseyeErrors += 1
            } }
            guard bullseyeErrors <= maxBullseyeErrors else { return nil }
            // Ink: high where the symbol printed a module (light on dark: the light ones).
            let ink = levels.map { bullseye.darkCentre ? -$0 : $0 }
            let contrast = lightLevel - darkLevel
            var best: (errors: Int, value: Int, lie: Int)?
            for lie in 0..<8 {
                let at = { (module: AztecRuneMessage.Module) -> Double in
                    let (r, c) = Self.place(module, lie: lie)
                    return ink[r * 11 + c]
                }
                // The ring's own cut, from its orientation modules as this lie has them: its
                // modules lie between the dark ring 4 and the quiet zone, and on small blurred
                // modules both pull their levels off the bullseye's.
                let marks = AztecRuneMessage.orientation.map { (at($0.0), $0.1) }
                let printedInk = marks.filter(\.1).map(\.0), blankInk = marks.filter { !$0.1 }.map(\.0)
                let printedMean = printedInk.reduce(0, +) / Double(printedInk.count), blankMean = blankInk.reduce(0, +) / Double(blankInk.count)
                guard printedMean - blankMean >= minRingContrast * contrast else { continue }
                let ringCut = (printedMean + blankMean) / 2
                let errors = marks.count { ($0.0 > ringCut) != $0.1 }
                guard errors <= maxOrientationErrors,
                      let value = AztecRuneMessage.value(of: AztecRuneMessage.messageModules.map { at($0) > ringCut }) else { continue }
                if best == nil || errors < best!.errors { best = (errors, value, lie) }
            }
            guard let best else { return nil }
            let corners = [(0, 0), (0, 11), (11, 11), (11, 0)].map { rc -> Point in
                let (r, c) = Self.corner(rc, lie: best.lie)
                let q = toPage.apply((Double(c), Double(r)))!
                return Point(x: Int((q.x + Double(offset.x)).rounded()), y: Int((q.y + Double(offset.y)).rounded()))
            }
            return Symbol(value: best.value, corners: corners)
        }
    }

    /// Where a module of the core as printed lies in the sampled grid when the core lies the
    /// `lie` way (0–3: quarter turns clockwise; 4–7: the same, mirrored).
    static func place(_ module: AztecRuneMessage.Module, lie: Int) -> (Int, Int) {
        var (r, c) = (module.row, module.column)
        if lie >= 4 { (r, c) = (c, r) }
        for _ in 0..<(lie % 4) { (r, c) = (c, 10 - r) }
        return (r, c)
    }

    /// The same for a corner of the core (grid points 0…11).
    static func corner(_ rc: (Int, Int), lie: Int) -> (Int, Int) {
        var (r, c) = rc
        if lie >= 4 { (r, c) = (c, r) }
        for _ in 0..<(lie % 4) { (r, c) = (c, 11 - r) }
        return (r, c)
    }

    /// The corners of the edge between the rings 3 and 4 modules out, in the order of the rays
    /// (clockwise on the page), or nil when too few rays cross the rings as a bullseye's would.
    static func squareEdge(_ cx: Double, _ cy: Double, _ m: Double, cut: Double,
                           level: (Double, Double) -> Double?) -> [(x: Double, y: Double)]? {
        var points: [(angle: Double, r: Double)] = []
        let step = 0.25, far = 6.5 * m
        for k in 0..<rays {
            let a = Double(k) * 2 * .pi / Double(rays)
            let (ux, uy) = (cos(a), sin(a))
            var changes = 0, previous = 0.0, wasDark = true, t = 0.0, hit: Double?
            guard let first = level(cx, cy) else { return nil }
            wasDark = first < cut; previous = first
            while t < far {
                t += step
                guard let v = level(cx + ux * t, cy + uy * t) else { break }
                let isDark = v < cut
                if isDark != wasDark {
                    changes += 1
                    if changes == 4 {
                        // Where the level crossed the cut between the two samples.
                        let f = abs(v - previous) > 1e-9 ? (cut - previous) / (v - previous) : 0.5
                        hit = t - step + step * min(1, max(0, f))
                        break
                    }
                    wasDark = isDark
                }
                previous = v
            }
            // The edge lies 3–5 modules out (3.5 on the axes, 4.9 at the corners).
            if let hit, hit >= 2.5 * m, hit <= 5.5 * m { points.append((a, hit)) }
        }
        guard points.count >= rays * 3 / 4 else { return nil }
        // The corners' direction: the phase of the distances' fourfold component.
        var re = 0.0, im = 0.0
        for p in points { re += p.r * cos(4 * p.angle); im += p.r * sin(4 * p.angle) }
        let cornerAngle = atan2(im, re) / 4
        // Each side's points (more than 15° from a corner) on a line.
        var lines: [(px: Double, py: Double, dx: Double, dy: Double)] = []
        for side in 0..<4 {
            let start = cornerAngle + Double(side) * .pi / 2
            var xs: [Double] = [], ys: [Double] = []
            for p in points {
                var d = (p.angle - start).truncatingRemainder(dividingBy: 2 * .pi)
                if d < 0 { d += 2 * .pi }
                guard d > .pi / 12, d < .pi / 2 - .pi / 12 else { continue }
                xs.append(cx + cos(p.angle) * p.r); ys.append(cy + sin(p.angle) * p.r)
            }
            guard xs.count >= 3, let line = fitLine(xs, ys) else { return nil }
            lines.append(line)
        }
        var corners: [(x: Double, y: Double)] = []
        for side in 0..<4 {
            guard let q = crossing(lines[(side + 3) % 4], lines[side]) else { return nil }
            let dx = q.x - cx, dy = q.y - cy
            guard (dx * dx + dy * dy).squareRoot() <= 7 * m else { return nil }
            corners.append(q)
        }
        return corners
    }

    /// The total-least-squares line through the points: a point on it and its direction.
    static func fitLine(_ xs: [Double], _ ys: [Double]) -> (px: Double, py: Double, dx: Double, dy: Double)? {
        let n = Double(xs.count)
        let mx = xs.reduce(0, +) / n, my = ys.reduce(0, +) / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for (x, y) in zip(xs, ys) { sxx += (x - mx) * (x - mx); syy += (y - my) * (y - my); sxy += (x - mx) * (y - my) }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        return (mx, my, cos(angle), sin(angle))
    }

    static func crossing(_ a: (px: Double, py: Double, dx: Double, dy: Double),
                         _ b: (px: Double, py: Double, dx: Double, dy: Double)) -> (x: Double, y: Double)? {
        let det = a.dx * b.dy - a.dy * b.dx
        guard abs(det) > 0.2 else { return nil }
        let t = ((b.px - a.px) * b.dy - (b.py - a.py) * b.dx) / det
        return (a.px + a.dx * t, a.py + a.dy * t)
    }
}
