/// Gray levels between pixel centres. Pure Swift.
enum GraySampling {
    /// The level at (x, y) of 8-bit gray pixels `px` (`width` × `height`, rows in order) by
    /// bilinear interpolation; a point outside is taken at the nearest edge. Callers decide what
    /// lies outside the pixels (white, nothing) before asking.
    @inline(__always)
    static func bilinear(_ px: UnsafeBufferPointer<UInt8>, width: Int, height: Int, x: Double, y: Double) -> Double {
        let x0 = min(width - 2, max(0, Int(x))), y0 = min(height - 2, max(0, Int(y)))
        let fx = x - Double(x0), fy = y - Double(y0)
        let i = y0 * width + x0
        let top = Double(px[i]) * (1 - fx) + Double(px[i + 1]) * fx
        let bottom = Double(px[i + width]) * (1 - fx) + Double(px[i + width + 1]) * fx
        return top * (1 - fy) + bottom * fy
    }
}
