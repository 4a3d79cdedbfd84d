import DocumentModel
import Imaging

/// Finds places where a small Data Matrix symbol may be on a page: its finder, a solid L of two
/// perpendicular dark edges (of about the same length, or up to 4.5 times as long: the
/// rectangular symbols of 8–16 × 18–48 modules), whose two opposite sides (the timing
/// pattern) alternate dark and light. The candidate search (leptonica morphology at 2×) finds no
/// code-like region around a symbol of 1–1.5-px modules, so no other pass reads it; this search
/// looks at single pixels.
///
/// Pure Swift over 8-bit gray pixels, one global threshold: every row is scanned for dark runs
/// of ``minSide``–``maxSide`` px (a page of text has few: rulings, a few long strokes), and only
/// at such a run are the column and the opposite sides looked at. Any of the four 90° turns is
/// found; a symbol turned by another angle is not. The decoding (with its error correction,
/// which keeps false positives out) stays zxing's.
package enum DataMatrixLocator {
    /// A pixel below this gray level is dark (128: the high bit clear, tested 4 pixels at a time).
    static let cut: UInt8 = 128
    /// The L's horizontal leg is this long at least and at most, in pixels (8 modules of 1.25 px;
    /// a 144-module symbol of about 1.4-px modules), its vertical leg 8 px at least, the longer
    /// leg 14 px at least. Bigger symbols are found by the candidate search.
    static let minSide = 10
    static let maxSide = 200
    /// The longer leg is at most this many times the shorter (a 8 × 32 or 12 × 36 symbol: 4 and 3).
    static let maxLegRatio = 4.5
    /// The timing pattern of each opposite side has at least this many dark runs (a 10-module
    /// symbol has 5).
    static let minTimingRuns = 4

    /// The squares (page pixels) of the L finders found, at most `maxCount`, none overlapping an earlier one.
    package static func symbols(in plane: BarcodeGrayPlane, maxCount: Int = 12) -> [Box] {
        let w = plane.width, h = plane.height
        guard w >= minSide, h >= minSide else { return [] }
        var found: [Box] = []
        plane.bytes.withUnsafeBufferPointer { p in
            func dark(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < w && y < h && p[y * w + x] < cut }
            /// Dark pixels from (x, y) on, stepping by (dx, dy), with one pixel of slack across.
            func run(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int, limit: Int) -> Int {
                var n = 0, cx = x, cy = y
                while n < limit {
                    if dark(cx, cy) {
                    } else if dark(cx + dy, cy + dx) { cx += dy; cy += dx
                    } else if dark(cx - dy, cy - dx) { cx -= dy; cy -= dx
                    } else { break }
                    n += 1; cx += dx; cy += dy
                }
                return n
            }
            /// Dark runs along `length` pixels from (x, y) stepping by (dx, dy), and the dark fraction.
            func timing(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int, length: Int) -> (runs: Int, fraction: Double) {
                var runs = 0, darkCount = 0, previous = false
                for i in 0..<length {
                    let d = dark(x + i * dx, y + i * dy)
                    if d { darkCount += 1; if !previous { runs += 1 } }
                    previous = d
                }
                return (runs, Double(darkCount) / Double(length))
            }
            /// A leg's outer side is a quiet zone: past the leg's thickness (measured at its middle,
            /// at most a quarter of its length, 3 px at least), the line alongside is light (a dot
            /// screen or a grid of rules, whose solid lines have more pattern beside them, is not).
            func quiet(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int, outward: (Int, Int), length: Int) -> Bool {
                let mx = x + dx * (length / 2), my = y + dy * (length / 2)
                let maxThickness = max(3, length / 4)
                var t = 0
                while t <= maxThickness && dark(mx + t * outward.0, my + t * outward.1) { t += 1 }
                guard t <= maxThickness else { return false }
                let line = timing(x + (t + 1) * outward.0, y + (t + 1) * outward.1, dx, dy, length: length)
                return line.fraction <= 0.2
            }
            /// The timing pattern along a side: the best of the outermost line and the two inside it.
            func alternates(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int, inward: (Int, Int), length: Int) -> Bool {
                for k in 0..<3 {
                    let t = timing(x + k * inward.0, y + k * inward.1, dx, dy, length: length)
                    if t.runs >= minTimingRuns && t.fraction >= 0.25 && t.fraction <= 0.75 { return true }
                }
                return false
            }
            let raw = UnsafeRawPointer(p.baseAddress!)
            for y in 0..<h {
                let row = y * w
                var x = 0
                while x + 4 <= w {
                    // A run of 7+ dark pixels holds 4 dark pixels at a multiple of 4: read 4 at a
                    // time (dark: below 128, the high bit clear) and look closer only there.
                    guard raw.loadUnaligned(fromByteOffset: row + x, as: UInt32.self) & 0x8080_8080 == 0 else { x += 4; continue }
                    var start = x
                    while start > 0 && p[row + start - 1] < cut { start -= 1 }
                    var end = x + 4
                    while end < w && p[row + end] < cut { end += 1 }
                    x = start
                    let length = end - x
                    defer { x = (end + 3) / 4 * 4 }
                    guard length >= minSide, length <= maxSide else { continue }
                    if found.contains(where: { $0.minY <= y && y < $0.maxY && $0.minX < end && x < $0.maxX }) { continue }
                    // The corner at either end of the run, the other leg up or down.
                    for (cx, hx) in [(x, 1), (end - 1, -1)] {
                        for vy in [-1, 1] {
                            let limit = min(maxSide, Int(Double(length) * maxLegRatio) + 2)
                            let legs = run(cx, y, 0, vy, limit: limit)
                            guard legs < limit, legs >= 8, max(legs, length) >= 14,
                                  Double(legs) * maxLegRatio >= Double(length) else { continue }
                            let farX = cx + hx * (length - 1), farY = y + vy * (legs - 1)
                            // Opposite sides: the row at the far end of the vertical leg, the column at the far end of the run.
                            guard alternates(cx, farY, hx, 0, inward: (0, -vy), length: length),
                                  alternates(farX, y, 0, vy, inward: (-hx, 0), length: legs) else { continue }
                            guard quiet(cx, y, hx, 0, outward: (0, -vy), length: length),
                                  quiet(cx, y, 0, vy, outward: (-hx, 0), length: legs) else { continue }
                            // A square found inside another (a run of data modules with a leg) joins it.
                            var box = Box(x: min(cx, farX), y: min(y, farY), width: length, height: legs)
                            while let i = found.firstIndex(where: { $0.intersection(box) != nil }) { box = box.union(found.remove(at: i)) }
                            found.append(box)
                        }
                    }
                    if found.count >= maxCount { return }
                }
            }
        }
        return found
    }
}
