import CLeptonica
import DocumentModel

/// A raster image: owns one leptonica `PIX` and destroys it in `deinit`.
///
/// Leptonica docs: http://www.leptonica.org/library-notes.html — `pixDestroy` decrements the
/// reference count and frees the pix when it reaches zero. Not `Sendable`: a PIX is used by one
/// thread at a time.
///
/// Canonical form: images read by `ImageFile.read` and rendered by the PDF module are **8-bit
/// gray without colormap** — what Tesseract and zxing want, and a quarter of the memory of RGB.
public final class Image {
    private var pix: UnsafeMutablePointer<PIX>?

    /// Takes ownership of `pix` (one reference).
    package init(owning pix: UnsafeMutablePointer<PIX>) {
        configureLeptonica()
        self.pix = pix
    }

    deinit {
        pixDestroy(&pix)
    }

    public var width: Int { Int(pixGetWidth(pix)) }
    public var height: Int { Int(pixGetHeight(pix)) }
    /// Bits per pixel (1, 2, 4, 8, 16, 32).
    public var depth: Int { Int(pixGetDepth(pix)) }
    /// 8-bit gray without a colormap: quire's canonical form, usable by gray-only leptonica calls.
    package var isPlainGray: Bool { pixGetDepth(pix) == 8 && pixGetColormap(pix) == nil }
    /// Horizontal resolution stored with the image (pixels per inch), 0 when unknown.
    public var resolution: Int { Int(pixGetXRes(pix)) }

    /// Gives the PIX to `body`; it must not be kept beyond the call.
    package func withPix<R, E: Error>(_ body: (UnsafeMutablePointer<PIX>) throws(E) -> R) throws(E) -> R {
        try body(pix!)
    }

    /// Sets the stored resolution (pixels per inch, both axes).
    package func setResolution(_ dpi: Int) {
        pixSetResolution(pix, Int32(dpi), Int32(dpi))
    }

    /// The pixel value at (x, y): the gray level for 8-bit images, 0xRRGGBBAA for 32-bit ones.
    /// Traps outside the image.
    package func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        var value: l_uint32 = 0
        pixGetPixel(pix, Int32(x), Int32(y), &value)
        return value
    }
}
