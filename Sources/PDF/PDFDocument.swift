import CPoppler
import Foundation

/// An open PDF document (poppler-glib `PopplerDocument`), released with `g_object_unref`.
///
/// Pages are loaded on demand by `page(_:)` and never cached here, so iterating a 2,000-page
/// document holds only the pages the caller keeps. Not `Sendable`: poppler objects belong to
/// one thread. Docs: https://poppler.freedesktop.org/api/glib/PopplerDocument.html
public final class PDFDocument {
    /// The path the document was opened from (used in every error message).
    public let path: String
    private let document: OpaquePointer
    /// Reused RGB raster for rendering (see `PDFPage.render`): a fresh 34 MB buffer per
    /// 300-dpi page would cost a page fault per 4 KiB every time.
    let renderBuffer = RenderBuffer()
    /// True when the document has optional content (layers, `/OCProperties`): what a page draws
    /// then depends on which layers are on, which only a render follows. `poppler_layers_iter_new`
    /// returns NULL for a document without layers (transfer full: freed here).
    public private(set) lazy var hasOptionalContent: Bool = {
        guard let layers = poppler_layers_iter_new(document) else { return false }
        poppler_layers_iter_free(layers)
        return true
    }()

    /// Opens `path` (made absolute). A user password is needed only for user-encrypted files;
    /// owner-password-only files open without one.
    public init(path: String, password: String? = nil) throws {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue,
              FileManager.default.isReadableFile(atPath: absolute) else {
            throw PDFError.notFound(path: path)
        }
        // poppler_document_new_from_file takes a URI; g_filename_to_uri: "free with g_free".
        var error: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(absolute, nil, &error) else {
            defer { g_error_free(error) }
            throw PDFError.damaged(path: path, message: GErrorText.message(error))
        }
        defer { g_free(uri) }
        // poppler_document_new_from_file: "Returns: A newly created PopplerDocument, or NULL"
        // (transfer full); the error is set on failure.
        guard let doc = poppler_document_new_from_file(uri, password, &error) else {
            defer { if error != nil { g_error_free(error) } }
            if let error, error.pointee.domain == poppler_error_quark(),
               error.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                throw PDFError.encrypted(path: path, password == nil ? .needsPassword : .wrongPassword)
            }
            throw PDFError.damaged(path: path, message: GErrorText.message(error))
        }
        self.document = doc
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(document))
    }

    /// Number of pages (from the page tree; no page is loaded).
    public var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// Loads page `number` (1-based).
    public func page(_ number: Int) throws -> PDFPage {
        let count = pageCount
        guard (1...max(count, 1)).contains(number), count > 0 else {
            throw PDFError.pageOutOfRange(path: path, page: number, pageCount: count)
        }
        // poppler_document_get_page: "Returns: The PopplerPage at index" (transfer full).
        guard let page = poppler_document_get_page(document, Int32(number - 1)) else {
            throw PDFError.damaged(path: path, message: "page \(number) cannot be loaded")
        }
        return PDFPage(owning: page, number: number, document: self)
    }
}

/// GError helpers.
enum GErrorText {
    /// The message of `error`, or a generic text when there is none.
    static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error, let message = error.pointee.message else { return "unknown error" }
        return String(cString: message)
    }
}

/// A growable, reusable block of memory for cairo to draw into.
final class RenderBuffer {
    private(set) var bytes: UnsafeMutableRawPointer?
    private var capacity = 0

    deinit { bytes?.deallocate() }

    /// At least `count` bytes (contents undefined); valid until the next call or deinit.
    func reserve(_ count: Int) -> UnsafeMutableRawPointer {
        if count > capacity || bytes == nil {
            bytes?.deallocate()
            bytes = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
            capacity = count
        }
        return bytes!
    }
}
