import CQPDF
import Foundation

/// A PDF opened (or created empty) with qpdf's C API (https://qpdf.readthedocs.io, `qpdf-c.h`).
/// Owns the `qpdf_data`, released with `qpdf_cleanup` in `deinit`; object handles (`Object`) are
/// numbers that live as long as the document. Not Sendable.
public final class QPDFDocument {
    /// qpdf_init: "returns a qpdf_data … must be freed by calling qpdf_cleanup" (``deinit``).
    /// Errors are read with `qpdf_get_error`, not printed; warnings are not kept.
    private var data: qpdf_data? = {
        let data = qpdf_init()
        qpdf_silence_errors(data)
        qpdf_set_suppress_warnings(data, QPDF_TRUE)
        return data
    }()

    /// A qpdf object handle, valid while its document lives.
    public struct Object: Equatable {
        let handle: qpdf_oh
    }

    /// An error qpdf reported, with its full text and what we were doing.
    public struct QPDFError: Error, CustomStringConvertible {
        public var message: String
        public var context: String
        public var description: String { "\(context): \(message)" }
    }

    /// An empty PDF to add pages to.
    public init() throws {
        try check(qpdf_empty_pdf(data), "create an empty PDF")
    }

    /// Reads the PDF at `path` (`password` for encrypted files).
    ///
    /// A regular file of at most `inMemoryLimit` bytes is read into memory here and parsed from
    /// there, named by its path in qpdf's messages: qpdf reads a file through a `FILE` and seeks
    /// before every object it loads (13,000 `lseek` calls in a worker for a 200-page PDF, two
    /// thirds of the time it took to list the pages). The document then also reads a snapshot
    /// of the file, not one that changes under it. A larger file, or one this cannot read, is
    /// read by qpdf itself (whose error then says why).
    public init(path: String, password: String? = nil, inMemoryLimit: Int = QPDFDocument.inMemoryLimit) throws {
        if let contents = FileContents(path: path, limit: inMemoryLimit) {
            try parse(owning: contents.bytes, count: contents.bytes.count, name: path, password: password)
        } else {
            try check(qpdf_read(data, path, password), "read \(path)")
        }
        listPages()
    }

    /// The largest file ``init(path:password:inMemoryLimit:)`` reads into memory (64 MiB: a
    /// 2,000-page text PDF is 4.5 MB; the memory lives as long as the document).
    public static let inMemoryLimit = 64 << 20

    /// Reads a PDF held in memory (a copy the document owns); `name` names it in messages.
    public init(bytes: [UInt8], name: String) throws {
        let copy = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(1, bytes.count))
        if !bytes.isEmpty { _ = bytes.withUnsafeBufferPointer { memcpy(copy.baseAddress!, $0.baseAddress!, bytes.count) } }
        try parse(owning: copy, count: bytes.count, name: name, password: nil)
        listPages()
    }

    /// Has qpdf parse the first `count` bytes of `buffer`, which the document owns from here on
    /// (qpdf_read_memory: "the memory … must remain valid until qpdf_cleanup"; freed after it).
    private func parse(owning buffer: UnsafeMutableBufferPointer<CChar>, count: Int, name: String, password: String?) throws {
        memory = buffer
        try check(qpdf_read_memory(data, name, buffer.baseAddress, UInt64(count), password), "read \(name)")
    }

    /// Lists the pages once, as the document is read. qpdf keeps its list of pages from the first
    /// time it is asked for one; at a loop in the page tree that first listing fails ("Loop
    /// detected in /Pages structure") and the next one lists the pages it reached. Asked lazily,
    /// page 2 failed when it was the first page asked of the document and was found when it was
    /// not: one of two workers extracted it another way (PyMuPDF's test_4412.pdf). Listed here,
    /// every page sees the same list whatever is asked first; `pageCount` is -1 when even the
    /// second listing fails.
    private func listPages() {
        for _ in 0..<2 {
            if qpdf_get_num_pages(data) >= 0 { return }
            if qpdf_has_error(data) == QPDF_TRUE { _ = qpdf_get_error(data) }
        }
    }

    private var memory: UnsafeMutableBufferPointer<CChar>?

    /// The qpdf_data, for this module's extensions.
    var raw: qpdf_data? { data }

    /// Releases every object handle made so far (`qpdf_oh_release_all`): earlier `Object`s of
    /// this document are invalid afterwards.
    func releaseAllHandles() { qpdf_oh_release_all(data) }

    deinit {
        qpdf_cleanup(&data)
        memory?.deallocate()
    }

    private func check(_ code: QPDF_ERROR_CODE, _ context: @autoclosure () -> String) throws {
        try checkError(context())
        if code & QPDF_ERRORS != 0 { throw QPDFError(message: "failed", context: context()) }
    }

    /// Throws the pending error, if qpdf recorded one ("call qpdf_has_error after each function").
    private func checkError(_ context: @autoclosure () -> String) throws {
        guard qpdf_has_error(data) == QPDF_TRUE else { return }
        let error = qpdf_get_error(data)
        // qpdf_get_error_full_text: the string is owned by qpdf (copied here).
        let text = qpdf_get_error_full_text(data, error).map { String(cString: $0) } ?? "unknown error"
        throw QPDFError(message: text, context: context())
    }

    // MARK: Pages

    public var pageCount: Int { Int(qpdf_get_num_pages(data)) }

    /// The page dictionary of 0-based page `index`.
    public func page(_ index: Int) throws -> Object {
        let oh = qpdf_get_page_n(data, index)
        try checkError("page \(index + 1)")
        return Object(handle: oh)
    }

    /// Moves inherited attributes (Resources, MediaBox, CropBox, Rotate) down to the pages, so
    /// that a page can be changed without touching the others.
    public func pushInheritedAttributesToPages() throws {
        try check(qpdf_push_inherited_attributes_to_page(data), "push inherited page attributes")
    }

    /// Appends a page dictionary (made indirect first) at the end.
    public func addPage(_ page: Object) throws {
        try check(qpdf_add_page(data, data, page.handle, QPDF_FALSE), "add a page")
    }

    /// Removes 0-based page `index` from the page tree (its objects stay until written;
    /// `qpdf_remove_page`: removePage()).
    public func removePage(_ index: Int) throws {
        try check(qpdf_remove_page(data, try page(index).handle), "remove page \(index + 1)")
    }

    // MARK: Objects

    /// An object from PDF syntax, e.g. `<< /Type /Page /MediaBox [0 0 612 792] >>` or `12 0 R`.
    public func parse(_ syntax: String) throws -> Object {
        let oh = qpdf_oh_parse(data, syntax)
        try checkError("parse \(syntax.prefix(60))")
        return Object(handle: oh)
    }

    /// A new stream with `bytes` as its (unfiltered) data and `dictionary` keys added to its
    /// dictionary; qpdf compresses it when writing with compression on.
    public func stream(_ bytes: [UInt8], dictionary: [String: String] = [:], objects: [String: Object] = [:],
                       filter: String? = nil) throws -> Object {
        let oh = qpdf_oh_new_stream(data)
        let filterObject = try filter.map { try parse($0) }
        bytes.withUnsafeBufferPointer { buffer in
            // "The data pointed to by bufp will be copied by the library."
            qpdf_oh_replace_stream_data(data, oh, buffer.baseAddress, buffer.count,
                                        filterObject?.handle ?? qpdf_oh_new_null(data), qpdf_oh_new_null(data))
        }
        let dict = qpdf_oh_get_dict(data, oh)
        for (key, value) in dictionary { qpdf_oh_replace_key(data, dict, key, try parse(value).handle) }
        for (key, value) in objects { qpdf_oh_replace_key(data, dict, key, value.handle) }
        try checkError("create a stream")
        return Object(handle: oh)
    }

    /// The object made indirect (streams already are).
    public func indirect(_ object: Object) throws -> Object {
        let oh = qpdf_make_indirect_object(data, object.handle)
        try checkError("make an indirect object")
        return Object(handle: oh)
    }

    /// A new dictionary of `entries` (keys with their slash, e.g. `/Type`). Indirect objects
    /// among the values are written as references (`qpdf_oh_parse` cannot express those).
    public func dictionary(_ entries: KeyValuePairs<String, Object>) throws -> Object {
        let oh = qpdf_oh_new_dictionary(data)
        for (key, value) in entries { qpdf_oh_replace_key(data, oh, key, value.handle) }
        try checkError("create a dictionary")
        return Object(handle: oh)
    }

    public func key(_ object: Object, _ key: String) -> Object? {
        guard qpdf_oh_has_key(data, object.handle, key) == QPDF_TRUE else { return nil }
        return Object(handle: qpdf_oh_get_key(data, object.handle, key))
    }

    public func setKey(_ object: Object, _ key: String, _ value: Object) throws {
        qpdf_oh_replace_key(data, object.handle, key, value.handle)
        try checkError("set \(key)")
    }

    public func isDictionary(_ object: Object) -> Bool { qpdf_oh_is_dictionary(data, object.handle) == QPDF_TRUE }
    public func isArray(_ object: Object) -> Bool { qpdf_oh_is_array(data, object.handle) == QPDF_TRUE }
    public func isStream(_ object: Object) -> Bool { qpdf_oh_is_stream(data, object.handle) == QPDF_TRUE }

    /// The numbers of an array object (e.g. a MediaBox); nil when it is not an array of numbers.
    public func numbers(_ object: Object) -> [Double]? {
        guard isArray(object) else { return nil }
        var out: [Double] = []
        for i in 0..<qpdf_oh_get_array_n_items(data, object.handle) {
            let item = qpdf_oh_get_array_item(data, object.handle, i)
            guard qpdf_oh_is_number(data, item) == QPDF_TRUE else { return nil }
            out.append(qpdf_oh_get_numeric_value(data, item))
        }
        return out
    }

    public func integer(_ object: Object) -> Int? {
        qpdf_oh_is_integer(data, object.handle) == QPDF_TRUE ? Int(qpdf_oh_get_int_value(data, object.handle)) : nil
    }

    /// The items of an array object.
    public func items(_ object: Object) -> [Object] {
        (0..<qpdf_oh_get_array_n_items(data, object.handle)).map { Object(handle: qpdf_oh_get_array_item(data, object.handle, $0)) }
    }

    /// A new array holding `items`.
    public func array(_ items: [Object]) -> Object {
        let oh = qpdf_oh_new_array(data)
        for item in items { qpdf_oh_append_item(data, oh, item.handle) }
        return Object(handle: oh)
    }

    // MARK: Document-level objects (PDF/A)

    /// The trailer dictionary.
    public var trailer: Object { Object(handle: qpdf_get_trailer(data)) }
    /// The document catalog (`/Root`).
    public var root: Object { Object(handle: qpdf_get_root(data)) }
    /// The PDF version of the file read (e.g. `1.7`).
    public var version: String { qpdf_get_pdf_version(data).map { String(cString: $0) } ?? "1.4" }

    public func removeKey(_ object: Object, _ key: String) throws {
        qpdf_oh_remove_key(data, object.handle, key)
        try checkError("remove \(key)")
    }

    /// The keys of a dictionary (or of a stream's dictionary), with their slash.
    public func keys(_ object: Object) -> [String] {
        var out: [String] = []
        // "The memory returned by qpdf_oh_dict_next_key is owned by qpdf_data": copied at once.
        qpdf_oh_begin_dict_key_iter(data, object.handle)
        while qpdf_oh_dict_more_keys(data) == QPDF_TRUE {
            if let key = qpdf_oh_dict_next_key(data) { out.append(String(cString: key)) }
        }
        return out
    }

    public func isName(_ object: Object) -> Bool { qpdf_oh_is_name(data, object.handle) == QPDF_TRUE }
    public func isNull(_ object: Object) -> Bool { qpdf_oh_is_null(data, object.handle) == QPDF_TRUE }

    /// The name of a name object (`/DeviceCMYK`), nil for anything else.
    public func name(_ object: Object) -> String? {
        guard isName(object) else { return nil }
        return qpdf_oh_get_name(data, object.handle).map { String(cString: $0) }
    }

    /// Whether the object is the name `name` or an array holding it (a `/Filter` entry).
    public func isOrHasName(_ object: Object, _ name: String) -> Bool {
        qpdf_oh_is_or_has_name(data, object.handle, name) == QPDF_TRUE
    }

    /// A text string's value as UTF-8 (PDFDocEncoding and UTF-16 decoded by qpdf).
    public func text(_ object: Object) -> String? {
        guard qpdf_oh_is_string(data, object.handle) == QPDF_TRUE else { return nil }
        return qpdf_oh_get_utf8_value(data, object.handle).map { String(cString: $0) }
    }

    /// A new text string (PDFDocEncoding when it can, else UTF-16).
    public func string(_ value: String) -> Object { Object(handle: qpdf_oh_new_unicode_string(data, value)) }

    /// `object`'s object number, 0 for a direct object (used to visit shared objects once).
    public func objectID(_ object: Object) -> Int { Int(qpdf_oh_get_object_id(data, object.handle)) }

    /// A stream's data with its general-purpose filters decoded (`qpdf_dl_generalized`); nil
    /// when it cannot be read.
    public func streamData(_ object: Object) -> [UInt8]? {
        var filtered: QPDF_BOOL = QPDF_FALSE
        return buffer { qpdf_oh_get_stream_data(data, object.handle, qpdf_dl_generalized, &filtered, &$0, &$1) }
    }

    /// A page's content streams, concatenated and decoded; nil when they cannot be read.
    public func pageContent(_ page: Object) -> [UInt8]? {
        buffer { qpdf_oh_get_page_content_data(data, page.handle, &$0, &$1) }
    }

    /// Calls a qpdf function that mallocs a buffer ("allocated with malloc and must be freed by
    /// the caller"): copied, then freed. A failure is consumed and gives nil.
    private func buffer(_ call: (inout UnsafeMutablePointer<UInt8>?, inout Int) -> QPDF_ERROR_CODE) -> [UInt8]? {
        var pointer: UnsafeMutablePointer<UInt8>?
        var length = 0
        let code = call(&pointer, &length)
        defer { free(pointer) }
        if qpdf_has_error(data) == QPDF_TRUE { _ = qpdf_get_error(data); return nil }
        guard code & QPDF_ERRORS == 0, let pointer else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: length))
    }

    // MARK: Writing

    /// The whole PDF written to memory, streams compressed, object streams generated. With
    /// `preserveEncryption: false` an encrypted input is written decrypted (PDF/A forbids
    /// encryption). `minimumVersion` raises the header's version.
    public func write(preserveEncryption: Bool = true, minimumVersion: String? = nil) throws -> [UInt8] {
        try check(qpdf_init_write_memory(data), "start writing")
        qpdf_set_compress_streams(data, QPDF_TRUE)
        qpdf_set_object_stream_mode(data, qpdf_o_generate)
        if !preserveEncryption { qpdf_set_preserve_encryption(data, QPDF_FALSE) }
        if let minimumVersion { qpdf_set_minimum_pdf_version(data, minimumVersion) }
        try check(qpdf_write(data), "write the PDF")
        // "The memory is freed when qpdf_cleanup is called": copied here.
        let length = qpdf_get_buffer_length(data)
        guard let buffer = qpdf_get_buffer(data) else { return [] }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }
}
