/// The containers of ``BinaryDecoding``: each reads the decoding's bytes in the order it is
/// called, as ``BinaryEncoding``'s containers wrote them.

struct BinaryKeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoding: BinaryDecoding
    var codingPath: [CodingKey] { [] }

    /// Only a nested container's key is written (an enum's case); a struct's fields have none.
    var allKeys: [Key] {
        guard (try? decoding.peek()) == FieldTag.nested else { return [] }
        let start = decoding.offset
        defer { decoding.rewind(to: start) }
        decoding.skip(1)
        return (try? decoding.string()).flatMap { Key(stringValue: $0) }.map { [$0] } ?? []
    }

    /// Whether the next field holds something (positional: it does not look for `key`).
    func contains(_ key: Key) -> Bool { (try? decoding.peek()).map { $0 != FieldTag.absent } ?? false }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard try decoding.peek() == FieldTag.absent else { return false }
        decoding.skip(1)
        return true
    }

    /// Reads a field's tag: true when a value follows, false when the field is absent.
    private func present(_ key: Key) throws -> Bool {
        switch try decoding.byte() {
        case FieldTag.value: return true
        case FieldTag.absent: return false
        case let tag: throw decoding.corrupted("field '\(key.stringValue)' has tag \(tag)")
        }
    }

    private func value(_ key: Key) throws {
        guard try present(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "field '\(key.stringValue)' is absent"))
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key); return try decoding.bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key); return try decoding.string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key); return try decoding.double() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key); return try decoding.float() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key); return try decoding.int() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key); return try decoding.fixed(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key); return try decoding.fixed(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key); return try decoding.fixed(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key); return try decoding.fixed(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key); return try decoding.uint() }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key); return try decoding.fixed(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key); return try decoding.fixed(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key); return try decoding.fixed(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key); return try decoding.fixed(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key); return try decoding.decodeValue(type) }

    // Every overload is written: the protocol's defaults ask `contains`, which only peeks.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key) ? try decoding.bool() : nil }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key) ? try decoding.string() : nil }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key) ? try decoding.double() : nil }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(key) ? try decoding.float() : nil }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key) ? try decoding.int() : nil }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(key) ? try decoding.fixed(type) : nil }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(key) ? try decoding.fixed(type) : nil }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(key) ? try decoding.fixed(type) : nil }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(key) ? try decoding.fixed(type) : nil }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(key) ? try decoding.uint() : nil }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(key) ? try decoding.fixed(type) : nil }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(key) ? try decoding.fixed(type) : nil }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(key) ? try decoding.fixed(type) : nil }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(key) ? try decoding.fixed(type) : nil }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key) ? try decoding.decodeValue(type) : nil
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try nestedKey(key)
        return try decoding.container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try nestedKey(key)
        return try decoding.unkeyedContainer()
    }

    func superDecoder() throws -> Decoder { try superDecoder(forKey: Key(stringValue: "super")!) }

    func superDecoder(forKey key: Key) throws -> Decoder {
        try nestedKey(key)
        return decoding
    }

    /// A nested container's tag and key: the key must be the one asked for.
    private func nestedKey(_ key: Key) throws {
        guard try decoding.byte() == FieldTag.nested else {
            throw decoding.corrupted("field '\(key.stringValue)' is not a nested container")
        }
        let name = try decoding.string()
        guard name == key.stringValue else { throw decoding.corrupted("nested container '\(name)' where '\(key.stringValue)' was expected") }
    }
}

struct BinaryUnkeyedReader: UnkeyedDecodingContainer {
    let decoding: BinaryDecoding
    let count: Int?
    private(set) var currentIndex = 0
    var codingPath: [CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= count! }

    init(decoding: BinaryDecoding) throws {
        self.decoding = decoding
        count = try decoding.count()
    }

    private mutating func next() throws {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: [], debugDescription: "past the last of \(count!) elements"))
        }
        currentIndex += 1
    }

    /// An optional's tag, as `Optional` and `encodeNil` write it: consumed either way.
    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if try decoding.nilTag() { currentIndex += 1; return true }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(); return try decoding.bool() }
    mutating func decode(_ type: String.Type) throws -> String { try next(); return try decoding.string() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(); return try decoding.double() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(); return try decoding.float() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(); return try decoding.int() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(); return try decoding.fixed(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(); return try decoding.fixed(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(); return try decoding.fixed(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(); return try decoding.fixed(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(); return try decoding.uint() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(); return try decoding.fixed(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(); return try decoding.fixed(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(); return try decoding.fixed(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(); return try decoding.fixed(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(); return try decoding.decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next()
        return try decoding.container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        try next()
        return try decoding.unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder {
        try next()
        return decoding
    }
}

struct BinarySingleReader: SingleValueDecodingContainer {
    let decoding: BinaryDecoding
    var codingPath: [CodingKey] { [] }

    /// An optional's tag, as `Optional` and `encodeNil` write it: consumed either way.
    func decodeNil() -> Bool { (try? decoding.nilTag()) ?? false }

    func decode(_ type: Bool.Type) throws -> Bool { try decoding.bool() }
    func decode(_ type: String.Type) throws -> String { try decoding.string() }
    func decode(_ type: Double.Type) throws -> Double { try decoding.double() }
    func decode(_ type: Float.Type) throws -> Float { try decoding.float() }
    func decode(_ type: Int.Type) throws -> Int { try decoding.int() }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoding.fixed(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoding.fixed(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoding.fixed(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoding.fixed(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoding.uint() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoding.fixed(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoding.fixed(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoding.fixed(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoding.fixed(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoding.decodeValue(type) }
}
