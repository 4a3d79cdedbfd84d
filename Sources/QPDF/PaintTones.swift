/// The gray levels (0 black … 1 white) of the stroke and fill colours a content stream has set,
/// as far as the device colour operators say: `G`/`g` (gray), `RG`/`rg` (RGB, its luminance
/// 0.30 R + 0.59 G + 0.11 B, as a render's gray), `K`/`k` (CMYK, naively to RGB). Any other
/// colour operator (`CS`/`cs`, `SC`/`sc`, `SCN`/`scn`: colour spaces whose values are not
/// plain gray levels, e.g. a Separation's tint) sets black, as if the tone were not followed.
/// Part of the graphics state: saved by `q`, restored by `Q`. A pure value.
struct PaintTones: Equatable {
    var stroke = 0.0
    var fill = 0.0

    /// Applies the colour operator `op` with its operands `numbers`; false when `op` is none.
    mutating func apply(_ op: UnsafeBufferPointer<UInt8>, _ numbers: [Double]) -> Bool {
        guard let first = op.first, op.count <= 3 else { return false }
        switch first | 0x20 {  // lower case: only g, k, r, s and c start a colour operator
        case UInt8(ascii: "g"), UInt8(ascii: "k"), UInt8(ascii: "r"), UInt8(ascii: "s"), UInt8(ascii: "c"): break
        default: return false
        }
        let name = String(decoding: op, as: UTF8.self)
        let tone: Double
        switch name.uppercased() {
        case "G":
            guard let g = numbers.last else { return true }
            tone = g
        case "RG":
            guard numbers.count >= 3 else { return true }
            let n = numbers.suffix(3).map { $0 }
            tone = 0.30 * n[0] + 0.59 * n[1] + 0.11 * n[2]
        case "K":
            guard numbers.count >= 4 else { return true }
            let n = numbers.suffix(4).map { $0 }
            let white = 1 - min(1, max(0, n[3]))
            tone = 0.30 * (1 - n[0]) * white + 0.59 * (1 - n[1]) * white + 0.11 * (1 - n[2]) * white
        case "CS", "SC", "SCN":
            tone = 0
        default:
            return false
        }
        let clamped = min(1, max(0, tone))
        // Upper case sets the stroke colour, lower case the fill colour.
        if first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") { stroke = clamped } else { fill = clamped }
        return true
    }
}
