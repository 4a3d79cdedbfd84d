/// Why an image file could not be read or written, or why leptonica could not produce an image.
/// The message names the file (when there is one) and the reason.
///
/// This is Imaging's one error policy: every leptonica call that returns NULL (an allocation or a
/// transform that failed) becomes an `ImageError` thrown to the caller — never a trap, never a
/// silent nil.
public struct ImageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// The file does not exist or cannot be opened.
        case notFound
        /// The file has zero bytes.
        case empty
        /// The file is not in a format leptonica reads.
        case unsupportedFormat
        /// The header declares more pixels than allowed; nothing was decoded.
        case tooLarge(width: Int, height: Int, maxPixels: Int)
        /// A page number outside 1...pageCount.
        case pageOutOfRange(page: Int, pageCount: Int)
        /// The decoder gave up (truncated or corrupt data); the detail is ours or leptonica's.
        case decodeFailed(String)
        /// Writing the file failed.
        case writeFailed
        /// The frames of an animated image (GIF) hold more pixels together than allowed: the
        /// decoder would expand every one of them. Nothing was decoded.
        case framesTooLarge(frames: Int, pixels: Int, maxPixels: Int)
        /// A leptonica operation returned no image (out of memory, or a size it cannot make).
        case operationFailed(String)
    }

    /// The file concerned; empty for an operation on an image in memory.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path; self.reason = reason
    }

    /// A failed leptonica operation on an image in memory (`what`: "rotate an image", "pixScale").
    public static func operation(_ what: String) -> ImageError {
        ImageError(path: "", reason: .operationFailed(what))
    }

    public var description: String {
        let path = self.path.isEmpty ? "image" : self.path
        switch reason {
        case .notFound:
            return "\(path): file not found or not readable"
        case .empty:
            return "\(path): file is empty (0 bytes)"
        case .unsupportedFormat:
            return "\(path): not an image format quire reads (PNG, JPEG, TIFF, GIF, BMP, WebP, JPEG 2000, PNM)"
        case let .tooLarge(width, height, maxPixels):
            return "\(path): image is \(width)x\(height) pixels (\(width * height)), more than the limit of \(maxPixels) pixels (extract.max_megapixels); not decoded"
        case let .pageOutOfRange(page, pageCount):
            return "\(path): page \(page) does not exist (the file has \(pageCount) page\(pageCount == 1 ? "" : "s"))"
        case let .decodeFailed(detail):
            return "\(path): cannot decode image (\(detail))"
        case .writeFailed:
            return "\(path): cannot write image"
        case let .framesTooLarge(frames, pixels, maxPixels):
            return "\(path): its \(frames) frames hold \(pixels) pixels together, more than the limit of \(maxPixels) pixels; not decoded"
        case let .operationFailed(what):
            return "\(path): leptonica could not \(what) (out of memory?)"
        }
    }
}
