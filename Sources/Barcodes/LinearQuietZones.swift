import Imaging

/// Whether a linear symbol read on a gray plane has real quiet zones: light, even ground before
/// its first bar and after its last, over the height of its bars, not only along the scan line
/// it was read on.
///
/// A reader accepts a linear symbol when one scan line (two, agreeing) shows the bar pattern with
/// a light run at each end. In a random dot texture (a halftone, a photo's noise) such a run
/// happens by chance on one line, and on an inverted copy of the texture zxing-cpp 1.4 reads
/// short Codabar symbols (`D12B`) there. A printed symbol has its quiet zones the whole height of
/// its bars; the texture has them only on the line that was read. Pure: gray bytes in, a verdict out.
struct LinearQuietZones {
    /// Share of the samples in each quiet zone that must be lighter than the symbol's mid gray.
    static let minLightShare = 0.85

    let gray: [UInt8]
    let width: Int
    let height: Int

    /// `corners`: tl, tr, br, bl in the plane's pixels, tl → tr the reading direction (first bar
    /// to last bar). True when both quiet zones are light, or when they fall outside the plane
    /// (nothing to judge).
    func hasQuietZones(_ corners: [(x: Double, y: Double)]) -> Bool {
        guard corners.count == 4, width > 0, height > 0, gray.count == width * height else { return true }
        let start = (x: (corners[0].x + corners[3].x) / 2, y: (corners[0].y + corners[3].y) / 2)
        let end = (x: (corners[1].x + corners[2].x) / 2, y: (corners[1].y + corners[2].y) / 2)
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length >= 8 else { return true }
        let ux = dx / length, uy = dy / length
        let nx = -uy, ny = ux
        // The reported height spans only the scan lines that agreed: judge at least 5 % of the
        // symbol's length (bars are taller than that) to either side of its middle line.
        let topMid = (x: (corners[0].x + corners[1].x) / 2, y: (corners[0].y + corners[1].y) / 2)
        let bottomMid = (x: (corners[3].x + corners[2].x) / 2, y: (corners[3].y + corners[2].y) / 2)
        let reported = abs((bottomMid.x - topMid.x) * nx + (bottomMid.y - topMid.y) * ny)
        let halfBand = max(3, reported / 2, 0.05 * length)
        let symbol = samples(from: start, along: (ux, uy), depth: length, normal: (nx, ny), halfBand: halfBand)
        guard let cut = BarcodeGrayPlane(width: symbol.count, height: 1, bytes: symbol).midGray(minContrast: 1) else { return true }
        let mid = Double(cut)
        // Quiet zones 3 % of the length deep (at least 3 px), from 1 px past the outer bars.
        let depth = max(3, 0.03 * length)
        for (origin, direction) in [((x: start.x - ux, y: start.y - uy), (-ux, -uy)), ((x: end.x + ux, y: end.y + uy), (ux, uy))] {
            let zone = samples(from: origin, along: direction, depth: depth, normal: (nx, ny), halfBand: halfBand)
            guard !zone.isEmpty else { continue }
            let light = zone.filter { Double($0) > mid }.count
            if Double(light) < Self.minLightShare * Double(zone.count) { return false }
        }
        return true
    }

    /// Gray values on a grid of 1-px steps: `depth` along `along` from `origin`, `halfBand` to
    /// either side along `normal`; points off the plane are left out.
    private func samples(from origin: (x: Double, y: Double), along: (Double, Double), depth: Double,
                         normal: (Double, Double), halfBand: Double) -> [UInt8] {
        var values: [UInt8] = []
        let steps = Int(depth.rounded(.down)), side = Int(halfBand.rounded(.down))
        guard steps > 0 else { return [] }
        values.reserveCapacity(steps * (2 * side + 1))
        for i in 0..<steps {
            for j in -side...side {
                let x = Int((origin.x + along.0 * Double(i) + normal.0 * Double(j)).rounded())
                let y = Int((origin.y + along.1 * Double(i) + normal.1 * Double(j)).rounded())
                guard x >= 0, y >= 0, x < width, y < height else { continue }
                values.append(gray[y * width + x])
            }
        }
        return values
    }
}
