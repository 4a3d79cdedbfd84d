import DocumentModel
import Imaging

/// Finds places where a QR code may be in a photo: its three finder patterns (the nested squares
/// in three corners, dark:light:dark:light:dark runs of 1:1:3:1:1 modules across and down),
/// grouped in threes that make the right angle of a symbol. The areas around such triples are
/// read one by one: in a cluttered photo zxing-cpp 1.4's own detector drowns in finder-like
/// shapes (fabric, keyboards) and in uneven light, where a crop around the code decodes.
///
/// Pure Swift over 8-bit gray pixels; the decoding (with its error correction, which keeps false
/// positives out) stays zxing's. Works on a pyramid (full size, then halved while the short side
/// is at least 160 px) with a local threshold, so modules from about 2 to 8 pixels of some level
/// are seen: every size from small codes in a 12-megapixel photo to a code filling the frame.
package enum QRFinderLocator {
    /// One finder pattern: its centre and module size in page pixels; `hits`: how many scan lines
    /// confirmed it (a real pattern is crossed by several).
    package struct Finder: Sendable, Equatable {
        package var x: Double
        package var y: Double
        package var module: Double
        package var hits: Int
    }

    /// Three finder patterns that make the corner of a symbol: `corner` (top left of the symbol
    /// as printed), `right` (top right) and `below` (bottom left), ordered so that the turn from
    /// `right` to `below` about `corner` is clockwise in image coordinates (y down), as on an
    /// unmirrored symbol; `area`: the crop read around them (page pixels).
    package struct Triple: Sendable, Equatable {
        package var corner: Finder
        package var right: Finder
        package var below: Finder
        package var area: Box
        /// Within the first, stricter shape limits (legs within 1.6× of each other, at 90° ± 27°,
        /// at least 12 modules long): its area is worth reading whole (``BarcodePass/Area/finderPatterns``);
        /// a triple found only with the wider limits is read upright alone (a small copy).
        package var strict: Bool = true

        /// The mean module size of the three patterns, in page pixels.
        package var module: Double { (corner.module + right.module + below.module) / 3 }
    }

    /// Areas (page pixels) around strictly shaped triples of finder patterns, best-shaped triple
    /// first, at most `maxCrops`, none nearly the same as an earlier one.
    package static func crops(in plane: BarcodeGrayPlane, maxCrops: Int = 40) -> [Box] {
        triples(in: plane, maxCrops: maxCrops).filter(\.strict).map(\.area)
    }

    /// The triples of finder patterns on `plane`, best-shaped first (see ``crops(in:maxCrops:)``).
    package static func triples(in plane: BarcodeGrayPlane, maxCrops: Int = 40) -> [Triple] {
        triples(of: finders(in: plane), width: plane.width, height: plane.height, maxCrops: maxCrops)
    }

    /// Finder patterns on every level of the pyramid, merged (a pattern seen on two levels is
    /// kept once, from the level where more scan lines confirmed it); at most ``maxFinders``,
    /// most confirmed first.
    package static func finders(in plane: BarcodeGrayPlane) -> [Finder] {
        var level = plane, factor = 1.0
        var all: [Finder] = []
        while true {
            // The label threshold on the halved levels and below (a quarter of the pixels: the
            // full-size level is most of the search's time).
            for mode in ThresholdMode.allCases where mode == .mean || factor > 1 {
                for f in levelFinders(level, mode: mode) {
                    all.append(Finder(x: f.x * factor, y: f.y * factor, module: f.module * factor, hits: f.hits))
                }
            }
            guard min(level.width, level.height) >= 160 else { break }
            level = halved(level)
            factor *= 2
        }
        var merged: [Finder] = []
        for f in all {
            if let i = merged.firstIndex(where: { hypot($0.x - f.x, $0.y - f.y) < 2 * max($0.module, f.module)
                && max($0.module, f.module) < 2 * min($0.module, f.module) }) {
                if f.hits > merged[i].hits { merged[i] = f }
            } else {
                merged.append(f)
            }
        }
        return Array(merged.sorted { $0.hits > $1.hits }.prefix(maxFinders))
    }

    /// The triples considered are among this many finder patterns.
    static let maxFinders = 120
    /// A triple's legs may differ in length up to this ratio, and meet at an angle whose cosine
    /// is up to this (90° ± 45°): a symbol seen at a slant (measured on the dev set's photos:
    /// 1.8 and 0.67 on a card photographed from the side).
    static let maxLegRatio = 2.0
    static let maxCosine = 0.72
    /// How much longer a finder may be across than down, or the reverse (a symbol seen at a
    /// slant: perspective squeezes its patterns along one axis).
    static let maxAspect = 2.5
    /// Local threshold: a pixel is dark below this fraction of the mean around it.
    static let darkRatio = 0.85
    /// Half the side of the window the mean is taken over, in pixels of the level (used in whole
    /// 8-px blocks: 5 blocks each side of the pixel's block, an 88-px window).
    static let windowRadius = 40

    // MARK: Triples

    /// The finder triples and their crop areas. A triple is a corner pattern A and two others B, C with
    /// similar module sizes (within 2×), legs AB and AC of similar length (within ``maxLegRatio``),
    /// between 10 and 180 modules (versions 1 to 40, a version-1 symbol's 14 squeezed by a curve or a slant), at 90° ± 45°
    /// (|cos| ≤ ``maxCosine``); the best-shaped come first.
    /// The area is the parallelogram A, B, C, B + C − A, grown by 8 modules and 10 %.
    static func triples(of finders: [Finder], width: Int, height: Int, maxCrops: Int) -> [Triple] {
        struct Candidate { var a: Int, b: Int, c: Int, score: Double, strict: Bool }
        var triples: [Candidate] = []
        let n = finders.count
        for a in 0..<n {
            let A = finders[a]
            for b in 0..<n where b != a {
                let B = finders[b]
                guard max(A.module, B.module) <= 2 * min(A.module, B.module) else { continue }
                let abx = B.x - A.x, aby = B.y - A.y, lb = hypot(abx, aby)
                for c in (b + 1)..<max(b + 1, n) where c != a {
                    let C = finders[c]
                    let mx = max(A.module, B.module, C.module), mn = min(A.module, B.module, C.module)
                    guard mx <= 2 * mn else { continue }
                    let acx = C.x - A.x, acy = C.y - A.y, lc = hypot(acx, acy)
                    let m = (A.module + B.module + C.module) / 3
                    guard lb >= 10 * m, lc >= 10 * m, lb <= 180 * m, lc <= 180 * m,
                          max(lb, lc) <= maxLegRatio * min(lb, lc) else { continue }
                    let cosine = (abx * acx + aby * acy) / (lb * lc)
                    guard abs(cosine) <= maxCosine else { continue }
                    let strict = abs(cosine) <= 0.45 && max(lb, lc) <= 1.6 * min(lb, lc) && min(lb, lc) >= 12 * m
                    triples.append(Candidate(a: a, b: b, c: c, score: abs(cosine) + abs(lb - lc) / max(lb, lc), strict: strict))
                }
            }
        }
        // The strictly shaped first (as they were before the wider limits), each kind best-shaped first.
        triples.sort { ($0.strict ? 0 : 1, $0.score) < ($1.strict ? 0 : 1, $1.score) }
        var kept: [Triple] = []
        for t in triples {
            guard kept.count < maxCrops else { break }
            let A = finders[t.a], B = finders[t.b], C = finders[t.c]
            let xs = [A.x, B.x, C.x, B.x + C.x - A.x], ys = [A.y, B.y, C.y, B.y + C.y - A.y]
            let m = (A.module + B.module + C.module) / 3
            let x0 = xs.min()!, x1 = xs.max()!, y0 = ys.min()!, y1 = ys.max()!
            let pad = 8 * m + 0.1 * max(x1 - x0, y1 - y0)
            let left = max(0, Int(x0 - pad)), top = max(0, Int(y0 - pad))
            let right = min(width, Int(x1 + pad)), bottom = min(height, Int(y1 + pad))
            guard right - left >= 8, bottom - top >= 8 else { continue }
            let box = Box(x: left, y: top, width: right - left, height: bottom - top)
            let repeated = kept.contains { other in
                guard let common = other.area.intersection(box) else { return false }
                return Double(common.area) >= 0.8 * Double(max(other.area.area, box.area))
            }
            guard !repeated else { continue }
            // Unmirrored order: AB × AC > 0 with y pointing down.
            let clockwise = (B.x - A.x) * (C.y - A.y) - (B.y - A.y) * (C.x - A.x) > 0
            kept.append(Triple(corner: A, right: clockwise ? B : C, below: clockwise ? C : B, area: box, strict: t.strict))
        }
        return kept
    }

    // MARK: One level

    /// Finder patterns of one level, in its pixels.
    static func levelFinders(_ plane: BarcodeGrayPlane, mode: ThresholdMode = .mean) -> [Finder] {
        let w = plane.width, h = plane.height
        guard w >= 21, h >= 21 else { return [] }
        let dark = darkMask(plane, mode: mode)
        var found: [Finder] = []
        var runs: [Int] = [], starts: [Int] = []
        dark.withUnsafeBufferPointer { mask in
            for y in 0..<h {
                // Runs of the row; a positive length is dark, a negative one light.
                runs.removeAll(keepingCapacity: true)
                starts.removeAll(keepingCapacity: true)
                var x = 0
                let row = y * w
                while x < w {
                    let start = x, value = mask[row + x]
                    while x < w && mask[row + x] == value { x += 1 }
                    runs.append(value != 0 ? x - start : start - x)
                    starts.append(start)
                }
                var i = 0
                while i + 4 < runs.count {
                    defer { i += 1 }
                    guard runs[i] > 0, runs[i + 1] < 0, runs[i + 2] > 0, runs[i + 3] < 0, runs[i + 4] > 0 else { continue }
                    let centre = runs[i + 2]
                    guard looksLikeFinder(runs[i], -runs[i + 1], centre, -runs[i + 3], runs[i + 4]) else { continue }
                    let across = runs[i] - runs[i + 1] + centre - runs[i + 3] + runs[i + 4]
                    let cx = starts[i + 2] + centre / 2
                    guard let (cy, down) = crossCheck(mask, w, h, x: cx, y: y, vertical: true),
                          Double(down) <= maxAspect * Double(across), Double(across) <= maxAspect * Double(down),
                          let (cx2, across2) = crossCheck(mask, w, h, x: cx, y: Int(cy), vertical: false)
                    else { continue }
                    let module = Double(across2 + down) / 14
                    if let k = found.firstIndex(where: { abs($0.x - cx2) < 2 * module && abs($0.y - cy) < 2 * module
                        && abs($0.module - module) < 0.6 * module }) {
                        let f = found[k], n = Double(f.hits)
                        found[k] = Finder(x: (f.x * n + cx2) / (n + 1), y: (f.y * n + cy) / (n + 1),
                                          module: (f.module * n + module) / (n + 1), hits: f.hits + 1)
                    } else {
                        found.append(Finder(x: cx2, y: cy, module: module, hits: 1))
                    }
                }
            }
        }
        return found
    }

    /// Five run lengths in the ratio 1:1:3:1:1, each within half a module (1.5 for the centre).
    static func looksLikeFinder(_ c0: Int, _ c1: Int, _ c2: Int, _ c3: Int, _ c4: Int) -> Bool {
        let total = c0 + c1 + c2 + c3 + c4
        guard total >= 7 else { return false }
        // In sevenths of a pixel, doubled: 2·|7·run − total| < total (3× for the centre).
        return 2 * abs(7 * c0 - total) < total && 2 * abs(7 * c1 - total) < total
            && 2 * abs(7 * c2 - 3 * total) < 3 * total && 2 * abs(7 * c3 - total) < total
            && 2 * abs(7 * c4 - total) < total
    }

    /// The runs through (x, y) down the column (or along the row): the centre of the middle
    /// dark run and the five runs' total, when they look like a finder.
    static func crossCheck(_ mask: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, x: Int, y: Int,
                           vertical: Bool) -> (centre: Double, total: Int)? {
        let n = vertical ? h : w, origin = vertical ? y : x
        func dark(_ i: Int) -> Bool { vertical ? mask[i * w + x] != 0 : mask[y * w + i] != 0 }
        guard dark(origin) else { return nil }
        var c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0
        var i = origin
        while i >= 0 && dark(i) { c2 += 1; i -= 1 }
        while i >= 0 && !dark(i) { c1 += 1; i -= 1 }
        guard i >= 0 else { return nil }
        while i >= 0 && dark(i) { c0 += 1; i -= 1 }
        i = origin + 1
        while i < n && dark(i) { c2 += 1; i += 1 }
        while i < n && !dark(i) { c3 += 1; i += 1 }
        guard i < n else { return nil }
        while i < n && dark(i) { c4 += 1; i += 1 }
        guard looksLikeFinder(c0, c1, c2, c3, c4) else { return nil }
        let centreEnd = i - c4 - c3
        return (Double(centreEnd) - Double(c2) / 2, c0 + c1 + c2 + c3 + c4)
    }

    /// How a pixel is judged dark against the window around it.
    enum ThresholdMode: CaseIterable {
        /// Darker than ``darkRatio`` × the window's mean.
        case mean
        /// Darker than halfway between the window's mean and its lightest 8×8 block (when they
        /// differ by ``minLightContrast`` at least): gray print on a light label next to a dark
        /// surround (a label on a dark bottle, a card on a dark desk), where the mean is dragged
        /// below the print.
        case light
    }

    /// The ``ThresholdMode/light`` threshold needs this much between the lightest block and the mean.
    static let minLightContrast = 24

    /// 1 where a pixel is darker than the threshold of `mode` for the window around it. The mean
    /// is taken per 8×8 block, over the blocks within ``windowRadius`` of the pixel's block (as
    /// zxing's hybrid binariser does): one addition and one comparison per pixel.
    static func darkMask(_ plane: BarcodeGrayPlane, mode: ThresholdMode = .mean) -> [UInt8] {
        let w = plane.width, h = plane.height, side = 8
        let bw = (w + side - 1) / side, bh = (h + side - 1) / side, k = windowRadius / side
        var sums = [Int](repeating: 0, count: bw * bh)
        var mask = [UInt8](repeating: 0, count: w * h)
        plane.bytes.withUnsafeBufferPointer { px in
            sums.withUnsafeMutableBufferPointer { blocks in
                for y in 0..<h {
                    let row = y * w, blockRow = (y / side) * bw
                    var x = 0, b = 0
                    while x < w {
                        let end = min(x + side, w)
                        var sum = 0
                        while x < end { sum += Int(px[row + x]); x += 1 }
                        blocks[blockRow + b] += sum
                        b += 1
                    }
                }
            }
            // Summed-area table of the block sums and pixel counts; then each block's threshold.
            var table = [Int](repeating: 0, count: (bw + 1) * (bh + 1))
            var counts = [Int](repeating: 0, count: (bw + 1) * (bh + 1))
            for by in 0..<bh {
                let rows = min(side, h - by * side)
                for bx in 0..<bw {
                    let n = rows * min(side, w - bx * side)
                    let i = (by + 1) * (bw + 1) + bx + 1
                    table[i] = sums[by * bw + bx] + table[i - 1] + table[i - bw - 1] - table[i - bw - 2]
                    counts[i] = n + counts[i - 1] + counts[i - bw - 1] - counts[i - bw - 2]
                }
            }
            // The lightest block mean within the window (a separable running maximum).
            var lightest: [Int] = []
            if mode == .light {
                var across = [Int](repeating: 0, count: bw * bh)
                for by in 0..<bh {
                    for bx in 0..<bw {
                        var m = 0
                        for x in max(0, bx - k)..<min(bw, bx + k + 1) {
                            let n = min(side, h - by * side) * min(side, w - x * side)
                            m = max(m, sums[by * bw + x] / max(1, n))
                        }
                        across[by * bw + bx] = m
                    }
                }
                lightest = [Int](repeating: 0, count: bw * bh)
                for by in 0..<bh {
                    for bx in 0..<bw {
                        var m = 0
                        for y in max(0, by - k)..<min(bh, by + k + 1) { m = max(m, across[y * bw + bx]) }
                        lightest[by * bw + bx] = m
                    }
                }
            }
            var threshold = [UInt8](repeating: 0, count: bw * bh)
            for by in 0..<bh {
                let y0 = max(0, by - k), y1 = min(bh, by + k + 1)
                for bx in 0..<bw {
                    let x0 = max(0, bx - k), x1 = min(bw, bx + k + 1)
                    let a = y1 * (bw + 1) + x1, b = y0 * (bw + 1) + x1, c = y1 * (bw + 1) + x0, d = y0 * (bw + 1) + x0
                    let sum = table[a] - table[b] - table[c] + table[d]
                    let count = counts[a] - counts[b] - counts[c] + counts[d]
                    // Dark: v < mean × ratio, i.e. v < threshold (rounded up).
                    let mean = Double(sum) / Double(max(1, count))
                    var limit = mean * darkRatio
                    if mode == .light, Double(lightest[by * bw + bx]) - mean >= Double(minLightContrast) {
                        limit = (mean + Double(lightest[by * bw + bx])) / 2
                    }
                    threshold[by * bw + bx] = UInt8(clamping: Int(limit.rounded(.up)))
                }
            }
            threshold.withUnsafeBufferPointer { limits in
                mask.withUnsafeMutableBufferPointer { out in
                    for y in 0..<h {
                        let row = y * w, blockRow = (y / side) * bw
                        var x = 0, b = 0
                        while x < w {
                            let end = min(x + side, w), limit = limits[blockRow + b]
                            while x < end { out[row + x] = px[row + x] < limit ? 1 : 0; x += 1 }
                            b += 1
                        }
                    }
                }
            }
        }
        return mask
    }

    /// Half the width and height, each pixel the mean of a 2×2 block.
    static func halved(_ plane: BarcodeGrayPlane) -> BarcodeGrayPlane {
        let w = plane.width / 2, h = plane.height / 2, sw = plane.width
        var out = [UInt8](repeating: 0, count: w * h)
        plane.bytes.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<h {
                    let r0 = 2 * y * sw, r1 = r0 + sw
                    for x in 0..<w {
                        let top = Int(px[r0 + 2 * x]) + Int(px[r0 + 2 * x + 1])
                        let bottom = Int(px[r1 + 2 * x]) + Int(px[r1 + 2 * x + 1])
                        o[y * w + x] = UInt8((top + bottom + 2) / 4)
                    }
                }
            }
        }
        return BarcodeGrayPlane(width: w, height: h, bytes: out)
    }
}

private func hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
