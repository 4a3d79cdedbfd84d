import Imaging

/// The right edge of a PDF417 symbol whose reader gave only its left one.
///
/// zxing-cpp 1.4 reports a compact PDF417 (no right row indicator, a one-module stop bar) it read
/// from a blurred image with its right corners at (0, 0). The symbol's area is then wrong: the
/// page is not painted out over it, and a later pass takes its rows for a UPC-E. Along three lines
/// across the symbol (at 35, 50 and 65 % of its left edge), the start pattern's first bar (8
/// modules) gives the module; the symbol ends at the last dark pixel before a light run of more
/// than 8 modules (inside a symbol no space is wider than 6). Pure: gray bytes in, corners out.
struct PDF417RightEdge {
    let gray: [UInt8]
    let width: Int
    let height: Int

    /// `corners` (tl, tr, br, bl) with the right ones restored, or nil when they are not missing
    /// or the rows do not show where the symbol ends.
    func repaired(_ corners: [(x: Double, y: Double)]) -> [(x: Double, y: Double)]? {
        guard corners.count == 4, gray.count == width * height else { return nil }
        let missing = { (p: (x: Double, y: Double)) in p.x == 0 && p.y == 0 }
        guard missing(corners[1]), missing(corners[2]), !missing(corners[0]), !missing(corners[3]) else { return nil }
        let tl = corners[0], bl = corners[3]
        let vx = bl.x - tl.x, vy = bl.y - tl.y
        let edge = (vx * vx + vy * vy).squareRoot()
        guard edge >= 4 else { return nil }
        let ux = vy / edge, uy = -vx / edge   // across the rows, away from the left edge
        var lengths: [Double] = []
        for t in [0.35, 0.5, 0.65] {
            if let length = rowLength(from: (tl.x + vx * t, tl.y + vy * t), along: (ux, uy)) { lengths.append(length) }
        }
        guard lengths.count >= 2 else { return nil }
        let length = lengths.sorted()[lengths.count / 2]
        return [tl, (tl.x + ux * length, tl.y + uy * length), (bl.x + ux * length, bl.y + uy * length), bl]
    }

    /// The symbol's length along one line from its left edge, in pixels.
    private func rowLength(from origin: (x: Double, y: Double), along u: (Double, Double)) -> Double? {
        var line: [UInt8] = []
        // From 3 px before the edge to the plane's border.
        for i in -3..<(width + height) {
            let x = Int((origin.x + u.0 * Double(i)).rounded()), y = Int((origin.y + u.1 * Double(i)).rounded())
            guard x >= 0, y >= 0, x < width, y < height else { break }
            line.append(gray[y * width + x])
        }
        guard line.count > 24,
              let cut = BarcodeGrayPlane(width: line.count, height: 1, bytes: line).midGray(minContrast: 40) else { return nil }
        let dark = line.map { $0 < cut }
        // The start pattern's first bar: the first dark run within 6 px of the edge.
        guard let first = dark.prefix(9).firstIndex(of: true) else { return nil }
        var end = first
        while end < dark.count, dark[end] { end += 1 }
        let module = Double(end - first) / 8
        guard module >= 0.5 else { return nil }
        var lastDark = end - 1, light = 0, i = end
        while i < dark.count {
            if dark[i] {
                lastDark = i; light = 0
            } else {
                light += 1
                if Double(light) > 8 * module { break }
            }
            i += 1
        }
        guard i < dark.count else { return nil }   // no quiet zone before the border
        let length = Double(lastDark - 3 + 1)
        return length >= 17 * module ? length : nil
    }
}
