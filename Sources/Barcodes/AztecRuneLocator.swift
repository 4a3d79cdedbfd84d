import DocumentModel
import Imaging

/// Finds the bullseyes of small compact-Aztec cores (Aztec runes, ``AztecRuneDecoder``): the
/// centre module and four square rings around it, alternately dark and light, so that a row
/// through the centre crosses seven runs of one module each (the light ring 3 out, dark, light,
/// the centre, light, dark, light) between the dark rings 4 out (one or two modules: the
/// message ring beyond may be dark). Such a row is confirmed down its column and along a
/// diagonal (one is enough: the rings' corners blur away on 2-px modules; a ring is one module
/// of steps of one pixel both ways on an upright core, half as many on a core turned 45°).
/// Light on dark too (the colours swapped). The QR finder search (``QRFinderLocator``) does the same for 1:1:3:1:1.
///
/// Pure Swift over 8-bit gray pixels, thresholded per block of ``block`` px at the middle of the
/// darkest and lightest levels of the 3 × 3 blocks around it; blocks of less contrast than
/// ``minContrast`` are taken as light (no edges to find there).
package enum AztecRuneLocator {
    /// A bullseye: its centre and module size in page pixels; `darkCentre`: dark on light.
    package struct Bullseye: Sendable, Equatable {
        package var x: Double
        package var y: Double
        package var module: Double
        package var darkCentre: Bool
    }

    static let block = 16
    static let minContrast = 40
    /// The seven central runs of a row span at least this many pixels (modules of 1.4 px).
    static let minSpan = 10
    /// Modules larger than this are not looked for (a core of 11 modules fills 200 px).
    static let maxModule = 18.0
    /// A run is one module when within these shares of the mean of the seven.
    static let runTolerance = (low: 0.5, high: 1.6)

    /// The bullseyes in `area` of `plane` (page pixels: `offset` is the plane's origin on the
    /// page), at most `maxCount`, none within 4 modules of an earlier one.
    package static func bullseyes(in plane: BarcodeGrayPlane, offset: Point = Point(x: 0, y: 0), maxCount: Int = 8) -> [Bullseye] {
        let w = plane.width, h = plane.height
        guard w >= minSpan + 4, h >= minSpan + 4 else { return [] }
        let thresholds = Self.thresholds(plane)
        let bw = (w + block - 1) / block
        var found: [Bullseye] = []
        plane.bytes.withUnsafeBufferPointer { p in
            func dark(_ x: Int, _ y: Int) -> Bool {
                let t = thresholds[(y / block) * bw + x / block]
                return t > 0 && Int(p[y * w + x]) < t
            }
            var lengths = [Int](repeating: 0, count: w + 1)
            var starts = [Int](repeating: 0, count: w + 1)
            var colours = [Bool](repeating: false, count: w + 1)
            for y in 0..<h {
                // The row's runs; a block without contrast is light as a whole.
                var n = 0, x = 0, runStart = 0, runDark = false
                let row = y * w, blockRow = (y / block) * bw
                while x < w {
                    let t = thresholds[blockRow + x / block], end = min(w, (x / block + 1) * block)
                    if t == 0 {
                        if runDark { lengths[n] = x - runStart; starts[n] = runStart; colours[n] = true; n += 1; runStart = x; runDark = false }
                        x = end
                        continue
                    }
                    while x < end {
                        let d = Int(p[row + x]) < t
                        if d != runDark {
                            if x > runStart { lengths[n] = x - runStart; starts[n] = runStart; colours[n] = runDark; n += 1 }
                            runStart = x; runDark = d
                        }
                        x += 1
                    }
                }
                lengths[n] = w - runStart; starts[n] = runStart; colours[n] = runDark; n += 1
                guard n >= 9 else { continue }
                for i in 0...(n - 9) {
                    var span = 0
                    for k in 1...7 { span += lengths[i + k] }
                    guard span >= minSpan else { continue }
                    let m = Double(span) / 7
                    guard m <= maxModule,
                          (1...7).allSatisfy({ Double(lengths[i + $0]) >= runTolerance.low * m && Double(lengths[i + $0]) <= runTolerance.high * m }),
                          Double(lengths[i]) >= 0.5 * m, Double(lengths[i + 8]) >= 0.5 * m,
                          Double(lengths[i]) <= 3 * m, Double(lengths[i + 8]) <= 3 * m else { continue }
                    let cx = starts[i + 4] + lengths[i + 4] / 2
                    let px = Double(cx) + Double(offset.x), py = Double(y) + Double(offset.y)
                    if found.contains(where: { abs($0.x - px) < 4 * $0.module && abs($0.y - py) < 4 * $0.module }) { continue }
                    guard let down = crossCheck(dark, cx, y, 0, 1, w, h, module: m),
                          crossCheck(dark, cx, Int(down.centre.rounded()), 1, 1, w, h, module: m, slack: 2.2) != nil
                            || crossCheck(dark, cx, Int(down.centre.rounded()), -1, 1, w, h, module: m, slack: 2.2) != nil else { continue }
                    found.append(Bullseye(x: px, y: down.centre + Double(offset.y), module: (m + down.module) / 2, darkCentre: colours[i + 4]))
                    if found.count >= maxCount { return }
                }
            }
        }
        return found
    }

    /// The runs along the line through (x, y) stepping by (dx, dy): the centre run and three
    /// more each way, each one module (within `slack` of `module`, the row's estimate, on a
    /// turned or slanted core), then a fourth each way. Returns the centre's position along y
    /// (the line's middle) and the module measured along the line, or nil.
    private static func crossCheck(_ dark: (Int, Int) -> Bool, _ x: Int, _ y: Int, _ dx: Int, _ dy: Int,
                                   _ w: Int, _ h: Int, module: Double, slack: Double = 1.4) -> (centre: Double, module: Double)? {
        guard x >= 0, y >= 0, x < w, y < h else { return nil }
        let limit = Int(module * 3 * slack) + 2
        /// Run lengths from (x, y) outward, the first including the start pixel: 5 runs.
        func runs(_ sx: Int, _ sy: Int) -> [Int]? {
            var out: [Int] = [], cx = x, cy = y, current = dark(x, y), length = 0
            while out.count < 5 {
                guard cx >= 0, cy >= 0, cx < w, cy < h else { return out.count == 4 ? out + [length] : nil }
                let d = dark(cx, cy)
                if d == current { length += 1 } else { out.append(length); current = d; length = 1 }
                guard length <= limit else { return out.count == 4 ? out + [length] : nil }
                cx += sx; cy += sy
            }
            return out
        }
        guard let forward = runs(dx, dy), let back = runs(-dx, -dy) else { return nil }
        let centre = forward[0] + back[0] - 1
        let seven = [centre] + Array(forward[1...3]) + Array(back[1...3])
        let m = Double(seven.reduce(0, +)) / 7
        guard m >= module / slack, m <= module * slack,
              seven.allSatisfy({ Double($0) >= runTolerance.low * m && Double($0) <= runTolerance.high * m }),
              Double(forward[4]) >= 0.5 * m, Double(back[4]) >= 0.5 * m else { return nil }
        let middle = Double(y) + Double(dy) * (Double(forward[0]) - Double(back[0])) / 2
        return (middle, m)
    }

    /// Per block of ``block`` px: the middle of the darkest and lightest levels of the 3 × 3
    /// blocks around it, or 0 (no dark pixel) where they differ by less than ``minContrast``.
    static func thresholds(_ plane: BarcodeGrayPlane) -> [Int] {
        let w = plane.width, h = plane.height
        let bw = (w + block - 1) / block, bh = (h + block - 1) / block
        var lo = [Int](repeating: 255, count: bw * bh), hi = [Int](repeating: 0, count: bw * bh)
        plane.bytes.withUnsafeBufferPointer { p in
            // Every second pixel of every second row is enough for a block's range.
            for y in stride(from: 0, to: h, by: 2) {
                let row = (y / block) * bw
                for bx in 0..<bw {
                    var l = lo[row + bx], u = hi[row + bx]
                    for x in stride(from: bx * block, to: min(w, bx * block + block), by: 2) {
                        let v = Int(p[y * w + x])
                        l = min(l, v); u = max(u, v)
                    }
                    lo[row + bx] = l; hi[row + bx] = u
                }
            }
        }
        var out = [Int](repeating: 0, count: bw * bh)
        for by in 0..<bh {
            for bx in 0..<bw {
                var l = 255, u = 0
                for ny in max(0, by - 1)...min(bh - 1, by + 1) {
                    for nx in max(0, bx - 1)...min(bw - 1, bx + 1) { l = min(l, lo[ny * bw + nx]); u = max(u, hi[ny * bw + nx]) }
                }
                out[by * bw + bx] = u - l >= minContrast ? (l + u + 1) / 2 : 0
            }
        }
        return out
    }
}
