import CLeptonica

extension Image {
    /// Reads an image file with leptonica `pixRead`, for tests and benchmarks of the barcode
    /// reader until Imaging's own readers land; nil when leptonica cannot read it.
    package convenience init?(readingForTests path: String) {
        setMsgSeverity(Int32(L_SEVERITY_ERROR))
        guard let pix = pixRead(path) else { return nil }
        self.init(owning: pix)
    }
}

extension Image {
    /// An 8-bpp gray image from row-major bytes (tests of the barcode reader: noise, tiny and
    /// blank images); nil when leptonica cannot allocate it.
    package convenience init?(grayForTests width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height, "gray bytes do not match the size")
        guard width > 0, height > 0, let pix = pixCreate(Int32(width), Int32(height), 8) else { return nil }
        for y in 0..<height {
            for x in 0..<width {
                // pixSetPixel handles leptonica's in-word byte order.
                pixSetPixel(pix, Int32(x), Int32(y), UInt32(bytes[y * width + x]))
            }
        }
        self.init(owning: pix)
    }
}
