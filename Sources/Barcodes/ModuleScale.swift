import Imaging

/// The module size of a code in a small gray area, estimated from its run lengths, and the
/// area enlarged to a good module size.
///
/// zxing-cpp 1.4 needs modules of about 2 px or more: below that its binarisers (a per-row
/// histogram for linear codes, 8 × 8-px local averages for matrix codes) merge the thinnest bars
/// and modules, and a copy enlarged by linear interpolation (`pixScale`, the staged search's 2×
/// pass) keeps them too soft. A copy enlarged 3× or 4× with a sharper kernel (Keys' cubic)
/// keeps their edges where they were: the gray levels of a blurred 1-px module still say where
/// its edges lie. Pure Swift over 8-bit gray pixels.
package enum ModuleScale {
    /// The narrowest module the reader is trusted with; smaller ones are enlarged.
    static let smallModule = 2.0
    /// The enlargements tried, in order (see ``BarcodeReader/readSmallModules``).
    static let factors = [3, 4]
    /// Ink and paper must differ by at least this much (of 255) for the area to hold a code.
    static let minContrast = 48

    /// The narrow-module size of the code in `plane`, in pixels; nil when the area has too little
    /// contrast or too few runs to tell (a blank or nearly blank area).
    ///
    /// The area is cut at the midpoint of its 5th and 95th percentile gray levels; along 16
    /// rows and 16 columns the lengths of the dark and light runs between the first and the last
    /// edge are collected; the direction with more runs is the one across the bars (either, for a
    /// matrix code). A code's runs are 1 to 4 modules (linear) or 1 to a few (matrix), a fifth of
    /// them or more one module: the 20th percentile of the run lengths is one module.
    package static func estimate(_ plane: BarcodeGrayPlane) -> Double? {
        guard let cut = threshold(plane) else { return nil }
        let rows = runs(plane, cut: cut, alongRows: true), columns = runs(plane, cut: cut, alongRows: false)
        let across = rows.count >= columns.count ? rows : columns
        guard across.count >= 20 else { return nil }
        let sorted = across.sorted()
        return Double(sorted[sorted.count / 5])
    }

    /// The midpoint between the area's dark (5th percentile) and light (95th percentile) gray
    /// levels; nil when they differ by less than ``minContrast``.
    static func threshold(_ plane: BarcodeGrayPlane) -> UInt8? {
        plane.midGray(minContrast: minContrast)
    }

    /// Lengths of the runs (dark or light) between the first and last edge of 16 evenly spaced
    /// rows (or columns) of `plane` cut at `cut`.
    static func runs(_ plane: BarcodeGrayPlane, cut: UInt8, alongRows: Bool) -> [Int] {
        let lines = alongRows ? plane.height : plane.width, length = alongRows ? plane.width : plane.height
        guard lines > 0, length > 1 else { return [] }
        var found: [Int] = []
        for k in 0..<16 {
            let line = (2 * k + 1) * lines / 32
            var last: Bool? = nil, start = -1
            for i in 0..<length {
                let value = alongRows ? plane.bytes[line * plane.width + i] : plane.bytes[i * plane.width + line]
                let dark = value < cut
                if let previous = last, previous != dark {
                    if start >= 0 { found.append(i - start) }
                    start = i
                }
                last = dark
            }
        }
        return found
    }

    /// `plane` enlarged `factor` times with Keys' cubic kernel (a = −0.5), clamped to 0–255.
    static func enlarged(_ plane: BarcodeGrayPlane, factor: Int) -> BarcodeGrayPlane {
        let w = plane.width, h = plane.height, ow = w * factor, oh = h * factor
        // Per output column (and row): the first source index and the four weights.
        func taps(_ count: Int, _ size: Int) -> [(Int, [Double])] {
            (0..<count).map { o in
                let x = (Double(o) + 0.5) / Double(factor) - 0.5
                let base = Int(x.rounded(.down))
                let t = x - Double(base)
                return (base - 1, [cubic(1 + t), cubic(t), cubic(1 - t), cubic(2 - t)])
            }
        }
        let xTaps = taps(ow, w), yTaps = taps(oh, h)
        // Rows first: each source row enlarged across, then the columns down.
        var across = [Double](repeating: 0, count: ow * h)
        plane.bytes.withUnsafeBufferPointer { px in
            for y in 0..<h {
                for (o, (first, weights)) in xTaps.enumerated() {
                    var sum = 0.0
                    for k in 0..<4 { sum += weights[k] * Double(px[y * w + min(w - 1, max(0, first + k))]) }
                    across[y * ow + o] = sum
                }
            }
        }
        var out = [UInt8](repeating: 255, count: ow * oh)
        for (o, (first, weights)) in yTaps.enumerated() {
            let rows = (0..<4).map { min(h - 1, max(0, first + $0)) * ow }
            for x in 0..<ow {
                var sum = 0.0
                for k in 0..<4 { sum += weights[k] * across[rows[k] + x] }
                out[o * ow + x] = UInt8(min(255, max(0, sum.rounded())))
            }
        }
        return BarcodeGrayPlane(width: ow, height: oh, bytes: out)
    }

    /// Keys' cubic convolution kernel with a = −0.5 (Catmull–Rom).
    private static func cubic(_ x: Double) -> Double {
        let x = abs(x)
        if x < 1 { return (1.5 * x - 2.5) * x * x + 1 }
        if x < 2 { return ((-0.5 * x + 2.5) * x - 4) * x + 2 }
        return 0
    }
}
