import CLibXML2

/// Writes XML through libxml2's `xmlTextWriter` into a memory buffer: element names, attribute
/// values and text are escaped by libxml2, never by string concatenation.
/// https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/libxml2-xmlwriter.html
/// Owns the writer and its buffer, freed in `deinit`. Not Sendable.
public final class XMLWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr
    private var finished = false

    /// An error reported by the writer (a negative return code), with what was being written.
    public struct WriteError: Error, CustomStringConvertible {
        public var operation: String
        public var description: String { "libxml2 could not write \(operation)" }
    }

    /// - Parameter indent: indent nested elements (mixed content stays as written).
    public init(indent: Bool = true) throws {
        // xmlBufferCreate: "returns the new structure" (free with xmlBufferFree).
        guard let buffer = xmlBufferCreate() else { throw WriteError(operation: "a buffer") }
        // xmlNewTextWriterMemory: "the xmlBufferPtr is not freed when the writer is freed".
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
            xmlBufferFree(buffer)
            throw WriteError(operation: "a writer")
        }
        self.buffer = buffer
        self.writer = writer
        if indent {
            xmlTextWriterSetIndent(writer, 1)
            xmlTextWriterSetIndentString(writer, "  ")
        }
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    private func check(_ rc: Int32, _ operation: @autoclosure () -> String) throws {
        if rc < 0 { throw WriteError(operation: operation()) }
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>`
    public func startDocument() throws {
        try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "the XML declaration")
    }

    /// `<!DOCTYPE name PUBLIC "publicID" "systemID">`
    public func doctype(_ name: String, publicID: String?, systemID: String?) throws {
        try check(xmlTextWriterWriteDTD(writer, name, publicID, systemID, nil), "the doctype")
    }

    /// `<?target content?>` (an XMP packet's `xpacket` wrapper).
    public func processingInstruction(_ target: String, _ content: String) throws {
        try check(xmlTextWriterWritePI(writer, target, content), "<?\(target)?>")
    }

    public func startElement(_ name: String) throws {
        try check(xmlTextWriterStartElement(writer, name), "<\(name)>")
    }

    public func attribute(_ name: String, _ value: String) throws {
        try check(xmlTextWriterWriteAttribute(writer, name, Self.xmlSafe(value)), "attribute \(name)")
    }

    public func text(_ content: String) throws {
        try check(xmlTextWriterWriteString(writer, Self.xmlSafe(content)), "text")
    }

    public func endElement() throws {
        try check(xmlTextWriterEndElement(writer), "an end tag")
    }

    /// An element with attributes and optional text content.
    public func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], text: String? = nil) throws {
        try startElement(name)
        for (key, value) in attributes { try attribute(key, value) }
        if let text { try self.text(text) }
        try endElement()
    }

    /// Ends the document and returns the UTF-8 bytes written.
    public func finish() throws -> [UInt8] {
        if !finished {
            try check(xmlTextWriterEndDocument(writer), "the end of the document")
            try check(xmlTextWriterFlush(writer), "the buffer")
            finished = true
        }
        // xmlBufferContent: "the internal content" (owned by the buffer): copied here.
        guard let content = xmlBufferContent(buffer) else { return [] }
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }

    /// XML 1.0 cannot carry most C0 control characters, even escaped: they become spaces.
    static func xmlSafe(_ s: String) -> String {
        func bad(_ u: Unicode.Scalar) -> Bool {
            (u.value < 0x20 && u != "\n" && u != "\t" && u != "\r") || (0xFFFE...0xFFFF).contains(u.value)
        }
        guard s.unicodeScalars.contains(where: bad) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars { out.append(bad(u) ? " " : u) }
        return String(out)
    }
}
