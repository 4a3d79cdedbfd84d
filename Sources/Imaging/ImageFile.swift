import CLeptonica
import Foundation

/// Reading image files with leptonica: PNG, JPEG (EXIF orientation applied), TIFF (every
/// directory is a page; LZW, G4, …), GIF, BMP, WebP, JPEG 2000 and PNM.
///
/// Every page comes back in quire's canonical form, **8-bit gray without colormap** (see
/// `Image`). The header is read and checked against the pixel budget before any pixel is
/// decoded, so a 35,000×35,000 PNG or a decompression bomb is refused cheaply.
public enum ImageFile {
    /// Resolutions outside this range are treated as missing (72 or 1 often mean "unknown").
    static let plausibleDPI = 50...4800

    /// Number of pages: the number of TIFF directories for a TIFF, 1 for any other image.
    public static func pageCount(_ path: String) throws -> Int {
        try checkReadable(path)
        let header = try ImageHeader.read(path: path)
        guard header.isTIFF else { return 1 }
        guard let fp = fopenReadStream(path) else { throw ImageError(path: path, reason: .notFound) }
        defer { fclose(fp) }
        var count: Int32 = 0
        // tiffGetCount: "the number of images in the tiff file" (walks the directory chain).
        guard tiffGetCount(fp, &count) == 0, count > 0 else {
            throw ImageError(path: path, reason: .decodeFailed("cannot count TIFF pages"))
        }
        return Int(count)
    }

    /// Reads page `page` (1-based) as 8-bit gray. Its `resolution` is the file's when plausible,
    /// else `assumedDPI` (0: left unknown, for the caller to estimate). Throws `ImageError` (naming the file) for a missing, empty, unknown,
    /// too large, truncated or corrupt file.
    public static func read(_ path: String, page: Int = 1, maxPixels: Int, assumedDPI: Int) throws -> Image {
        try checkReadable(path)
        var header = try ImageHeader.read(path: path)
        if header.isTIFF {
            let count = try pageCount(path)
            guard (1...count).contains(page) else {
                throw ImageError(path: path, reason: .pageOutOfRange(page: page, pageCount: count))
            }
            header = try ImageHeader.read(path: path, index: page - 1)
        } else if page != 1 {
            throw ImageError(path: path, reason: .pageOutOfRange(page: page, pageCount: 1))
        }
        try header.checkBudget(path: path, maxPixels: maxPixels)

        var raw: UnsafeMutablePointer<PIX>? = header.isTIFF ? pixReadTiff(path, Int32(page - 1)) : pixRead(path)
        defer { pixDestroy(&raw) }
        guard let raw else {
            throw ImageError(path: path, reason: .decodeFailed("truncated or corrupt data"))
        }
        // The decoder's real size must agree with the header we checked.
        let decoded = ImageHeader(format: header.format, width: Int(pixGetWidth(raw)), height: Int(pixGetHeight(raw)))
        try decoded.checkBudget(path: path, maxPixels: maxPixels)

        guard let gray = ImageNormalizer.gray8(from: raw) else {
            throw ImageError(path: path, reason: .decodeFailed("cannot convert to 8-bit gray"))
        }
        var image = Image(owning: gray)
        let fileDPI = Int(pixGetXRes(raw))
        image.setResolution(plausibleDPI.contains(fileDPI) ? fileDPI : assumedDPI)

        if header.format == Int32(IFF_JFIF_JPEG),
           let orientation = ExifOrientation.parse(jpeg: try ImageHeader.leadingBytes(path: path, count: 65_536)),
           orientation != .up {
            image = upright(image, orientation)
        }
        return image
    }

    private static func upright(_ image: Image, _ orientation: ExifOrientation) -> Image {
        let (turns, flip) = orientation.correction
        var result = turns == 0 ? image : image.rotated(quarterTurns: turns)
        if flip {
            result = result.withPix { pix in
                guard let flipped = pixFlipLR(nil, pix) else { fatalError("leptonica could not flip an image") }
                return Image(owning: flipped)
            }
        }
        result.setResolution(image.resolution)
        return result
    }

    private static func checkReadable(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              FileManager.default.isReadableFile(atPath: path) else {
            throw ImageError(path: path, reason: .notFound)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size == 0 { throw ImageError(path: path, reason: .empty) }
    }
}
