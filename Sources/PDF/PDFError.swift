/// Why a PDF could not be opened or a page could not be processed. Every case names the file.
public enum PDFError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What an encrypted document still needs.
    public enum Encryption: Equatable, Sendable {
        /// Opened without a password, but a user password is required.
        case needsPassword
        /// The password given was wrong.
        case wrongPassword
    }

    case notFound(path: String)
    case encrypted(path: String, Encryption)
    /// Not a PDF, or so damaged that poppler cannot open it (poppler's message).
    case damaged(path: String, message: String)
    case pageOutOfRange(path: String, page: Int, pageCount: Int)
    /// The rendered page would exceed the pixel budget; nothing was allocated.
    case tooLarge(path: String, page: Int, width: Int, height: Int, maxPixels: Int)
    case renderFailed(path: String, page: Int, message: String)

    public var path: String {
        switch self {
        case let .notFound(path), let .encrypted(path, _), let .damaged(path, _),
             let .pageOutOfRange(path, _, _), let .tooLarge(path, _, _, _, _), let .renderFailed(path, _, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case let .notFound(path):
            return "\(path): file not found or not readable"
        case let .encrypted(path, .needsPassword):
            return "\(path): encrypted PDF needs a password"
        case let .encrypted(path, .wrongPassword):
            return "\(path): wrong password for encrypted PDF"
        case let .damaged(path, message):
            return "\(path): not a readable PDF (\(message))"
        case let .pageOutOfRange(path, page, count):
            return "\(path): page \(page) does not exist (the PDF has \(count) page\(count == 1 ? "" : "s"))"
        case let .tooLarge(path, page, width, height, maxPixels):
            return "\(path): page \(page) would render at \(width)x\(height) pixels (\(width * height)), more than the limit of \(maxPixels) pixels; lower extract.dpi or raise extract.max_megapixels"
        case let .renderFailed(path, page, message):
            return "\(path): page \(page) could not be rendered (\(message))"
        }
    }
}
