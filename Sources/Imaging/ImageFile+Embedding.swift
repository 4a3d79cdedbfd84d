import CLeptonica
import Foundation

/// A page image in its own colours, ready to embed in a PDF: either the JPEG file itself
/// (`DCTDecode`, no re-encoding) or raw samples (gray, RGB, or 1-bit with 1 = black).
public struct EmbeddableRaster: Sendable {
    public enum Samples: Sendable {
        /// The original JPEG bytes; `components` is 1 (gray) or 3 (RGB).
        case jpeg(bytes: [UInt8], components: Int)
        /// Rows of packed samples, top to bottom: `components` 1 or 3, `bitsPerComponent` 1 or 8.
        /// One-bit samples are 1 for black (leptonica's convention).
        case raw(bytes: [UInt8], components: Int, bitsPerComponent: Int)
    }
    public var width: Int
    public var height: Int
    public var samples: Samples
}

extension ImageFile {
    /// Page `page` (1-based) as it looks in the file, EXIF orientation applied, for embedding
    /// in a searchable PDF. JPEGs that need no turning are passed through unchanged.
    public static func embeddable(_ path: String, page: Int = 1, maxPixels: Int) throws -> EmbeddableRaster {
        var header = try ImageHeader.read(path: path)
        if header.isTIFF { header = try ImageHeader.read(path: path, index: page - 1) }
        try header.checkBudget(path: path, maxPixels: maxPixels)
        var raw: UnsafeMutablePointer<PIX>? = header.isTIFF ? pixReadTiff(path, Int32(page - 1)) : pixRead(path)
        defer { pixDestroy(&raw) }
        guard let pix = raw else { throw ImageError(path: path, reason: .decodeFailed("truncated or corrupt data")) }
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))

        var orientation: ExifOrientation?
        if header.format == Int32(IFF_JFIF_JPEG) {
            let bytes = try ImageHeader.leadingBytes(path: path, count: 65_536)
            orientation = ExifOrientation.parse(jpeg: bytes)
            if orientation == nil || orientation == .up, let components = jpegComponents(path: path), components == 1 || components == 3,
               let data = FileManager.default.contents(atPath: path) {
                return EmbeddableRaster(width: width, height: height, samples: .jpeg(bytes: Array(data), components: components))
            }
        }
        var image = Image(owning: try converted(pix, path: path))
        if let orientation, orientation != .up {
            let (turns, flip) = orientation.correction
            if turns != 0 { image = try image.rotated(quarterTurns: turns) }
            if flip {
                image = try image.withPix { p throws(ImageError) in try Image.made(pixFlipLR(nil, p), "flip an image") }
            }
        }
        return image.withPix { samples($0) }
    }

    /// 1 bpp stays 1 bpp; gray stays 8-bit gray; anything with colour becomes 32-bit RGB.
    private static func converted(_ pix: UnsafeMutablePointer<PIX>, path: String) throws -> UnsafeMutablePointer<PIX> {
        let depth = pixGetDepth(pix)
        var hasColor: Int32 = 0
        if let cmap = pixGetColormap(pix) { pixcmapHasColor(cmap, &hasColor) }
        let result: UnsafeMutablePointer<PIX>?
        if depth == 1 && pixGetColormap(pix) == nil {
            result = pixCopy(nil, pix)
        } else if depth == 32 && pixGetSpp(pix) == 4 {
            result = pixAlphaBlendUniform(pix, 0xFFFFFF00)   // transparent parts on white paper
        } else if depth == 32 || hasColor != 0 {
            result = pixConvertTo32(pix)
        } else {
            result = pixConvertTo8(pix, 0)
        }
        guard let result else { throw ImageError(path: path, reason: .decodeFailed("cannot convert the image for a PDF")) }
        return result
    }

    private static func samples(_ pix: UnsafeMutablePointer<PIX>) -> EmbeddableRaster {
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix)), depth = Int(pixGetDepth(pix))
        let wpl = Int(pixGetWpl(pix))
        let words = pixGetData(pix)!
        var out: [UInt8] = []
        switch depth {
        case 1, 8:
            // Leptonica packs samples MSB-first inside native 32-bit words: byte k of a row is
            // bits 31-8(k%4)… of word k/4.
            let rowBytes = depth == 1 ? (width + 7) / 8 : width
            out.reserveCapacity(rowBytes * height)
            for y in 0..<height {
                let row = words + y * wpl
                for k in 0..<rowBytes { out.append(UInt8(truncatingIfNeeded: row[k / 4] >> UInt32(24 - 8 * (k % 4)))) }
            }
            return EmbeddableRaster(width: width, height: height,
                                    samples: .raw(bytes: out, components: 1, bitsPerComponent: depth))
        default:
            out.reserveCapacity(width * height * 3)
            for y in 0..<height {
                let row = words + y * wpl
                for x in 0..<width {
                    let v = row[x]   // 0xRRGGBBAA
                    out.append(UInt8(truncatingIfNeeded: v >> 24)); out.append(UInt8(truncatingIfNeeded: v >> 16))
                    out.append(UInt8(truncatingIfNeeded: v >> 8))
                }
            }
            return EmbeddableRaster(width: width, height: height, samples: .raw(bytes: out, components: 3, bitsPerComponent: 8))
        }
    }

    /// The number of colour components of a JPEG (libjpeg's header read, through leptonica's
    /// `readHeaderJpeg`); nil when its header cannot be read.
    static func jpegComponents(path: String) -> Int? {
        var w: Int32 = 0, h: Int32 = 0, spp: Int32 = 0, ycck: Int32 = 0, cmyk: Int32 = 0
        guard readHeaderJpeg(path, &w, &h, &spp, &ycck, &cmyk) == 0, ycck == 0, cmyk == 0 else { return nil }
        return Int(spp)
    }
}
