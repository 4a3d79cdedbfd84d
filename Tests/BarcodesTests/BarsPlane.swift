import Imaging

extension BarcodeGrayPlane {
    /// Crisp black bars on white from element widths in modules (a space first), 3 px a
    /// module, 40 px high, with 30 px of white either side.
    static func bars(_ widths: [Int]) -> BarcodeGrayPlane {
        let module = 3, quiet = 30, height = 40
        let width = widths.reduce(0, +) * module + 2 * quiet
        var bytes = [UInt8](repeating: 255, count: width * height)
        var x = quiet
        for (k, w) in widths.enumerated() {
            if k % 2 == 1 { for y in 0..<height { for dx in 0..<(w * module) { bytes[y * width + x + dx] = 0 } } }
            x += w * module
        }
        return BarcodeGrayPlane(width: width, height: height, bytes: bytes)
    }
}
