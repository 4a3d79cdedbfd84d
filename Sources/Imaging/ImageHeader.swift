import CLeptonica
import Foundation

/// Format and dimensions of an image page, read from the file header without decoding pixels.
struct ImageHeader {
    /// Leptonica's `IFF_*` format code.
    var format: Int32
    var width: Int
    var height: Int
    /// GIF only: the size of every frame (each is decoded at its own size, whatever the screen's).
    var frames: [(width: Int, height: Int)] = []

    var isTIFF: Bool { ImageHeader.isTIFF(format) }

    static func isTIFF(_ format: Int32) -> Bool {
        let tiffs = [IFF_TIFF, IFF_TIFF_PACKBITS, IFF_TIFF_RLE, IFF_TIFF_G3, IFF_TIFF_G4,
                     IFF_TIFF_LZW, IFF_TIFF_ZIP, IFF_TIFF_JPEG].map { Int32($0) }
        return tiffs.contains(format)
    }

    /// Reads the header of `path` (0-based TIFF directory `index`; ignored for other formats).
    ///
    /// GIF and BMP are parsed here because leptonica's `pixReadHeader` decodes the whole image
    /// for them (it has no header reader), which would defeat the pixel budget.
    static func read(path: String, index: Int = 0) throws -> ImageHeader {
        configureLeptonica()
        let head = try ImageHeader.leadingBytes(path: path, count: 64)
        if head.isEmpty { throw ImageError(path: path, reason: .empty) }
        var format: Int32 = 0
        if findFileFormat(path, &format) != 0 || format == Int32(IFF_UNKNOWN) {
            throw ImageError(path: path, reason: .unsupportedFormat)
        }
        if format == Int32(IFF_GIF) {
            guard let gif = GIFFrames.read(path: path) else {
                throw ImageError(path: path, reason: .decodeFailed("header too short or invalid"))
            }
            return ImageHeader(format: format, width: gif.screenWidth, height: gif.screenHeight, frames: gif.frames)
        }
        if format == Int32(IFF_BMP) {
            guard let (w, h) = bmpSize(head) else {
                throw ImageError(path: path, reason: .decodeFailed("header too short or invalid"))
            }
            return ImageHeader(format: format, width: w, height: h)
        }
        var w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, cmap: Int32 = 0, res: Int32 = 0
        let rc: Int32
        if isTIFF(format) {
            var fmt: Int32 = 0
            rc = readHeaderTiff(path, Int32(index), &w, &h, &bps, &spp, &res, &cmap, &fmt)
        } else {
            var fmt: Int32 = 0
            rc = pixReadHeader(path, &fmt, &w, &h, &bps, &spp, &cmap)
        }
        guard rc == 0, w > 0, h > 0 else {
            throw ImageError(path: path, reason: .decodeFailed("unreadable header"))
        }
        return ImageHeader(format: format, width: Int(w), height: Int(h))
    }

    /// Throws `.tooLarge` when width × height, or the size of any frame, exceeds `maxPixels`, and
    /// `.framesTooLarge` when all frames together do (the GIF decoder expands every one).
    func checkBudget(path: String, maxPixels: Int) throws {
        for (w, h) in [(width, height)] + frames {
            let (product, overflow) = w.multipliedReportingOverflow(by: h)
            if overflow || product > maxPixels {
                throw ImageError(path: path, reason: .tooLarge(width: w, height: h, maxPixels: maxPixels))
            }
        }
        let total = frames.reduce(0) { sum, frame in
            let (next, overflow) = sum.addingReportingOverflow(frame.width * frame.height)
            return overflow ? .max : next
        }
        if frames.count > 1, total > maxPixels {
            throw ImageError(path: path, reason: .framesTooLarge(frames: frames.count, pixels: total, maxPixels: maxPixels))
        }
    }

    /// Up to `count` leading bytes of the file.
    static func leadingBytes(path: String, count: Int) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImageError(path: path, reason: .notFound)
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: count)) ?? Data()
        return [UInt8](data)
    }

    /// BMP size from BITMAPINFOHEADER (or the old 12-byte core header); height may be negative.
    static func bmpSize(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 26 else { return nil }
        func le32(_ i: Int) -> Int32 {
            Int32(bitPattern: UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24)
        }
        let headerSize = le32(14)
        if headerSize == 12 {
            return (Int(b[18]) | Int(b[19]) << 8, Int(b[20]) | Int(b[21]) << 8)
        }
        let w = Int(le32(18)), h = Int(le32(22)).magnitude
        guard w > 0 else { return nil }
        return (w, Int(h))
    }
}
