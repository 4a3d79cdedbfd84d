/// One node of a parsed YAML document, with the position where it starts.
///
/// Mappings keep their pairs in document order and keep duplicate keys (see
/// ``duplicateKeys``), so a validator can report every duplicate with its position.
/// Aliases are resolved while parsing: an alias becomes a copy of its anchored node.
public struct YAMLNode: Sendable, Equatable {
    /// The shape and content of a node.
    public enum Kind: Sendable, Equatable {
        case scalar(Scalar)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    /// A scalar's text exactly as libyaml delivers it (escapes resolved, no type conversion).
    public struct Scalar: Sendable, Equatable {
        public var value: String
        public var style: ScalarStyle
        public init(value: String, style: ScalarStyle = .plain) {
            self.value = value; self.style = style
        }
    }

    /// One key/value entry of a mapping.
    public struct Pair: Sendable, Equatable {
        public var key: YAMLNode
        public var value: YAMLNode
        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key; self.value = value
        }
    }

    public var kind: Kind
    /// Where the node starts (1-based).
    public var mark: Mark
    /// An explicit tag (`!!str` arrives as `tag:yaml.org,2002:str`), nil when implicit.
    public var tag: String?
    /// The anchor name (`&name`), if any.
    public var anchor: String?

    public init(_ kind: Kind, mark: Mark, tag: String? = nil, anchor: String? = nil) {
        self.kind = kind; self.mark = mark; self.tag = tag; self.anchor = anchor
    }
}

/// How a scalar was written. Only plain scalars can be null, booleans or numbers by YAML's rules.
public enum ScalarStyle: String, Sendable, Equatable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

extension YAMLNode {
    /// The scalar's text, or nil for sequences and mappings.
    public var scalarValue: String? {
        if case .scalar(let s) = kind { return s.value }
        return nil
    }

    /// The scalar's style, or nil for sequences and mappings.
    public var scalarStyle: ScalarStyle? {
        if case .scalar(let s) = kind { return s.style }
        return nil
    }

    /// The items of a sequence, or nil.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// The pairs of a mapping (document order, duplicates kept), or nil.
    public var mapping: [Pair]? {
        if case .mapping(let pairs) = kind { return pairs }
        return nil
    }

    /// True for YAML's null: an untagged plain scalar that is empty, `~` or `null`
    /// (any of YAML 1.2's spellings), or an explicit `!!null`.
    public var isNull: Bool {
        guard case .scalar(let s) = kind else { return false }
        if tag == "tag:yaml.org,2002:null" { return true }
        guard tag == nil, s.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(s.value)
    }

    /// The value of the first pair whose key is the scalar `key`, or nil.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.scalarValue == key }?.value
    }

    /// The item at `index` of a sequence, or nil.
    public subscript(index: Int) -> YAMLNode? {
        guard let items = sequence, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// For a mapping: every key that repeats an earlier scalar key, with the earlier key's node.
    /// Empty for other nodes. Only direct keys are compared (not nested mappings).
    public var duplicateKeys: [(duplicate: YAMLNode, first: YAMLNode)] {
        guard let pairs = mapping else { return [] }
        var seen: [String: YAMLNode] = [:]
        var result: [(duplicate: YAMLNode, first: YAMLNode)] = []
        for pair in pairs {
            guard let key = pair.key.scalarValue else { continue }
            if let first = seen[key] { result.append((pair.key, first)) } else { seen[key] = pair.key }
        }
        return result
    }

    /// A short human description of what the node is ("a mapping", "a list", "null", "'text'"),
    /// for messages such as "expected a boolean, found 'maybe'".
    public var kindDescription: String {
        switch kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let s):
            if isNull { return "nothing (null)" }
            return "'\(s.value)'"
        }
    }
}
