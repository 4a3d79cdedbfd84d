/// The containers of ``BinaryEncoding``: each writes into the encoding's one buffer, in the order
/// it is called (the format is on ``BinaryEncoder``).

/// Tags of a keyed container's fields.
enum FieldTag {
    static let absent: UInt8 = 0
    static let value: UInt8 = 1
    static let nested: UInt8 = 2
}

struct BinaryKeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoding: BinaryEncoding
    var codingPath: [CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { encoding.byte(FieldTag.absent) }

    mutating func encode(_ value: Bool, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.byte(value ? 1 : 0) }
    mutating func encode(_ value: String, forKey key: Key) throws { encoding.byte(FieldTag.value); try encoding.string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(value.bitPattern) }
    mutating func encode(_ value: Float, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(value.bitPattern) }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(Int64(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { encoding.byte(FieldTag.value); encoding.fixed(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { encoding.byte(FieldTag.value); try encoding.encodeValue(value) }

    // `encodeIfPresent` of a nil writes the absent tag; of a value, the value tag and the value.
    // Every overload is written: the protocol's defaults write nothing for a nil.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try ifPresent(value, key) { try $0.encode($1, forKey: key) } }

    private mutating func ifPresent<T>(_ value: T?, _ key: Key, _ encode: (inout Self, T) throws -> Void) throws {
        if let value { try encode(&self, value) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        writeNestedKey(key)
        return encoding.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        writeNestedKey(key)
        return encoding.unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        writeNestedKey(key)
        return encoding
    }

    /// A nested container's tag and key name (an enum's case: its decoder asks `allKeys`).
    private func writeNestedKey(_ key: Key) {
        encoding.byte(FieldTag.nested)
        // A key name longer than 4 GiB cannot be made; the count cannot fail.
        try! encoding.string(key.stringValue)
    }
}

struct BinaryUnkeyedWriter: UnkeyedEncodingContainer {
    let encoding: BinaryEncoding
    /// Where the element count is written, updated with each element.
    private let countOffset: Int
    private(set) var count = 0
    var codingPath: [CodingKey] { [] }

    init(encoding: BinaryEncoding) {
        self.encoding = encoding
        countOffset = encoding.reserveCount()
    }

    private mutating func added() throws {
        count += 1
        try encoding.patchCount(count, at: countOffset)
    }

    mutating func encodeNil() throws { encoding.byte(0); try added() }
    mutating func encode(_ value: Bool) throws { encoding.byte(value ? 1 : 0); try added() }
    mutating func encode(_ value: String) throws { try encoding.string(value); try added() }
    mutating func encode(_ value: Double) throws { encoding.fixed(value.bitPattern); try added() }
    mutating func encode(_ value: Float) throws { encoding.fixed(value.bitPattern); try added() }
    mutating func encode(_ value: Int) throws { encoding.fixed(Int64(value)); try added() }
    mutating func encode(_ value: Int8) throws { encoding.fixed(value); try added() }
    mutating func encode(_ value: Int16) throws { encoding.fixed(value); try added() }
    mutating func encode(_ value: Int32) throws { encoding.fixed(value); try added() }
    mutating func encode(_ value: Int64) throws { encoding.fixed(value); try added() }
    mutating func encode(_ value: UInt) throws { encoding.fixed(UInt64(value)); try added() }
    mutating func encode(_ value: UInt8) throws { encoding.fixed(value); try added() }
    mutating func encode(_ value: UInt16) throws { encoding.fixed(value); try added() }
    mutating func encode(_ value: UInt32) throws { encoding.fixed(value); try added() }
    mutating func encode(_ value: UInt64) throws { encoding.fixed(value); try added() }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoding.encodeValue(value); try added() }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        try? added()
        return encoding.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        try? added()
        return encoding.unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder {
        try? added()
        return encoding
    }
}

struct BinarySingleWriter: SingleValueEncodingContainer {
    let encoding: BinaryEncoding
    var codingPath: [CodingKey] { [] }

    mutating func encodeNil() throws { encoding.byte(0) }
    mutating func encode(_ value: Bool) throws { encoding.byte(value ? 1 : 0) }
    mutating func encode(_ value: String) throws { try encoding.string(value) }
    mutating func encode(_ value: Double) throws { encoding.fixed(value.bitPattern) }
    mutating func encode(_ value: Float) throws { encoding.fixed(value.bitPattern) }
    mutating func encode(_ value: Int) throws { encoding.fixed(Int64(value)) }
    mutating func encode(_ value: Int8) throws { encoding.fixed(value) }
    mutating func encode(_ value: Int16) throws { encoding.fixed(value) }
    mutating func encode(_ value: Int32) throws { encoding.fixed(value) }
    mutating func encode(_ value: Int64) throws { encoding.fixed(value) }
    mutating func encode(_ value: UInt) throws { encoding.fixed(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { encoding.fixed(value) }
    mutating func encode(_ value: UInt16) throws { encoding.fixed(value) }
    mutating func encode(_ value: UInt32) throws { encoding.fixed(value) }
    mutating func encode(_ value: UInt64) throws { encoding.fixed(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoding.encodeValue(value) }
}
