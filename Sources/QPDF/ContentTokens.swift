import QPDFTokenShim

/// One token of a PDF content stream, as qpdf's tokenizer reads it. Names and operators are
/// borrowed bytes: valid only inside the closure that receives the token.
enum ContentToken {
    case number(Double)
    /// A name without its slash, #xx escapes decoded.
    case name(UnsafeBufferPointer<UInt8>)
    case op(UnsafeBufferPointer<UInt8>)
    /// An inline image's data (between `ID` and `EI`).
    case inlineImage
    /// Strings, arrays, dictionaries, booleans, null, bad bytes.
    case other
}

/// The tokens of a content stream (qpdf's `QPDFTokenizer`, through `QPDFTokenShim`).
enum ContentTokens {
    /// Calls `body` with each token of `bytes` (spaces and comments skipped) until the end or
    /// until `body` returns false. Throws when qpdf fails to read the bytes.
    static func forEach(in bytes: [UInt8], _ body: (ContentToken) -> Bool) throws(QPDFDocument.QPDFError) {
        guard !bytes.isEmpty else { return }
        var error = [CChar](repeating: 0, count: 256)
        let status = withoutActuallyEscaping(body) { body -> Int32 in
            var each = body
            return bytes.withUnsafeBufferPointer { buffer in
                withUnsafeMutablePointer(to: &each) { context in
                    qpdf_tokenize_content(buffer.baseAddress, buffer.count, { context, kind, data, length, number in
                        let body = context!.assumingMemoryBound(to: ((ContentToken) -> Bool).self).pointee
                        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(data)?.assumingMemoryBound(to: UInt8.self),
                                                        count: data == nil ? 0 : length)
                        let token: ContentToken
                        switch kind {
                        case qpdf_token_number: token = .number(number)
                        case qpdf_token_name: token = .name(bytes)
                        case qpdf_token_operator: token = .op(bytes)
                        case qpdf_token_inline_image: token = .inlineImage
                        default: token = .other
                        }
                        return body(token) ? 0 : 1
                    }, context, &error, error.count)
                }
            }
        }
        if status != 0 {
            throw QPDFDocument.QPDFError(message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                            context: "content stream")
        }
    }
}
