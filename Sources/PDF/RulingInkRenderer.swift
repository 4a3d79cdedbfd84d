import CLeptonica
import Imaging
import PopplerInkShim

/// A PDF opened a second time, by poppler's Splash renderer, to draw a text-layer page's ruling
/// raster (``renderInk(page:dpi:threshold:width:height:wordCentres:)``) without what poppler-glib
/// would decode and draw for nothing: the pictures beside the text, and the glyphs. Owns the
/// shim's `quire_ink_document`, closed in `deinit`. Not `Sendable`: one thread uses it.
///
/// The raster serves the ruling and figure finders, which look for long lines and large
/// components. A picture's pixels there cost its decoding (JPEG, JPEG 2000, ICC transforms) and
/// its scaling: most of that raster's cost on real report PDFs (bench/RESULTS.md, "round29"). A
/// picture is a figure candidate by where the PDF draws it; an image that words lie over (a scan
/// under its OCR layer, a table printed on a background) is drawn, for the rulings it holds.
public final class RulingInkRenderer {
    private let handle: OpaquePointer
    public let path: String

    /// Opens `path` with `password` (nil: none), as poppler-glib does (one password for both
    /// the owner and the user).
    public init(path: String, password: String? = nil) throws {
        self.path = path
        var error: Int32 = 0
        guard let handle = quire_ink_open(path, password, &error) else {
            // poppler's ErrorCodes.h: 1 errOpenFile, 4 errEncrypted.
            switch error {
            case 1: throw PDFError.notFound(path: path)
            case 4: throw PDFError.encrypted(path: path, password == nil ? .needsPassword : .wrongPassword)
            default: throw PDFError.damaged(path: path, message: "poppler error \(error)")
            }
        }
        self.handle = handle
    }

    deinit { quire_ink_close(handle) }

    public var pageCount: Int { Int(quire_ink_page_count(handle)) }

    /// Page `page` (1-based) at `dpi` as 1-bit ink (gray below `threshold`) of `width` ×
    /// `height` pixels (``PDFPage/pixelSize(dpi:)``: Splash rounds the page's size where cairo
    /// takes the next whole pixel; what it leaves out is paper), /Rotate and the crop box
    /// applied as in ``PDFPage/renderInk(dpi:threshold:maxPixels:)``. It draws the page's lines,
    /// fills and marks, and the images one of `wordCentres` (this raster's pixels) lies over;
    /// no other image, and no glyph.
    public func renderInk(page: Int, dpi: Int, threshold: Int, width: Int, height: Int,
                          wordCentres: [(x: Double, y: Double)]) throws -> Image {
        let flat = wordCentres.flatMap { [$0.x, $0.y] }
        guard flat.withUnsafeBufferPointer({
            quire_ink_render(handle, Int32(page), Double(dpi), $0.baseAddress, Int32(wordCentres.count))
        }) == 0 else {
            throw PDFError.renderFailed(path: path, page: page, message: "poppler's Splash renderer failed")
        }
        var drawnWidth: Int32 = 0, drawnHeight: Int32 = 0, rowSize: Int32 = 0
        guard let gray = quire_ink_pixels(handle, &drawnWidth, &drawnHeight, &rowSize),
              let ink = pixCreate(Int32(width), Int32(height), 1).map(Image.init(owning:)),
              let inkData = ink.withPix({ pixGetData($0) }) else {
            throw PDFError.renderFailed(path: path, page: page, message: "cannot allocate \(width)x\(height) pixels")
        }
        // 1-bit pixels: leftmost pixel in the top bit of each native 32-bit word; pad bits stay 0.
        let wordsPerLine = ink.withPix { Int(pixGetWpl($0)) }
        let out = UnsafeMutableRawPointer(inkData).assumingMemoryBound(to: UInt32.self)
        let columns = min(width, Int(drawnWidth)), limit = UInt8(clamping: threshold)
        for y in 0..<min(height, Int(drawnHeight)) {
            let src = gray + y * Int(rowSize)
            let dst = out + y * wordsPerLine
            var x = 0
            while x < columns {
                var word: UInt32 = 0
                for k in 0..<min(32, columns - x) where src[x + k] < limit { word |= 1 << UInt32(31 - k) }
                dst[x / 32] = word
                x += 32
            }
        }
        ink.setResolution(dpi)
        return ink
    }
}
