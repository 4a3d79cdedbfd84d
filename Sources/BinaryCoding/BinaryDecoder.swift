import Foundation

/// Decodes what ``BinaryEncoder`` wrote (its format is described there). Every read is
/// bounds-checked: a short or malformed message is a `DecodingError`, never a crash.
public struct BinaryDecoder {
    public init() {}

    /// The value `bytes` hold; all of them must be read.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }

    /// The value `raw` holds, read while `raw` is valid (nothing read keeps a pointer to it).
    public func decode<T: Decodable>(_ type: T.Type, from raw: UnsafeRawBufferPointer) throws -> T {
        let decoding = BinaryDecoding(raw)
        let value = try decoding.decodeValue(type)
        guard decoding.atEnd else { throw decoding.corrupted("\(raw.count - decoding.offset) bytes left after the value") }
        return value
    }
}

/// The one `Decoder` of a decoding: every nested value reads from the same bytes, in order.
final class BinaryDecoding: Decoder {
    private let raw: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ raw: UnsafeRawBufferPointer) { self.raw = raw }

    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var atEnd: Bool { offset == raw.count }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(BinaryKeyedReader<Key>(decoding: self))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer { try BinaryUnkeyedReader(decoding: self) }

    func singleValueContainer() throws -> SingleValueDecodingContainer { BinarySingleReader(decoding: self) }

    func corrupted(_ what: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "binary message at byte \(offset): \(what)"))
    }

    // MARK: Primitives

    @inline(__always) private func need(_ n: Int) throws {
        guard n <= raw.count - offset else { throw corrupted("truncated (\(n) bytes needed, \(raw.count - offset) left)") }
    }

    func byte() throws -> UInt8 {
        try need(1)
        defer { offset += 1 }
        return raw[offset]
    }

    func peek() throws -> UInt8 {
        try need(1)
        return raw[offset]
    }

    func skip(_ n: Int) { offset += n }

    @inline(__always) func fixed<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let size = MemoryLayout<I>.size
        try need(size)
        defer { offset += size }
        return I(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: I.self))
    }

    func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let b: offset -= 1; throw corrupted("\(b) is no Bool")
        }
    }

    func int() throws -> Int {
        let v = try fixed(Int64.self)
        guard let i = Int(exactly: v) else { throw corrupted("\(v) does not fit an Int") }
        return i
    }

    func uint() throws -> UInt {
        let v = try fixed(UInt64.self)
        guard let i = UInt(exactly: v) else { throw corrupted("\(v) does not fit a UInt") }
        return i
    }

    func double() throws -> Double { Double(bitPattern: try fixed(UInt64.self)) }
    func float() throws -> Float { Float(bitPattern: try fixed(UInt32.self)) }

    /// An element or byte count, checked against the bytes left (each element takes at least
    /// `minimumSize` bytes).
    func count(minimumSize: Int = 0) throws -> Int {
        let n = Int(try fixed(UInt32.self))
        guard n * minimumSize <= raw.count - offset else { offset -= 4; throw corrupted("count \(n) exceeds the message") }
        return n
    }

    private func bytes() throws -> UnsafeRawBufferPointer {
        let n = try count(minimumSize: 1)
        defer { offset += n }
        return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + n])
    }

    func string() throws -> String {
        let utf8 = try bytes()
        guard let s = String(validating: utf8.bindMemory(to: UInt8.self), as: UTF8.self) else {
            throw corrupted("a string is not UTF-8")
        }
        return s
    }

    func data() throws -> Data { Data(try bytes()) }
    func byteArray() throws -> [UInt8] { Array(try bytes()) }

    /// An optional's tag: true for nil, false when a value follows.
    func nilTag() throws -> Bool {
        switch try byte() {
        case 0: return true
        case 1: return false
        case let b: offset -= 1; throw corrupted("\(b) is no optional's tag")
        }
    }

    /// Any value: primitives, `Data`, optionals and dictionaries directly, everything else
    /// through its own `init(from:)` from this decoder.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let value = try decodePrimitive(type) { return value }
        if let special = type as? any BinaryDecodableSpecially.Type {
            return try special.decodeSpecially(from: self) as! T
        }
        return try T(from: self)
    }

    /// Reads a primitive when `T` is one (its type compared by identity: no dynamic cast).
    @inline(__always) private func decodePrimitive<T>(_ type: T.Type) throws -> T? {
        let t = T.self
        if t == String.self { return unsafeBitCast(try string(), to: T.self) }
        if t == Int.self { return unsafeBitCast(try int(), to: T.self) }
        if t == Double.self { return unsafeBitCast(try double(), to: T.self) }
        if t == Bool.self { return unsafeBitCast(try bool(), to: T.self) }
        if t == Data.self { return unsafeBitCast(try data(), to: T.self) }
        if t == [UInt8].self { return unsafeBitCast(try byteArray(), to: T.self) }
        if t == Int32.self { return unsafeBitCast(try fixed(Int32.self), to: T.self) }
        if t == Int64.self { return unsafeBitCast(try fixed(Int64.self), to: T.self) }
        if t == UInt8.self { return unsafeBitCast(try fixed(UInt8.self), to: T.self) }
        if t == Float.self { return unsafeBitCast(try float(), to: T.self) }
        if t == Int8.self { return unsafeBitCast(try fixed(Int8.self), to: T.self) }
        if t == Int16.self { return unsafeBitCast(try fixed(Int16.self), to: T.self) }
        if t == UInt.self { return unsafeBitCast(try uint(), to: T.self) }
        if t == UInt16.self { return unsafeBitCast(try fixed(UInt16.self), to: T.self) }
        if t == UInt32.self { return unsafeBitCast(try fixed(UInt32.self), to: T.self) }
        if t == UInt64.self { return unsafeBitCast(try fixed(UInt64.self), to: T.self) }
        return nil
    }
}

extension BinaryDecoding {
    /// Back to `offset` (after a look ahead).
    func rewind(to offset: Int) { self.offset = offset }
}
