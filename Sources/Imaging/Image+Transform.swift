import CLeptonica
import DocumentModel

/// Geometric and tone transforms; each returns a new image and leaves `self` unchanged.
/// A leptonica failure (it returned NULL: out of memory, or a size it cannot make) throws
/// `ImageError.operationFailed`, as everywhere in Imaging.
extension Image {
    /// Wraps a freshly created PIX (one reference, ours), or throws when leptonica made none.
    static func made(_ pix: UnsafeMutablePointer<PIX>?, _ what: String) throws(ImageError) -> Image {
        guard let pix else { throw .operation(what) }
        return Image(owning: pix)
    }

    /// Rotated clockwise by `quarterTurns` × 90° (any integer; taken modulo 4).
    public func rotated(quarterTurns: Int) throws(ImageError) -> Image {
        let quads = Int32(((quarterTurns % 4) + 4) % 4)
        return try withPix { pix throws(ImageError) in try Image.made(pixRotateOrth(pix, quads), "rotate an image") }
    }

    /// The part of the image inside `box` (clipped to the image). Traps when they do not overlap.
    public func cropped(to box: DocumentModel.Box) throws(ImageError) -> Image {
        let bounds = DocumentModel.Box(x: 0, y: 0, width: width, height: height)
        guard let clip = box.intersection(bounds) else {
            preconditionFailure("crop box \(box) outside image \(width)x\(height)")
        }
        var lbox = boxCreate(Int32(clip.x), Int32(clip.y), Int32(clip.width), Int32(clip.height))
        defer { boxDestroy(&lbox) }
        return try withPix { pix throws(ImageError) in try Image.made(pixClipRectangle(pix, lbox, nil), "crop an image") }
    }

    /// Scaled by `factor` on both axes (leptonica picks area mapping when shrinking gray/RGB).
    /// An 8-bit gray image reduced by 0.5–0.7 (the OCR working-scale copy of a 300-dpi scan) gets
    /// `pixScale`'s pixels from ``Image/areaMapped(_:by:)``, which makes them faster.
    public func scaled(by factor: Double) throws(ImageError) -> Image {
        precondition(factor > 0, "scale factor must be positive")
        let result = try withPix { pix throws(ImageError) in
            try Image.made(isPlainGray && AreaMapReduction.handles(factor) ? Image.areaMapped(pix, by: factor)
                                                                          : pixScale(pix, Float(factor), Float(factor)),
                           "scale an image by \(factor)")
        }
        if resolution > 0 { result.setResolution(Int((Double(resolution) * factor).rounded())) }
        return result
    }

    /// Half the width and height, each output pixel the mean of a 2×2 block (`pixScaleAreaMap2`,
    /// a few milliseconds for a 300-dpi page where a general `scaled(by: 0.5)` takes ~5× longer),
    /// as 8-bit gray. The resolution, when known, is halved too.
    public func halvedGray() throws(ImageError) -> Image {
        let isGray = isPlainGray
        let result = try withPix { pix throws(ImageError) -> Image in
            var gray: UnsafeMutablePointer<PIX>? = isGray ? pixClone(pix) : ImageNormalizer.gray8(from: pix)
            defer { pixDestroy(&gray) }
            return try Image.made(gray.flatMap { pixScaleAreaMap2($0) }, "halve an image")
        }
        if resolution > 0 { result.setResolution(resolution / 2) }
        return result
    }

    /// An 8-bit gray copy without colormap (alpha is blended over white first).
    public func grayscale() throws(ImageError) -> Image {
        try withPix { pix throws(ImageError) in try Image.made(ImageNormalizer.gray8(from: pix), "convert an image to gray") }
    }

    /// Writes the image as PNG (for debugging and tests).
    public func writePNG(to path: String) throws {
        let rc = withPix { pixWrite(path, $0, Int32(IFF_PNG)) }
        if rc != 0 { throw ImageError(path: path, reason: .writeFailed) }
    }

    /// Gives `body` the image as 8-bit gray rows in natural byte order:
    /// `(pixels, width, height, rowStride)`; row `y` starts at `pixels + y * rowStride`.
    ///
    /// Leptonica stores pixels big-endian within 32-bit words, so on little-endian machines the
    /// raw data has each group of 4 bytes reversed; this makes a byte-swapped gray copy first.
    /// The pointer is valid only during the call. Throws `ImageError` when leptonica cannot
    /// make the copy, or what `body` throws.
    package func withGrayBytes<R>(_ body: (UnsafePointer<UInt8>, Int, Int, Int) throws -> R) throws -> R {
        try withPix { pix in
            var gray: UnsafeMutablePointer<PIX>? = ImageNormalizer.gray8(from: pix)
            defer { pixDestroy(&gray) }
            var swapped: UnsafeMutablePointer<PIX>? = pixEndianByteSwapNew(gray)
            defer { pixDestroy(&swapped) }
            guard let swapped, let data = pixGetData(swapped) else {
                throw ImageError.operation("copy an image's gray bytes")
            }
            let stride = Int(pixGetWpl(swapped)) * 4
            let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
            return try body(bytes, Int(pixGetWidth(swapped)), Int(pixGetHeight(swapped)), stride)
        }
    }
}

/// Conversions to quire's canonical 8-bit gray form.
enum ImageNormalizer {
    /// A new 8-bit gray PIX (no colormap) from any depth: alpha is blended over white,
    /// 1-bit maps 0→white/1→black, colormaps map to their gray value, 16-bit keeps the high byte,
    /// RGB becomes luminance. Returns nil only when leptonica fails.
    static func gray8(from pix: UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>? {
        if pixGetDepth(pix) == 32 && pixGetSpp(pix) == 4 {
            // pixAlphaBlendUniform: "blends the image onto a uniform background color".
            var blended: UnsafeMutablePointer<PIX>? = pixAlphaBlendUniform(pix, 0xFFFF_FF00)
            defer { pixDestroy(&blended) }
            guard let blended else { return nil }
            return pixConvertRGBToLuminance(blended)
        }
        if pixGetDepth(pix) == 16 {
            return pixConvert16To8(pix, Int32(L_MS_BYTE))
        }
        if pixGetDepth(pix) < 8, pixGetColormap(pix) != nil {
            // pixConvertTo8 ignores the colormap of a 1-bpp image (0 → white): a two-colour GIF
            // whose colour 0 is black would come out inverted. Map through the colormap first.
            // pixRemoveColormap: a new 8-bpp gray pix, or NULL.
            var mapped: UnsafeMutablePointer<PIX>? = pixRemoveColormap(pix, Int32(REMOVE_CMAP_TO_GRAYSCALE))
            defer { pixDestroy(&mapped) }
            return mapped.flatMap { pixConvertTo8($0, 0) }
        }
        // pixConvertTo8(cmapflag = 0): 1/2/4/8 bpp (with or without colormap) and 32 bpp
        // become 8 bpp gray without colormap; an 8 bpp gray input comes back as a copy.
        return pixConvertTo8(pix, 0)
    }
}
