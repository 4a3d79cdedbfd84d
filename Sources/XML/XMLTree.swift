import CLibXML2

/// An element of a parsed XML or HTML document as a plain value: name, attributes, children and
/// its own text (the text nodes directly inside it).
public struct XMLElement: Sendable, Equatable {
    public var name: String
    public var attributes: [String: String]
    public var children: [XMLElement]
    public var text: String

    /// Every descendant (depth first, in document order) for which `predicate` holds.
    public func descendants(where predicate: (XMLElement) -> Bool) -> [XMLElement] {
        children.flatMap { child in (predicate(child) ? [child] : []) + child.descendants(where: predicate) }
    }

    /// All text inside the element, in document order.
    public var allText: String { text + children.map(\.allText).joined() }
}

/// A parse error from libxml2 with its message.
public struct XMLParseError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { "cannot parse: \(message)" }
}

/// Parses documents with libxml2 and returns their trees as values (the `xmlDoc` is freed
/// before returning).
public enum XMLParser {
    /// libxml2's HTML parser (as browsers and hOCR tools read hOCR).
    public static func parseHTML(_ bytes: [UInt8]) throws -> XMLElement {
        try parse(bytes) { base, count in
            htmlReadMemory(base, count, nil, "UTF-8", Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue))
        }
    }

    /// libxml2's XML parser (no network).
    public static func parseXML(_ bytes: [UInt8]) throws -> XMLElement {
        try parse(bytes) { base, count in xmlReadMemory(base, count, nil, "UTF-8", Int32(XML_PARSE_NONET.rawValue)) }
    }

    private static func parse(_ bytes: [UInt8], _ read: (UnsafePointer<CChar>, Int32) -> xmlDocPtr?) throws -> XMLElement {
        let doc = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { read($0.baseAddress!, Int32($0.count)) }
        }
        guard let doc else {
            let message = xmlGetLastError().map { String(cString: $0.pointee.message).trimmingCharacters() } ?? "unknown error"
            throw XMLParseError(message: message)
        }
        // xmlFreeDoc frees the tree; nothing borrowed from it outlives this function.
        defer { xmlFreeDoc(doc) }
        guard let root = xmlDocGetRootElement(doc) else { throw XMLParseError(message: "no root element") }
        return element(root)
    }

    private static func element(_ node: xmlNodePtr) -> XMLElement {
        var attributes: [String: String] = [:]
        var attr = node.pointee.properties
        while let a = attr {
            let name = String(cString: a.pointee.name)
            if let value = xmlNodeGetContent(UnsafeMutableRawPointer(a).assumingMemoryBound(to: xmlNode.self)) {
                attributes[name] = String(cString: value)
                quire_xml_free(value)
            }
            attr = a.pointee.next
        }
        var children: [XMLElement] = []
        var text = ""
        var child = node.pointee.children
        while let c = child {
            if c.pointee.type == XML_ELEMENT_NODE {
                children.append(element(c))
            } else if c.pointee.type == XML_TEXT_NODE || c.pointee.type == XML_CDATA_SECTION_NODE, let content = c.pointee.content {
                text += String(cString: content)
            }
            child = c.pointee.next
        }
        return XMLElement(name: String(cString: node.pointee.name), attributes: attributes, children: children, text: text)
    }
}

private extension String {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
