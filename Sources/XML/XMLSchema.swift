import CLibXML2

/// An XML Schema (XSD) loaded with libxml2, to validate documents against it. An optional XML
/// catalog maps imported schemas to local files, so loading needs no network.
/// Owns the parsed `xmlSchema`, freed in `deinit`. Not Sendable.
public final class XMLSchema {
    private let schema: xmlSchemaPtr

    public init(path: String, catalog: String? = nil) throws {
        if let catalog {
            // xmlLoadCatalog: "Load the catalog and makes its definitions effective for the default
            // external entity loader" (process-wide).
            guard xmlLoadCatalog(catalog) == 0 else { throw XMLParseError(message: "cannot load catalog \(catalog)") }
        }
        guard let context = xmlSchemaNewParserCtxt(path) else { throw XMLParseError(message: "cannot read schema \(path)") }
        defer { xmlSchemaFreeParserCtxt(context) }
        guard let schema = xmlSchemaParse(context) else {
            let message = xmlGetLastError().map { String(cString: $0.pointee.message) } ?? "invalid schema"
            throw XMLParseError(message: "\(path): \(message)")
        }
        self.schema = schema
    }

    deinit { xmlSchemaFree(schema) }

    /// The validation errors of `bytes` (each `line N: message`); empty when the document is valid.
    public func validate(_ bytes: [UInt8]) throws -> [String] {
        let doc = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress!, Int32($0.count), nil, "UTF-8", Int32(XML_PARSE_NONET.rawValue))
            }
        }
        guard let doc else { throw XMLParseError(message: "not well-formed XML") }
        defer { xmlFreeDoc(doc) }
        guard let context = xmlSchemaNewValidCtxt(schema) else { throw XMLParseError(message: "no validation context") }
        defer { xmlSchemaFreeValidCtxt(context) }
        let collector = ErrorCollector()
        let box = Unmanaged.passRetained(collector)
        defer { box.release() }
        xmlSchemaSetValidStructuredErrors(context, { user, error in
            guard let user, let error else { return }
            let collector = Unmanaged<ErrorCollector>.fromOpaque(user).takeUnretainedValue()
            let message = error.pointee.message.map { String(cString: $0) } ?? "invalid"
            collector.errors.append("line \(error.pointee.line): \(message)".trimmingTrailingNewlines())
        }, box.toOpaque())
        let rc = xmlSchemaValidateDoc(context, doc)
        if rc != 0 && collector.errors.isEmpty { collector.errors.append("invalid (code \(rc))") }
        return collector.errors
    }

    private final class ErrorCollector { var errors: [String] = [] }
}

private extension String {
    func trimmingTrailingNewlines() -> String {
        var s = Substring(self)
        while s.last == "\n" { s.removeLast() }
        return String(s)
    }
}
