/// Why an image file could not be read or written. The message names the file and the reason.
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
    }

    /// The file concerned.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path; self.reason = reason
    }

    public var description: String {
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
        }
    }
}
