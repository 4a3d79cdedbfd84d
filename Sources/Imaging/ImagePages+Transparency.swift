import CLeptonica
import Foundation

/// Transparency leptonica 1.82 gets wrong, put right as compositing over white paper would.
extension ImagePages {
    /// A grayscale PNG with a transparent gray value (``PNGGrayKey``), decoded without its
    /// `tRNS` chunk (which leptonica takes to make the whole image transparent); nil for any
    /// other PNG (read as usual). The key's pixels are then whitened by ``whiten(_:in:)``.
    func readPNGWithGrayKey() throws -> (pix: UnsafeMutablePointer<PIX>?, key: PNGGrayKey)? {
        // tRNS precedes the image data, after a few small chunks (an ICC profile at most).
        let head = try ImageHeader.leadingBytes(path: path, count: 65_536)
        guard let key = head.withUnsafeBytes({ PNGGrayKey.find(in: $0) }) else { return nil }
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard key.chunk.upperBound <= data.count else { return nil }
        data.removeSubrange(key.chunk)
        // pixReadMem: decodes an image held in memory; the bytes are not kept.
        let pix = data.withUnsafeBytes { bytes in
            pixReadMem(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
        return (pix, key)
    }

    /// Paints the pixels of `key`'s gray value white in `image` (8-bit gray, owned by the caller):
    /// they are see-through, and behind them is white paper.
    func whiten(_ key: PNGGrayKey, in image: Image) throws {
        guard key.gray8 < 255 else { return }
        try image.withPix { gray throws(ImageError) in
            // pixGenerateMaskByValue: a 1-bit mask of the pixels of exactly that value.
            var mask = pixGenerateMaskByValue(gray, Int32(key.gray8), 0)
            defer { pixDestroy(&mask) }
            guard let mask, pixSetMasked(gray, mask, 255) == 0 else {
                throw ImageError(path: path, reason: .operationFailed("whiten the transparent gray value \(key.gray8)"))
            }
        }
    }

    /// Sets the colormap entry of a GIF's transparent colour (its first frame's Graphic Control
    /// Extension, which leptonica ignores) to white: a transparent pixel shows the paper behind
    /// it, not the palette colour (often black) the file gives that index.
    func whitenGIFTransparentColour(_ pix: UnsafeMutablePointer<PIX>) {
        guard let index = GIFFrames.read(path: path)?.firstFrameTransparentIndex,
              let colormap = pixGetColormap(pix), index < pixcmapGetCount(colormap) else { return }
        // pixcmapResetColor: sets colormap entry `index` to the given colour.
        pixcmapResetColor(colormap, Int32(index), 255, 255, 255)
    }
}
