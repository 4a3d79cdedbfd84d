import Foundation

/// Areas of an 8-bit gray image that may hold a linear code too blurred, or with modules too
/// small, for leptonica's connected components to find it (its bars fuse with each other and
/// with the ground): blocks where the gray gradient is strong and points one way (structure
/// tensor), joined with their neighbours of the same direction into a patch as long across the
/// bars as a 95-module symbol and whose bars stay straight along its height. Pure Swift.
///
/// The gradient is taken at full resolution (a 1-px module survives) but only at every other
/// pixel of every fourth row: an eighth of the pixels (0.3–2 ms for a 700 × 900 to 750 × 1450
/// page, most of it on the patches that text makes).
package enum LinearCodeAreas {
    /// One area: a box in the image's pixels (padded by a quiet zone across the bars), the angle
    /// of the gradient across the bars (radians, y down) and the patch's coherence.
    package struct Area: Sendable, Equatable {
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int
        package var angle: Double
        package var coherence: Double
    }

    /// Block side in pixels.
    static let block = 8
    /// Blocks join a patch across gaps of up to `reach − 1` blocks.
    static let reach = 2
    /// Rows sampled: one in this many.
    static let rowStep = 4
    /// A block joins a patch when its mean squared gradient (gray levels², central differences
    /// over 2 px) is at least this: a bar edge of 40 levels blurred over 2–3 px.
    static let minEnergy = 150.0
    /// …and its gradients point this much one way (coherence 0–1; bars ≈ 0.8–1, text ≈ 0.3–0.6).
    static let minBlockCoherence = 0.75
    /// Neighbouring blocks join when their directions differ by at most this (radians).
    static let maxAngleDifference = 0.26
    /// A patch's extent across the bars, in pixels: 95 modules of 0.7–3.5 px, less a blurred
    /// edge block on each side.
    static let acrossRange = 56.0...360.0
    /// Along the bars: at least this many pixels and this share of the extent across (a code's
    /// bars are long; a word's vertical strokes are a text line high).
    static let minAlong = 40.0
    static let minAlongShare = 0.3
    /// Blocks in a patch, at least.
    static let minBlocks = 8
    /// Neighbouring scan lines across the bars, a quarter of the patch's height apart, must have
    /// profiles this correlated (the bars run straight through; text lines do not).
    static let minLineCorrelation = 0.8
    /// Windows of the straightness test, in pixels, and their step.
    static let window = 24
    static let windowStep = 4
    /// At most this many areas, the largest patches first.
    static let maxAreas = 4

    /// The candidate areas, the largest first.
    package static func find(width: Int, height: Int, bytes: [UInt8]) -> [Area] {
        let bw = width / block, bh = height / block
        guard bw >= 3, bh >= 2, bytes.count >= width * height else { return [] }
        // Per block: jxx, jyy, jxy sums over the sampled pixels (every other pixel of every
        // fourth row: bars cross many rows, so the rows left out see the same edges).
        var jxx = [Float](repeating: 0, count: bw * bh), jyy = jxx, jxy = jxx
        var sums = [Int32](repeating: 0, count: 3 * bw)   // one block row: xx, yy, xy per block
        let xEnd = min(width - 1, bw * block)
        bytes.withUnsafeBufferPointer { px in
            sums.withUnsafeMutableBufferPointer { row in
                for by in 0..<bh {
                    for k in row.indices { row[k] = 0 }
                    for y in stride(from: max(1, by * block + 1), to: min(height - 1, (by + 1) * block), by: rowStep) {
                        let line = y * width
                        var x = 1
                        while x < xEnd {
                            let i = line + x
                            let gx = Int32(px[i + 1]) - Int32(px[i - 1]), gy = Int32(px[i + width]) - Int32(px[i - width])
                            let k = 3 * (x >> 3)
                            row[k] &+= gx * gx; row[k + 1] &+= gy * gy; row[k + 2] &+= gx * gy
                            x += 2
                        }
                    }
                    for k in 0..<bw {
                        jxx[by * bw + k] = Float(row[3 * k]); jyy[by * bw + k] = Float(row[3 * k + 1]); jxy[by * bw + k] = Float(row[3 * k + 2])
                    }
                }
            }
        }
        let samples = Float(block / 2 * block / rowStep)
        // Barred blocks and their doubled-angle direction (cos 2θ, sin 2θ).
        var barred = [Bool](repeating: false, count: bw * bh)
        var c2 = [Float](repeating: 0, count: bw * bh), s2 = c2
        for b in 0..<(bw * bh) {
            let total = jxx[b] + jyy[b]
            guard Double(total / samples) >= minEnergy else { continue }
            let d = jxx[b] - jyy[b], e = 2 * jxy[b]
            let norm = (d * d + e * e).squareRoot()
            guard Double(norm / total) >= minBlockCoherence else { continue }
            barred[b] = true; c2[b] = d / norm; s2[b] = e / norm
        }
        let minDot = Float(cos(2 * maxAngleDifference))
        // A barred block's gradient direction (cos θ, sin θ) from its doubled angle.
        func direction(_ b: Int) -> (Double, Double) {
            let c = Double(c2[b]), s = Double(s2[b])
            return (((1 + c) / 2).squareRoot(), (s < 0 ? -1 : 1) * ((1 - c) / 2).squareRoot())
        }
        var seen = [Bool](repeating: false, count: bw * bh)
        var areas: [(blocks: Int, area: Area)] = []
        for seed in 0..<(bw * bh) where barred[seed] && !seen[seed] {
            // Flood fill over blocks up to `reach` away (a gap of one block bridged: a wide bar or
            // space of a blurred code is a block of weak gradient) of a similar direction.
            var stack = [seed], members: [Int] = []
            seen[seed] = true
            var sxx: Float = 0, syy: Float = 0, sxy: Float = 0
            while let b = stack.popLast() {
                members.append(b)
                sxx += jxx[b]; syy += jyy[b]; sxy += jxy[b]
                let x = b % bw, y = b / bw
                for dy in -reach...reach {
                    for dx in -reach...reach where dx != 0 || dy != 0 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < bw, ny < bh else { continue }
                        let n = ny * bw + nx
                        guard barred[n], !seen[n], c2[n] * c2[b] + s2[n] * s2[b] >= minDot else { continue }
                        // A gap is bridged only across the bars (a wide bar or space), never along
                        // them (the next line of text above or below).
                        if max(abs(dx), abs(dy)) > 1 {
                            let (cx, sy) = direction(b)
                            let cosine = Double(dx) * cx + Double(dy) * sy
                            guard cosine * cosine >= 0.75 * Double(dx * dx + dy * dy) else { continue }
                        }
                        seen[n] = true; stack.append(n)
                    }
                }
            }
            guard members.count >= minBlocks else { continue }
            let angle = 0.5 * atan2(Double(2 * sxy), Double(sxx - syy))
            let total = Double(sxx + syy)
            let coherence = total > 0 ? (Double((sxx - syy) * (sxx - syy) + 4 * sxy * sxy)).squareRoot() / total : 0
            // Extents across (u, along the gradient) and along the bars (v).
            let ux = cos(angle), uy = sin(angle)
            var uLo = Double.infinity, uHi = -Double.infinity, vLo = Double.infinity, vHi = -Double.infinity
            var xLo = Int.max, xHi = Int.min, yLo = Int.max, yHi = Int.min
            for b in members {
                let cx = Double((b % bw) * block) + Double(block) / 2, cy = Double((b / bw) * block) + Double(block) / 2
                let u = cx * ux + cy * uy, v = -cx * uy + cy * ux
                uLo = min(uLo, u); uHi = max(uHi, u); vLo = min(vLo, v); vHi = max(vHi, v)
                xLo = min(xLo, (b % bw) * block); xHi = max(xHi, (b % bw + 1) * block)
                yLo = min(yLo, (b / bw) * block); yHi = max(yHi, (b / bw + 1) * block)
            }
            let across = uHi - uLo + Double(block), along = vHi - vLo + Double(block)
            guard across >= acrossRange.lowerBound, along >= minAlong else { continue }
            // The stretch across where the bars run straight; the area is that stretch, padded
            // by a quiet zone across the bars and a little along them.
            // Looked for about the middle of the patch, then nearer its ends (a UPC-A's bars stop
            // short for its digits; the patch may take in a line of text).
            let stretches = [0.0, -0.2, 0.2].compactMap {
                straightStretch(width: width, height: height, bytes: bytes, angle: angle, u: uLo - Double(block) / 2, across: across,
                                v: (vLo + vHi) / 2 + $0 * along, along: along)
            }
            guard let (from, to) = stretches.max(by: { $0.to - $0.from < $1.to - $1.from }),
                  acrossRange.contains(to - from), along >= minAlongShare * (to - from) else { continue }
            let padAcross = 16.0, padAlong = 4.0
            let u0 = from - padAcross, u1 = to + padAcross, v0 = vLo - Double(block) / 2 - padAlong, v1 = vHi + Double(block) / 2 + padAlong
            let xs = [u0 * ux - v0 * uy, u1 * ux - v0 * uy, u0 * ux - v1 * uy, u1 * ux - v1 * uy]
            let ys = [u0 * uy + v0 * ux, u1 * uy + v0 * ux, u0 * uy + v1 * ux, u1 * uy + v1 * ux]
            let x0 = max(0, Int(xs.min()!.rounded(.down))), x1 = min(width, Int(xs.max()!.rounded(.up)))
            let y0 = max(0, Int(ys.min()!.rounded(.down))), y1 = min(height, Int(ys.max()!.rounded(.up)))
            guard x1 - x0 >= 16, y1 - y0 >= 16 else { continue }
            let area = Area(x: x0, y: y0, width: x1 - x0, height: y1 - y0, angle: angle, coherence: coherence)
            areas.append((members.count, area))
        }
        return areas.sorted { $0.blocks > $1.blocks }.prefix(maxAreas).map(\.area)
    }

    /// The longest stretch across the patch (from `u`, `across` long, about `v` along the bars) where
    /// three scan lines a sixth of the patch's length apart see the same profile (windows of
    /// ``window`` px correlated at least ``minLineCorrelation``): the bars of a code run straight
    /// through it, the strokes of text change from line to line. Nil when shorter than the
    /// narrowest code (``acrossRange``).
    static func straightStretch(width: Int, height: Int, bytes: [UInt8], angle: Double, u: Double, across: Double,
                                v: Double, along: Double) -> (from: Double, to: Double)? {
        let ux = cos(angle), uy = sin(angle)
        let n = Int(across)
        func profile(_ v: Double, shift: Double = 0) -> [Double] {
            bytes.withUnsafeBufferPointer { px in
                (0..<n).map { k in
                    let u = u + Double(k) + shift
                    return GraySampling.bilinear(px, width: width, height: height, x: u * ux - v * uy, y: u * uy + v * ux)
                }
            }
        }
        // The outer lines shifted along (±2 px in half pixels) to line up best with the middle
        // one: the patch's angle is a little off, or the code is tilted in perspective.
        let step = max(2, along / 6)
        let middle = profile(v)
        let lines = [-1.0, 1].map { side in
            stride(from: -2.0, through: 2.0, by: 0.5).map { profile(v + side * step, shift: $0) }
                .max { correlation($0, middle) < correlation($1, middle) }!
        }
        // A run of straight windows may pass over one that is not (noise on a faint bar).
        var best: (from: Int, to: Int)?, runStart: Int?, misses = 0
        var k = 0
        while k + window <= n {
            let r = k..<(k + window)
            let straight = correlation(lines[0], middle, r) >= minLineCorrelation && correlation(middle, lines[1], r) >= minLineCorrelation
            if straight {
                if runStart == nil { runStart = k }
                misses = 0
                if let s = runStart, best == nil || k + window - s > best!.to - best!.from { best = (s, k + window) }
            } else {
                misses += 1
                if misses > 1 { runStart = nil }
            }
            k += windowStep
        }
        guard let best, Double(best.to - best.from) >= acrossRange.lowerBound else { return nil }
        return (u + Double(best.from), u + Double(best.to))
    }

    /// The correlation of `a` and `b` over `range` (all of both when nil; 0 when either is flat).
    static func correlation(_ a: [Double], _ b: [Double], _ range: Range<Int>? = nil) -> Double {
        let r = range ?? 0..<min(a.count, b.count)
        guard r.count >= 8, r.upperBound <= a.count, r.upperBound <= b.count else { return 0 }
        var sa = 0.0, sb = 0.0, sab = 0.0, saa = 0.0, sbb = 0.0
        for k in r {
            let x = a[k], y = b[k]
            sa += x; sb += y; sab += x * y; saa += x * x; sbb += y * y
        }
        let n = Double(r.count)
        let cov = sab - sa * sb / n, va = saa - sa * sa / n, vb = sbb - sb * sb / n
        return va > 1e-9 && vb > 1e-9 ? cov / (va * vb).squareRoot() : 0
    }
}
