/// The Kodak patch codes production scanners read (Kodak A-61599, "Patch Code Information"):
/// four parallel bars, two wide (0.20 in) and two narrow (0.08 in), with three narrow spaces
/// (0.08 in), 0.80 in in all, the bars at least 0.75 in long. Each code is one order of the
/// wide and narrow bars, read from the sheet's leading edge.
public enum PatchCode: String, Sendable, Codable, CaseIterable {
    case patch1 = "1", patch2 = "2", patch3 = "3", patch4 = "4", patch6 = "6", patchT = "T"

    /// The bars from the leading edge: true = wide.
    public var bars: [Bool] {
        switch self {
        case .patch1: return [true, true, false, false]
        case .patch2: return [true, false, false, true]
        case .patch3: return [true, false, true, false]
        case .patch4: return [false, true, true, false]
        case .patch6: return [false, false, true, true]
        case .patchT: return [false, true, false, true]
        }
    }

    /// How the splitter names it (a separator payload): `PATCH T`, `PATCH 2`…
    public var payload: String { "PATCH \(rawValue)" }

    public init?(bars: [Bool]) {
        guard let code = Self.allCases.first(where: { $0.bars == bars }) else { return nil }
        self = code
    }
}

/// Finds a patch code on a page image: bars parallel to the top edge (read from the top), or
/// parallel to a side (end-fed, read from the right). Every sampled line across the bars must
/// show the exact run pattern (bar, narrow space, bar, narrow space, bar, narrow space, bar, with
/// quiet paper around it, bars narrow or 2.5 times as wide), and the same code must hold along
/// at least 0.75 in of the bars' length: text, tables and barcodes do not.
public struct PatchCodeDetector: Sendable {
    /// Shortest bar length accepted, in inches.
    public var minimumLength = 0.75
    public init() {}

    public func detect(_ plane: GrayPlane) -> PatchCode? {
        let dpi = plane.dpi > 0 ? Double(plane.dpi) : Double(plane.width) / 8.5
        let paper = plane.paperLevel(x0: 0, y0: 0, x1: plane.width, y1: plane.height)
        let cut = UInt8(max(1, paper / 2))
        if let code = scan(plane, dpi: dpi, cut: cut, alongColumns: true) { return code }
        return scan(plane, dpi: dpi, cut: cut, alongColumns: false)
    }

    /// `alongColumns`: lines run down each sampled column (bars parallel to the top edge);
    /// otherwise along each sampled row, read right to left.
    private func scan(_ plane: GrayPlane, dpi: Double, cut: UInt8, alongColumns: Bool) -> PatchCode? {
        let lines = alongColumns ? plane.width : plane.height
        let length = alongColumns ? plane.height : plane.width
        let step = max(1, Int(dpi / 25))          // a sample every ~1 mm
        let needed = max(3, Int(minimumLength * dpi) / step)
        // Runs of consecutive samples showing the same code at about the same place.
        var streak: (code: PatchCode, start: Int, count: Int)?
        var runs: [Int] = []
        runs.reserveCapacity(64)
        for line in stride(from: 0, to: lines, by: step) {
            runs.removeAll(keepingCapacity: true)
            var dark = false, run = 0
            for i in 0..<length {
                let p = alongColumns ? plane.bytes[i * plane.width + line] : plane.bytes[line * plane.width + (length - 1 - i)]
                let isDark = p < cut
                if isDark == dark { run += 1 } else { runs.append(run); run = 1; dark = isDark }
            }
            runs.append(run)
            // runs[0] is light (possibly empty); even indices light, odd dark.
            let found = match(runs, dpi: dpi)
            if let found, let s = streak, s.code == found.code, abs(s.start - found.start) <= Int(dpi * 0.04) + 1 {
                streak = (s.code, s.start, s.count + 1)
                if s.count + 1 >= needed { return s.code }
            } else {
                streak = found.map { ($0.code, $0.start, 1) }
            }
        }
        return nil
    }

    /// The first run pattern of a patch code in one line's runs (light first, then alternating):
    /// the code and where its first bar starts.
    func match(_ runs: [Int], dpi: Double) -> (code: PatchCode, start: Int)? {
        let narrowLow = 0.05 * dpi, narrowHigh = 0.12 * dpi
        var position = runs.first ?? 0
        for i in stride(from: 1, to: runs.count - 6, by: 2) {
            defer { position += runs[i] + runs[i + 1] }
            let spaces = [runs[i + 1], runs[i + 3], runs[i + 5]].map(Double.init)
            let narrow = spaces.reduce(0, +) / 3
            guard narrow >= narrowLow, narrow <= narrowHigh,
                  spaces.allSatisfy({ $0 >= narrow * 0.6 && $0 <= narrow * 1.5 }) else { continue }
            let quietAfter = i + 7 < runs.count ? Double(runs[i + 7]) : 0
            guard Double(runs[i - 1]) >= narrow * 2, quietAfter >= narrow * 2 else { continue }
            var wide: [Bool] = []
            for bar in [runs[i], runs[i + 2], runs[i + 4], runs[i + 6]].map(Double.init) {
                if bar >= narrow * 0.6 && bar <= narrow * 1.6 { wide.append(false) }
                else if bar >= narrow * 1.9 && bar <= narrow * 3.4 { wide.append(true) }
                else { break }
            }
            if wide.count == 4, let code = PatchCode(bars: wide) { return (code, position) }
        }
        return nil
    }
}
