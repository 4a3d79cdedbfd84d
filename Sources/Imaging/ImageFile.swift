import CLeptonica
import Foundation

/// Reading image files with leptonica: PNG, JPEG (EXIF orientation applied), TIFF (every
/// directory is a page; LZW, G4, …), GIF, BMP, WebP, JPEG 2000 and PNM.
///
/// Every page comes back in quire's canonical form, **8-bit gray without colormap** (see
/// `Image`). The header is read and checked against the pixel budget before any pixel is
/// decoded, so a 35,000×35,000 PNG, a GIF frame larger than its screen or a decompression bomb
/// is refused cheaply. To read several pages of one file, open it once as ``ImagePages``.
public enum ImageFile {
    /// Resolutions outside this range are treated as missing (72 or 1 often mean "unknown").
    static let plausibleDPI = 50...4800

    /// Number of pages: the number of TIFF directories for a TIFF, 1 for any other image.
    public static func pageCount(_ path: String) throws -> Int {
        try ImagePages(path: path).pageCount
    }

    /// Reads page `page` (1-based) as 8-bit gray. Its `resolution` is the file's when plausible,
    /// else `assumedDPI` (0: left unknown, for the caller to estimate). Throws `ImageError` (naming the file) for a missing, empty, unknown,
    /// too large, truncated or corrupt file.
    public static func read(_ path: String, page: Int = 1, maxPixels: Int, assumedDPI: Int) throws -> Image {
        try ImagePages(path: path).read(page: page, maxPixels: maxPixels, assumedDPI: assumedDPI)
    }

    static func checkReadable(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              FileManager.default.isReadableFile(atPath: path) else {
            throw ImageError(path: path, reason: .notFound)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size == 0 { throw ImageError(path: path, reason: .empty) }
    }
}

/// An image file opened to read its pages one after another (a worker keeps the current one).
///
/// A TIFF's directory chain is walked once, here; each page is then read at its own directory's
/// offset (`pixReadFromMultipageTiff`), so reading every page of a 10,000-page TIFF is linear
/// and holds one page at a time. Other formats have one page.
public final class ImagePages {
    public let path: String
    /// TIFF directories; one page for any other format.
    public var pageCount: Int { tiff?.directories.count ?? 1 }
    private let header: ImageHeader
    private let tiff: TIFFDirectories?

    public init(path: String) throws {
        try ImageFile.checkReadable(path)
        configureLeptonica()
        var format: Int32 = 0
        if findFileFormat(path, &format) == 0, ImageHeader.isTIFF(format) {
            let chain = try TIFFDirectories.read(path: path)
            let first = chain.directories[0]
            header = ImageHeader(format: format, width: first.width, height: first.height)
            tiff = chain
        } else {
            header = try ImageHeader.read(path: path)
            tiff = nil
        }
        self.path = path
    }

    /// Reads page `page` (1-based); see ``ImageFile/read(_:page:maxPixels:assumedDPI:)``.
    public func read(page: Int, maxPixels: Int, assumedDPI: Int) throws -> Image {
        guard (1...pageCount).contains(page) else {
            throw ImageError(path: path, reason: .pageOutOfRange(page: page, pageCount: pageCount))
        }
        var raw: UnsafeMutablePointer<PIX>?
        defer { pixDestroy(&raw) }
        var grayKey: PNGGrayKey?
        if let directory = tiff?.directories[page - 1] {
            guard directory.width > 0, directory.height > 0 else {
                throw ImageError(path: path, reason: .decodeFailed("unreadable header"))
            }
            try ImageHeader(format: header.format, width: directory.width, height: directory.height)
                .checkBudget(path: path, maxPixels: maxPixels)
            // pixReadFromMultipageTiff: reads the image whose directory is at `offset` (a
            // TIFFSetSubDirectory, no walk of the chain); sets `offset` to the next one.
            var offset = Int(directory.offset)
            raw = pixReadFromMultipageTiff(path, &offset)
        } else {
            try header.checkBudget(path: path, maxPixels: maxPixels)
            if header.format == Int32(IFF_PNG), let read = try readPNGWithGrayKey() {
                raw = read.pix
                grayKey = read.key
            } else {
                raw = pixRead(path)
            }
        }
        guard let raw else {
            throw ImageError(path: path, reason: .decodeFailed("truncated or corrupt data"))
        }
        if header.format == Int32(IFF_GIF), let index = GIFFrames.read(path: path)?.firstFrameTransparentIndex,
           let colormap = pixGetColormap(raw), index < pixcmapGetCount(colormap) {
            // A transparent GIF pixel shows what is behind it: on paper, white. pixcmapResetColor:
            // sets colormap entry `index` to the given colour.
            pixcmapResetColor(colormap, Int32(index), 255, 255, 255)
        }
        // The decoder's real size must agree with the header we checked.
        let decoded = ImageHeader(format: header.format, width: Int(pixGetWidth(raw)), height: Int(pixGetHeight(raw)))
        try decoded.checkBudget(path: path, maxPixels: maxPixels)

        guard let gray = ImageNormalizer.gray8(from: raw) else {
            throw ImageError(path: path, reason: .operationFailed("convert \(decoded.width)x\(decoded.height) pixels to 8-bit gray"))
        }
        if let grayKey, grayKey.gray8 < 255 {
            // The key's pixels are see-through: on white paper they are white.
            // pixGenerateMaskByValue: a 1-bit mask of the pixels of exactly that value.
            var mask = pixGenerateMaskByValue(gray, Int32(grayKey.gray8), 0)
            defer { pixDestroy(&mask) }
            guard let mask, pixSetMasked(gray, mask, 255) == 0 else {
                var owned: UnsafeMutablePointer<PIX>? = gray
                pixDestroy(&owned)
                throw ImageError(path: path, reason: .operationFailed("whiten the transparent gray value \(grayKey.gray8)"))
            }
        }
        var image = Image(owning: gray)
        let fileDPI = Int(pixGetXRes(raw))
        image.setResolution(ImageFile.plausibleDPI.contains(fileDPI) ? fileDPI : assumedDPI)

        if header.format == Int32(IFF_JFIF_JPEG),
           let orientation = ExifOrientation.parse(jpeg: try ImageHeader.leadingBytes(path: path, count: 65_536)),
           orientation != .up {
            image = try Self.upright(image, orientation)
        }
        return image
    }

    /// A grayscale PNG with a transparent gray value (``PNGGrayKey``), decoded without its
    /// `tRNS` chunk; nil for any other PNG (read as usual).
    private func readPNGWithGrayKey() throws -> (pix: UnsafeMutablePointer<PIX>?, key: PNGGrayKey)? {
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

    private static func upright(_ image: Image, _ orientation: ExifOrientation) throws(ImageError) -> Image {
        let (turns, flip) = orientation.correction
        var result = turns == 0 ? image : try image.rotated(quarterTurns: turns)
        if flip {
            result = try result.withPix { pix throws(ImageError) in
                // pixFlipLR(NULL, pixs): a new, flipped pix, or NULL.
                guard let flipped = pixFlipLR(nil, pix) else { throw .operation("flip an image") }
                return Image(owning: flipped)
            }
        }
        result.setResolution(image.resolution)
        return result
    }
}
