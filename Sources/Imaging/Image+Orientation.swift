import CLeptonica

extension Image {
    /// Rotated clockwise by a multiple of 90° (`pixRotateOrth`); 0 returns a copy.
    /// Traps on other angles (a programmer error).
    package func ocrRotated(clockwiseDegrees degrees: Int) throws -> Image {
        let normalized = ((degrees % 360) + 360) % 360
        precondition(normalized % 90 == 0, "ocrRotated takes multiples of 90°, got \(degrees)")
        return try Image.ocrWrap(withPix { pix in
            normalized == 0 ? pixCopy(nil, pix) : pixRotateOrth(pix, Int32(normalized / 90))
        }, "pixRotateOrth")
    }
}
