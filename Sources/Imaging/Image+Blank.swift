import CLeptonica

extension Image {
    /// A white image (every pixel 0 at 1 bpp, where a set bit is ink; 255 at 8 bpp) of
    /// `width` × `height` at `resolution` dpi: the raster of a page that is not rendered.
    /// Throws when leptonica cannot allocate it. `pixCreate` zeroes the data (the PIX is owned
    /// by the Image at once).
    public static func blank(width: Int, height: Int, depth: Int = 1, resolution: Int) throws(ImageError) -> Image {
        guard depth == 1 || depth == 8, width > 0, height > 0,
              let pix = pixCreate(Int32(width), Int32(height), Int32(depth)) else {
            throw .operation("allocate a blank \(width)x\(height) image")
        }
        let image = Image(owning: pix)
        if depth == 8 { image.withPix { _ = pixSetAllArbitrary($0, 255) } }
        image.setResolution(resolution)
        return image
    }
}
