/// Why the extract stage could not produce a page. `description` names the file (and the page
/// when it concerns one) and says what is wrong in words a person understands.
public struct ExtractError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The kind of failure, for statistics and retry decisions.
    public enum Category: String, Codable, Sendable {
        case notFound = "not_found"
        case empty
        case unsupportedFormat = "unsupported_format"
        case needsPassword = "needs_password"
        case wrongPassword = "wrong_password"
        case damaged
        case tooLarge = "too_large"
        case pageOutOfRange = "page_out_of_range"
        case renderFailed = "render_failed"
    }

    public var category: Category
    public var path: String
    /// 1-based page number, when the failure concerns one page.
    public var page: Int?
    public var message: String

    public init(category: Category, path: String, page: Int? = nil, message: String) {
        self.category = category; self.path = path; self.page = page; self.message = message
    }

    public var description: String { message }
}
