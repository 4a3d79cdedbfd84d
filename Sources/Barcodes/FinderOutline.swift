import DocumentModel
import Foundation
import Imaging

/// The outer square of one QR finder pattern as a photo shows it: the four corners of its dark
/// 7×7-module ring, in page pixels. Under perspective the square is a general quadrilateral, and
/// its sides point along the symbol's edges, which three finder centres alone cannot tell.
///
/// Found around a ``QRFinderLocator/Finder`` by rays cast from its centre to where they leave the
/// dark ring (``outline(_:centre:module:)``); the sides are lines fitted to those edge points.
/// Pure Swift over 8-bit gray.
package struct FinderOutline: Sendable {
    /// The corners, in order around the quadrilateral (either turn), page pixels.
    package var corners: [(x: Double, y: Double)]

    /// The window read around a finder reaches this many (estimated) modules from its centre.
    static let windowModules = 10.0
    /// Pixels a module at most in the window (larger finders are read on a shrunk copy).
    static let windowModule = 8.0

    /// The outline of `finder` on `image`; nil when there is no closed square ring around it.
    package init?(_ image: Image, finder: QRFinderLocator.Finder) {
        let radius = Self.windowModules * finder.module
        let left = max(0, Int(finder.x - radius)), top = max(0, Int(finder.y - radius))
        let right = min(image.width, Int(finder.x + radius) + 1), bottom = min(image.height, Int(finder.y + radius) + 1)
        guard right - left >= 14, bottom - top >= 14 else { return nil }
        let scale = min(1, Self.windowModule / finder.module)
        guard let window = try? image.barcodeGrayPlane(crop: Box(x: left, y: top, width: right - left, height: bottom - top),
                                                       scale: scale) else { return nil }
        let sx = Double(window.width) / Double(right - left), sy = Double(window.height) / Double(bottom - top)
        let centre = ((finder.x - Double(left)) * sx, (finder.y - Double(top)) * sy)
        guard let quad = Self.outline(window, centre: centre, module: finder.module * (sx + sy) / 2) else { return nil }
        corners = quad.map { (Double(left) + $0.x / sx, Double(top) + $0.y / sy) }
    }

    package init(corners: [(x: Double, y: Double)]) { self.corners = corners }

    /// Rays cast from the centre to the ring's outer edge.
    static let rays = 96

    /// The outline's corners on `plane` (its pixels; a pixel's centre is at +0.5), for a finder
    /// centred at `centre` with modules of about `module` px.
    ///
    /// Thresholded halfway (Otsu) in the 9×9 modules around the centre (the pattern and its light
    /// border: two classes); rays cast from the centre cross dark (the centre block), light, dark
    /// (the ring) and light: where a ray leaves the ring is a point of the outer edge. A ray
    /// whose ring is much thicker than its light gap runs into a neighbouring module and is
    /// dropped. The rough corners are the edge points' extremes; each side is then the line
    /// fitted to the edge points between its corners (refitted without outliers).
    static func outline(_ plane: BarcodeGrayPlane, centre: (x: Double, y: Double), module: Double) -> [(x: Double, y: Double)]? {
        let w = plane.width, h = plane.height
        guard centre.x >= 1, centre.y >= 1, centre.x < Double(w - 1), centre.y < Double(h - 1) else { return nil }
        let r = Int((4.5 * module).rounded(.up))
        let x0 = max(0, Int(centre.x) - r), x1 = min(w, Int(centre.x) + r + 1)
        let y0 = max(0, Int(centre.y) - r), y1 = min(h, Int(centre.y) + r + 1)
        var near: [UInt8] = []
        near.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { near += plane.bytes[(y * w + x0)..<(y * w + x1)] }
        let threshold = Double(otsu(near)) + 0.5
        let edge: [(x: Double, y: Double)] = plane.bytes.withUnsafeBufferPointer { px in
            func value(_ x: Double, _ y: Double) -> Double? {
                let fx = x - 0.5, fy = y - 0.5
                guard fx >= 0, fy >= 0, fx < Double(w - 1), fy < Double(h - 1) else { return nil }
                let ix = Int(fx), iy = Int(fy), ax = fx - Double(ix), ay = fy - Double(iy)
                let i = iy * w + ix
                return (Double(px[i]) * (1 - ax) + Double(px[i + 1]) * ax) * (1 - ay)
                    + (Double(px[i + w]) * (1 - ax) + Double(px[i + w + 1]) * ax) * ay
            }
            let step = 0.5, limit = 9 * module
            var points: [(x: Double, y: Double)] = []
            for k in 0..<rays {
                let angle = 2 * Double.pi * Double(k) / Double(rays)
                let dx = cos(angle), dy = sin(angle)
                // Phases: 0 centre (dark), 1 inner gap (light), 2 ring (dark); leaving it ends the ray.
                var phase = 0, t = 0.0, starts = [0.0, 0.0, 0.0], last = 0.0
                guard let first = value(centre.x, centre.y), first < threshold else { return [] }
                last = first
                while t < limit {
                    t += step
                    guard let v = value(centre.x + t * dx, centre.y + t * dy) else { break }
                    let dark = v < threshold
                    if (phase == 0 || phase == 2) == dark { last = v; continue }
                    // Crossing: where the threshold is passed between the last sample and this one.
                    let at = t - step * (v - threshold) / (v - last)
                    last = v
                    if phase == 2 {
                        let centreRun = starts[1], gap = starts[2] - starts[1], ring = at - starts[2]
                        if gap > 0.25 * centreRun, ring < 2.5 * gap + 1, ring > 0.3 * gap {
                            points.append((centre.x + at * dx, centre.y + at * dy))
                        }
                        break
                    }
                    phase += 1
                    starts[phase] = at
                }
            }
            return points
        }
        // Most rays cross the whole pattern.
        guard edge.count >= rays * 2 / 3, let rough = extremeCorners(edge) else { return nil }
        var lines: [Line] = []
        for k in 0..<4 {
            let p = rough[k], q = rough[(k + 1) % 4]
            let length = hypot(q.x - p.x, q.y - p.y)
            guard length >= 3 else { return nil }
            let ux = (q.x - p.x) / length, uy = (q.y - p.y) / length
            var side = edge.filter { e in
                let t = (e.x - p.x) * ux + (e.y - p.y) * uy
                return t > 0.1 * length && t < 0.9 * length && abs((e.x - p.x) * uy - (e.y - p.y) * ux) < max(1.5, 0.15 * length)
            }
            guard side.count >= 4, var line = Line(fitting: side) else { return nil }
            // Once more without the points far off the first fit (a ray into a neighbouring module).
            side = side.filter { line.distance($0) < max(1, 0.05 * length) }
            guard side.count >= 4, let refit = Line(fitting: side) else { return nil }
            line = refit
            lines.append(line)
        }
        var corners: [(x: Double, y: Double)] = []
        for k in 0..<4 {
            guard let c = lines[(k + 3) % 4].meet(lines[k]) else { return nil }
            // A corner stays near the rough one (an edge fit gone astray does not).
            guard hypot(c.x - rough[k].x, c.y - rough[k].y) < max(3, module) else { return nil }
            corners.append(c)
        }
        // A square seen at a slant: convex, opposite sides of like length.
        guard isConvex(corners) else { return nil }
        let sides = (0..<4).map { hypot(corners[($0 + 1) % 4].x - corners[$0].x, corners[($0 + 1) % 4].y - corners[$0].y) }
        guard max(sides[0], sides[2]) < 2.5 * min(sides[0], sides[2]), max(sides[1], sides[3]) < 2.5 * min(sides[1], sides[3]) else { return nil }
        return corners
    }

    /// Four corners of a quadrilateral point set, in order around it: the point farthest from the
    /// centroid, the one farthest from that, and the farthest on each side of the line they make.
    static func extremeCorners(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)]? {
        guard points.count >= 8 else { return nil }
        let n = Double(points.count)
        let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
        func farthest(from p: (x: Double, y: Double)) -> (x: Double, y: Double) {
            points.max { hypot($0.x - p.x, $0.y - p.y) < hypot($1.x - p.x, $1.y - p.y) }!
        }
        let a = farthest(from: (mx, my)), c = farthest(from: a)
        func side(_ p: (x: Double, y: Double)) -> Double { (c.x - a.x) * (p.y - a.y) - (c.y - a.y) * (p.x - a.x) }
        let b = points.min { side($0) < side($1) }!, d = points.max { side($0) < side($1) }!
        guard side(b) < 0, side(d) > 0 else { return nil }
        return [a, b, c, d]
    }

    /// A straight line through `point` along the unit vector `direction`.
    struct Line {
        var point: (x: Double, y: Double)
        var direction: (x: Double, y: Double)

        /// The total-least-squares line through `points` (their principal axis).
        init?(fitting points: [(x: Double, y: Double)]) {
            let n = Double(points.count)
            let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
            var sxx = 0.0, syy = 0.0, sxy = 0.0
            for p in points {
                sxx += (p.x - mx) * (p.x - mx); syy += (p.y - my) * (p.y - my); sxy += (p.x - mx) * (p.y - my)
            }
            let angle = 0.5 * atan2(2 * sxy, sxx - syy)
            point = (mx, my)
            direction = (cos(angle), sin(angle))
            guard sxx + syy > 0 else { return nil }
        }

        /// The distance of `p` from the line.
        func distance(_ p: (x: Double, y: Double)) -> Double {
            abs((p.x - point.x) * direction.y - (p.y - point.y) * direction.x)
        }

        init(through p: (x: Double, y: Double), _ q: (x: Double, y: Double)) {
            let l = max(1e-9, hypot(q.x - p.x, q.y - p.y))
            point = p
            direction = ((q.x - p.x) / l, (q.y - p.y) / l)
        }

        /// Where the two lines cross; nil when they are (nearly) parallel.
        func meet(_ other: Line) -> (x: Double, y: Double)? {
            let d = direction.x * other.direction.y - direction.y * other.direction.x
            guard abs(d) > 0.05 else { return nil }
            let t = ((other.point.x - point.x) * other.direction.y - (other.point.y - point.y) * other.direction.x) / d
            return (point.x + t * direction.x, point.y + t * direction.y)
        }
    }

    /// Otsu's threshold of 8-bit values: pixels at or below it are dark. Of equally good
    /// thresholds (two pure levels leave a plateau), the middle one.
    static func otsu(_ bytes: [UInt8]) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for b in bytes { histogram[Int(b)] += 1 }
        let total = Double(bytes.count)
        let sum = (0..<256).reduce(0.0) { $0 + Double($1) * Double(histogram[$1]) }
        var below = 0.0, belowSum = 0.0, best = 0.0, first = 127, last = 127
        for t in 0..<255 {
            below += Double(histogram[t]); belowSum += Double(t) * Double(histogram[t])
            guard below > 0, below < total else { continue }
            let m0 = belowSum / below, m1 = (sum - belowSum) / (total - below)
            let between = below * (total - below) * (m0 - m1) * (m0 - m1)
            if between > best * (1 + 1e-9) { best = between; first = t; last = t } else if between >= best * (1 - 1e-9) { last = t }
        }
        return UInt8((first + last) / 2)
    }

    static func isConvex(_ q: [(x: Double, y: Double)]) -> Bool {
        let turns = (0..<4).map { i -> Double in
            let a = q[i], b = q[(i + 1) % 4], c = q[(i + 2) % 4]
            return (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
        }
        return turns.allSatisfy { $0 > 0 } || turns.allSatisfy { $0 < 0 }
    }
}

private func hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
