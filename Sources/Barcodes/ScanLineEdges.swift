import Imaging

/// The dark and light elements along one straight scan line through gray pixels, their edges
/// found at sub-pixel positions.
///
/// The line is sampled every pixel (bilinear interpolation off the pixel rows). An edge lies
/// where the slope (central difference) peaks, placed by a parabola through the three slopes
/// around the peak, and steep enough: at least ``minSlope`` and ``slopeShare`` of the local
/// contrast (darkest to lightest within about ``window`` samples), which must be at least
/// ``minContrast`` (paper, a blank area: no edge). Edges alternate between falling (into a dark
/// element) and rising; of two in a row the same way the steeper is kept. A blurred narrow
/// element keeps its width this way, where a threshold between its shallow extremes and the
/// wide elements' would narrow it. Pure Swift.
struct ScanLineEdges {
    /// Where sample 0 lies (page pixels) and the step from one sample to the next (unit length).
    var origin: (x: Double, y: Double)
    var step: (x: Double, y: Double)
    /// Edge positions along the line, in samples from the origin, increasing.
    var edges: [Double]
    /// true when the element between `edges[0]` and `edges[1]` is dark.
    var firstDark: Bool

    /// Samples either side taken into the local contrast.
    static let window = 24
    /// The least difference (of 255) between local dark and light for an edge to count.
    static let minContrast = 28.0
    /// The least slope (gray levels a sample) of an edge, absolute and as a share of the local contrast.
    static let minSlope = 4.0
    static let slopeShare = 0.08

    /// The elements of the line from `start` along the unit vector `step` for `length` samples
    /// through `plane`; nil when fewer than two edges are found.
    init?(_ plane: BarcodeGrayPlane, start: (x: Double, y: Double), step: (x: Double, y: Double), length: Int) {
        guard length > 4, plane.width >= 2, plane.height >= 2 else { return nil }
        var samples = [Double](repeating: 255, count: length)
        if step == (1, 0) || step == (0, 1), start.x == start.x.rounded(), start.y == start.y.rounded() {
            // Along a pixel row or column: no interpolation needed.
            let x0 = Int(start.x), y0 = Int(start.y), dx = Int(step.x), dy = Int(step.y)
            for i in 0..<length {
                let x = x0 + i * dx, y = y0 + i * dy
                if x >= 0, y >= 0, x < plane.width, y < plane.height { samples[i] = Double(plane.bytes[y * plane.width + x]) }
            }
        } else {
            let maxX = Double(plane.width - 1), maxY = Double(plane.height - 1)
            plane.bytes.withUnsafeBufferPointer { px in
                for i in 0..<length {
                    let x = start.x + Double(i) * step.x, y = start.y + Double(i) * step.y
                    // White outside the plane.
                    if x >= 0, y >= 0, x <= maxX, y <= maxY {
                        samples[i] = GraySampling.bilinear(px, width: plane.width, height: plane.height, x: x, y: y)
                    }
                }
            }
        }
        // The local contrast: darkest to lightest within about ``window`` samples, by blocks of 8.
        let blocks = (length + 7) / 8
        var blockLow = [Double](repeating: 255, count: blocks), blockHigh = [Double](repeating: 0, count: blocks)
        for i in 0..<length {
            blockLow[i / 8] = min(blockLow[i / 8], samples[i]); blockHigh[i / 8] = max(blockHigh[i / 8], samples[i])
        }
        let reach = Self.window / 8
        var blockRange = [Double](repeating: 0, count: blocks)
        for b in 0..<blocks {
            var low = 255.0, high = 0.0
            for k in max(0, b - reach)...min(blocks - 1, b + reach) { low = min(low, blockLow[k]); high = max(high, blockHigh[k]) }
            blockRange[b] = high - low
        }
        // Edges where the slope peaks (a blurred narrow element keeps its width there, where a
        // threshold between its shallow extremes would narrow it), alternately falling and rising.
        var edges: [Double] = []
        var firstDark = false
        var lastStrength = 0.0
        func slope(_ i: Int) -> Double { (samples[i + 1] - samples[i - 1]) / 2 }
        var previous = 0.0, current = slope(1)
        for i in 2..<(length - 1) {
            let next = slope(i)
            defer { previous = current; current = next }
            // `current` is the slope at i − 1, between `previous` and `next`.
            let a = abs(previous), b = abs(current), c = abs(next)
            let range = blockRange[(i - 1) / 8]
            guard b >= a, b > c, range >= Self.minContrast, b >= max(Self.minSlope, Self.slopeShare * range) else { continue }
            let denominator = a - 2 * b + c
            let position = Double(i - 1) + (denominator == 0 ? 0 : 0.5 * (a - c) / denominator)
            let falling = current < 0
            if edges.isEmpty { firstDark = falling }
            else if (edges.count % 2 == 1) == (falling == firstDark) {
                // Same direction as the edge before: keep the steeper of the two.
                if b > lastStrength { edges[edges.count - 1] = position; lastStrength = b }
                continue
            }
            edges.append(position)
            lastStrength = b
        }
        guard edges.count >= 2 else { return nil }
        self.origin = start; self.step = step; self.edges = edges; self.firstDark = firstDark
    }

    /// The widths of the elements between consecutive edges.
    var widths: [Double] { (1..<edges.count).map { edges[$0] - edges[$0 - 1] } }

    /// Is element `index` (between `edges[index]` and `edges[index + 1]`) dark?
    func isDark(_ index: Int) -> Bool { (index % 2 == 0) == firstDark }

    /// The page point at `position` samples along the line.
    func point(_ position: Double) -> (x: Double, y: Double) {
        (origin.x + position * step.x, origin.y + position * step.y)
    }
}
