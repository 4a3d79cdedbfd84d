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
        if header.format == Int32(IFF_GIF) { whitenGIFTransparentColour(raw) }
        // The decoder's real size must agree with the header we checked.
        let decoded = ImageHeader(format: header.format, width: Int(pixGetWidth(raw)), height: Int(pixGetHeight(raw)))
        try decoded.checkBudget(path: path, maxPixels: maxPixels)

        guard let gray = ImageNormalizer.gray8(from: raw) else {
            throw ImageError(path: path, reason: .operationFailed("convert \(decoded.width)x\(decoded.height) pixels to 8-bit gray"))
        }
        var image = Image(owning: gray)
        if let grayKey { try whiten(grayKey, in: image) }
        let fileDPI = Int(pixGetXRes(raw))
        image.setResolution(ImageFile.plausibleDPI.contains(fileDPI) ? fileDPI : assumedDPI)

        if header.format == Int32(IFF_JFIF_JPEG),
           let orientation = ExifOrientation.parse(jpeg: try ImageHeader.leadingBytes(path: path, count: 65_536)),
           orientation != .up {
            image = try Self.upright(image, orientation)
        }
        return image
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
