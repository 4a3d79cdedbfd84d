import CYAML
import Foundation

/// Parses one YAML document into a ``YAMLNode`` tree with libyaml's event parser
/// (https://pyyaml.org/wiki/LibYAML, `include/yaml.h`).
///
/// One parser reads one text once. It owns both the input bytes and the heap-allocated
/// `yaml_parser_t`: libyaml keeps pointing at the input ("the input must remain valid
/// until the parser is deleted"), and the parser struct must never be copied.
public final class YAMLParser {
    /// Deepest nesting accepted (the tree is built recursively).
    public static let maximumDepth = 256
    /// Most nodes that aliases may copy in one document (guards against "billion laughs").
    public static let maximumAliasExpansion = 100_000

    /// The file name (or label) used in errors.
    public let file: String
    private let input: UnsafeMutableBufferPointer<UInt8>
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private var consumed = false
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var expanded = 0

    /// Prepares to parse `bytes` (UTF-8, UTF-16 with BOM also accepted by libyaml).
    public init(bytes: [UInt8], file: String = "<string>") {
        self.file = file
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        parser = .allocate(capacity: 1)
        // yaml_parser_initialize "returns 1 if the function succeeded, 0 on error"; its only
        // failure is an allocation failure, which we treat like Swift treats one: trap.
        guard yaml_parser_initialize(parser) == 1 else { fatalError("libyaml: cannot allocate a parser") }
        // yaml_parser_set_input_string: "the input must remain valid until the parser is deleted".
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
    }

    public convenience init(text: String, file: String = "<string>") {
        self.init(bytes: Array(text.utf8), file: file)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        input.deallocate()
    }

    /// Parses a text holding at most one document. Returns nil for an empty stream
    /// (no document at all, e.g. an empty file or only comments).
    public static func parse(_ text: String, file: String = "<string>") throws(YAMLError) -> YAMLNode? {
        try YAMLParser(text: text, file: file).parseSingleDocument()
    }

    /// Reads and parses the file at `path`; read failures become a ``YAMLError`` without position.
    public static func parse(contentsOfFile path: String) throws(YAMLError) -> YAMLNode? {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw YAMLError(file: path, line: 0, column: 0, problem: reason)
        }
        return try YAMLParser(bytes: [UInt8](data), file: path).parseSingleDocument()
    }

    /// Parses the stream, which must hold zero or one document. Call once per parser.
    public func parseSingleDocument() throws(YAMLError) -> YAMLNode? {
        precondition(!consumed, "YAMLParser.parseSingleDocument called twice")
        consumed = true
        guard case .streamStart = try next().kind else { preconditionFailure("libyaml: stream must start with STREAM-START") }
        let first = try next()
        if case .streamEnd = first.kind { return nil }
        guard case .documentStart = first.kind else { preconditionFailure("libyaml: expected DOCUMENT-START") }
        let root = try node(from: try next(), depth: 0)
        guard case .documentEnd = try next().kind else { preconditionFailure("libyaml: expected DOCUMENT-END") }
        let after = try next()
        if case .documentStart = after.kind {
            throw YAMLError(file: file, mark: after.mark,
                            problem: "expected a single document, found a second one ('---')")
        }
        return root
    }

    // MARK: Building the tree

    private func node(from event: Event, depth: Int) throws(YAMLError) -> YAMLNode {
        guard depth < Self.maximumDepth else {
            throw YAMLError(file: file, mark: event.mark, problem: "nesting deeper than \(Self.maximumDepth) levels")
        }
        switch event.kind {
        case .alias(let name):
            guard let target = anchors[name] else {
                throw YAMLError(file: file, mark: event.mark, problem: "found undefined alias '*\(name)'")
            }
            expanded += target.size
            guard expanded <= Self.maximumAliasExpansion else {
                throw YAMLError(file: file, mark: event.mark, problem: "aliases expand to more than \(Self.maximumAliasExpansion) nodes")
            }
            return target.node
        case .scalar(let value, let style, let tag, let anchor):
            let result = YAMLNode(.scalar(.init(value: value, style: style)), mark: event.mark, tag: tag, anchor: anchor)
            remember(result, size: 1)
            return result
        case .sequenceStart(let tag, let anchor):
            var items: [YAMLNode] = []
            var size = 1
            while true {
                let child = try next()
                if case .sequenceEnd = child.kind { break }
                let item = try node(from: child, depth: depth + 1)
                items.append(item); size += item.size
            }
            let result = YAMLNode(.sequence(items), mark: event.mark, tag: tag, anchor: anchor)
            remember(result, size: size)
            return result
        case .mappingStart(let tag, let anchor):
            var pairs: [YAMLNode.Pair] = []
            var size = 1
            while true {
                let keyEvent = try next()
                if case .mappingEnd = keyEvent.kind { break }
                let key = try node(from: keyEvent, depth: depth + 1)
                let value = try node(from: try next(), depth: depth + 1)
                pairs.append(.init(key: key, value: value)); size += key.size + value.size
            }
            let result = YAMLNode(.mapping(pairs), mark: event.mark, tag: tag, anchor: anchor)
            remember(result, size: size)
            return result
        default:
            preconditionFailure("libyaml: unexpected event \(event.kind) where a node starts")
        }
    }

    /// Scoped access to the C parser for the event reader; the pointer must not escape.
    func withParser<R>(_ body: (UnsafeMutablePointer<yaml_parser_t>) -> R) -> R { body(parser) }

    private func remember(_ node: YAMLNode, size: Int) {
        if let anchor = node.anchor { anchors[anchor] = (node, size) }
    }
}

private extension YAMLNode {
    /// Number of nodes in the tree (used only to bound alias expansion).
    var size: Int {
        switch kind {
        case .scalar: return 1
        case .sequence(let items): return items.reduce(1) { $0 + $1.size }
        case .mapping(let pairs): return pairs.reduce(1) { $0 + $1.key.size + $1.value.size }
        }
    }
}
