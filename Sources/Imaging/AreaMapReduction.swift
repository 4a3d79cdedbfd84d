/// Leptonica's area-map reduction of an 8-bit gray image (`scaleGrayAreaMapLow`, what `pixScale`
/// uses for gray images reduced below 0.7), computed in two separable passes: the same pixels,
/// in about a third of the time.
///
/// Leptonica divides each source pixel into 16 × 16 sub-pixels and gives each destination pixel
/// the rounded mean of the sub-pixels it covers: a source pixel's weight is (sub-pixel columns
/// covered) × (sub-pixel rows covered), and the divisor, the area, is the product of the two
/// sums. So the sum over a destination pixel is a row of column weights applied to a column of
/// row weights: each source row is first reduced horizontally (one sum per destination column,
/// kept for the two or three destination rows that use it), then the rows are combined
/// vertically, and the rounded quotient `(sum + 128) / area` is leptonica's, bit for bit. Near
/// the right and bottom edges leptonica copies one source pixel instead (its `wm2`/`hm2` test);
/// so does this.
///
/// The pixels are leptonica's raster layout: rows of 32-bit words, `wordsPerLine` apart, each
/// word holding four pixels with the leftmost in its most significant byte (on a
/// little-endian machine pixel `x` is byte `x ^ 3` of the row). Pure: no C.
struct AreaMapReduction {
    /// The sub-pixel spans of one axis: for each destination index, the first and last source
    /// index it touches, their weights (sixteenths of a pixel covered), and whether leptonica
    /// copies a source pixel there instead (the last source index is past `size - 2`).
    struct Axis {
        var first: [Int], last: [Int]
        var firstWeight: [Int], lastWeight: [Int]
        /// Sixteenths covered in all: firstWeight + 16 × (whole pixels between) + lastWeight.
        var total: [Int]
        var copies: [Bool]

        /// The spans of a `source`-pixel axis reduced to `destination` pixels, with leptonica's
        /// arithmetic: the scale `16·source/destination` rounded to a 32-bit float, a start
        /// `Int(scale × i)` in float, an end `Int(scale × (i + 1.0))` in double.
        init(source: Int, destination: Int) {
            let scale = Float(16.0 * Double(Float(source)) / Double(Float(destination)))
            first = []; last = []; firstWeight = []; lastWeight = []; total = []; copies = []
            for i in 0..<destination {
                let upper = Int(scale * Float(i))
                let lower = Int(Double(scale) * (Double(i) + 1.0))
                let (u, l) = (upper >> 4, lower >> 4)
                first.append(u); last.append(l)
                firstWeight.append(16 - (upper & 15)); lastWeight.append(lower & 15)
                total.append((16 - (upper & 15)) + 16 * (l - u - 1) + (lower & 15))
                copies.append(l > source - 2)
            }
        }
    }

    /// True for the factors this reduction reproduces `pixScale` at: above 0.5 (leptonica halves
    /// in steps below it) and below 0.7 (it interpolates from there).
    static func handles(_ factor: Double) -> Bool { factor > 0.5 && factor < 0.7 }

    /// The destination size leptonica gives a `source`-pixel axis scaled by `factor`:
    /// `(l_int32)(scale × (l_float32)size + 0.5)`, the product in float.
    static func reducedSize(_ source: Int, by factor: Double) -> Int {
        Int(Double(Float(factor) * Float(source)) + 0.5)
    }

    /// Reduces `source` (`sourceWords` words a row; its size is the axes' source sizes) into
    /// `destination` (one pixel per entry of `columns` and `rows`, `destinationWords` words a row).
    static func reduce(source: UnsafePointer<UInt32>, sourceWords: Int,
                       into destination: UnsafeMutablePointer<UInt32>, destinationWords: Int,
                       columns: Axis, rows: Axis) {
        let sourceBytes = UnsafeRawPointer(source).assumingMemoryBound(to: UInt8.self)
        let destinationBytes = UnsafeMutableRawPointer(destination).assumingMemoryBound(to: UInt8.self)
        let wd = columns.first.count
        // Each source row reduced horizontally, kept in a ring of four (a destination row uses at
        // most three consecutive source rows, and destination rows move down monotonically).
        var ring = [UInt32](repeating: 0, count: 4 * wd)
        // The quotient by each area as a multiplication: ⌊n · (⌊2³²/a⌋ + 1) / 2³²⌋ = ⌊n/a⌋ for every
        // n < 256·a (a pixel's sum plus 128), as the error n/2³² stays below 1/a.
        let largest = (columns.total.max() ?? 0) * (rows.total.max() ?? 0)
        let reciprocals = (0...largest).map { $0 == 0 ? 0 : (UInt64(1) << 32) / UInt64($0) + 1 }
        var ringRow = [Int](repeating: -1, count: 4)
        columns.first.withUnsafeBufferPointer { first in
        columns.last.withUnsafeBufferPointer { last in
        columns.firstWeight.withUnsafeBufferPointer { firstWeight in
        columns.lastWeight.withUnsafeBufferPointer { lastWeight in
        columns.total.withUnsafeBufferPointer { total in
        columns.copies.withUnsafeBufferPointer { copies in
        reciprocals.withUnsafeBufferPointer { reciprocals in
        ring.withUnsafeMutableBufferPointer { ring in
            /// Source row `y` reduced horizontally (sums in sixteenths; copied columns left as they are).
            func reducedRow(_ y: Int) -> UnsafeMutablePointer<UInt32> {
                let slot = ring.baseAddress! + (y & 3) * wd
                if ringRow[y & 3] == y { return slot }
                ringRow[y & 3] = y
                let line = sourceBytes + y * sourceWords * 4
                for j in 0..<wd where !copies[j] {
                    let u = first[j], l = last[j]
                    var sum = firstWeight[j] &* Int(line[u ^ 3]) &+ lastWeight[j] &* Int(line[l ^ 3])
                    var m = u &+ 1
                    while m < l { sum &+= 16 &* Int(line[m ^ 3]); m &+= 1 }
                    slot[j] = UInt32(truncatingIfNeeded: sum)
                }
                return slot
            }
            for i in 0..<rows.first.count {
                let out = destinationBytes + i * destinationWords * 4
                let u = rows.first[i], l = rows.last[i]
                let topLine = sourceBytes + u * sourceWords * 4
                if rows.copies[i] {
                    for j in 0..<wd { out[j ^ 3] = topLine[first[j] ^ 3] }
                    continue
                }
                let top = reducedRow(u), bottom = reducedRow(l)
                var middle = reducedRow(u)   // weight 0 unless there is a whole row between
                var middleWeight = 0
                var extra: [UnsafeMutablePointer<UInt32>] = []
                if l - u >= 2 { middle = reducedRow(u + 1); middleWeight = 16 }
                if l - u > 2 { extra = (u + 2..<l).map { reducedRow($0) } }
                let topWeight = UInt32(rows.firstWeight[i]), bottomWeight = UInt32(rows.lastWeight[i])
                let midWeight = UInt32(middleWeight), rowTotal = rows.total[i]
                for j in 0..<wd {
                    if copies[j] { out[j ^ 3] = topLine[first[j] ^ 3]; continue }
                    var sum = topWeight &* top[j] &+ bottomWeight &* bottom[j] &+ midWeight &* middle[j]
                    for row in extra { sum &+= 16 &* row[j] }
                    let area = reciprocals[total[j] &* rowTotal]
                    out[j ^ 3] = UInt8(truncatingIfNeeded: (UInt64(sum &+ 128) &* area) >> 32)
                }
            }
        }}}}}}}}
    }
}
