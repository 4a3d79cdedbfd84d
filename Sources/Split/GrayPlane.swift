/// 8-bit gray pixels, row-major without padding, 0 = black: what the blank-page and patch-code
/// detectors read (copied out of a leptonica image by the pipeline; no C here).
public struct GrayPlane: Sendable {
    public var width: Int
    public var height: Int
    public var bytes: [UInt8]
    /// Pixels per inch of this plane (after any scaling), 0 when unknown.
    public var dpi: Int

    public init(width: Int, height: Int, bytes: [UInt8], dpi: Int = 0) {
        precondition(bytes.count == width * height, "gray plane size mismatch")
        self.width = width; self.height = height; self.bytes = bytes; self.dpi = dpi
    }

    /// The paper's gray level: the 80th percentile of a sample of the area (text and dark
    /// borders are a minority of a page's pixels).
    func paperLevel(x0: Int, y0: Int, x1: Int, y1: Int) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        var total = 0
        for y in stride(from: y0, to: y1, by: 2) {
            let row = y * width
            for x in stride(from: x0, to: x1, by: 2) { histogram[Int(bytes[row + x])] += 1; total += 1 }
        }
        guard total > 0 else { return 255 }
        var seen = 0
        for level in 0..<256 {
            seen += histogram[level]
            if seen * 5 >= total * 4 { return level }
        }
        return 255
    }
}
