import Foundation

/// Encodes any `Encodable` value into quire's compact binary form: the bytes of the coordinator ↔
/// worker pipe (`FrameWriter`). One generic coder for every message type, written by the
/// `Codable` conformances themselves (synthesized or not); nothing per type.
///
/// The form is positional, not self-describing: fields are written in the order the value's
/// `encode(to:)` writes them, without names, and ``BinaryDecoder`` reads them back in the same
/// order, so both ends must be the same build (they are: workers are the coordinator's own
/// executable). All numbers are little-endian, fixed width:
///
/// - `Bool` one byte (0 or 1); `Int8`…`Int64`, `UInt8`…`UInt64` their own width; `Int`/`UInt`
///   8 bytes; `Float`/`Double` their IEEE 754 bit pattern (4/8 bytes), so every value, −0, the
///   infinities and NaN payloads included, comes back bit for bit.
/// - `String`: a `UInt32` byte count and the UTF-8 bytes. `Data` and `[UInt8]`: a count and the
///   bytes.
/// - An optional: one byte, 0 (nil) or 1 followed by the value.
/// - A keyed container (a struct's fields): each field a tag byte — 0 nil / absent
///   (`encodeIfPresent(nil)`), 1 a value follows, 2 a nested container follows, preceded by its
///   key's name (what an enum's case is: `allKeys` of the decoder reads it) — then the value.
///   Because every field has its tag, `decodeIfPresent` reads what `encode` wrote.
/// - An unkeyed container (arrays, sets): a `UInt32` element count, then the elements.
/// - A dictionary: a `UInt32` entry count, then key and value of each entry.
///
/// The contract a custom `Codable` conformance must keep (the synthesized ones do): decode the
/// fields in the order they were encoded; nil is written through `Optional` or `encodeNil`.
/// `contains(_:)` only looks at the next field's tag; `allKeys` names only a nested container's
/// key (an enum case), never a struct's fields.
public struct BinaryEncoder {
    public init() {}

    /// The binary form of `value`.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoding = BinaryEncoding()
        try encoding.encodeValue(value)
        return encoding.bytes
    }

    /// Appends the binary form of `value` to `bytes` (a frame's header already in it).
    public func encode<T: Encodable>(_ value: T, appendingTo bytes: inout [UInt8]) throws {
        let encoding = BinaryEncoding()
        swap(&encoding.bytes, &bytes)
        defer { swap(&encoding.bytes, &bytes) }
        try encoding.encodeValue(value)
    }
}

/// The one `Encoder` of an encoding: every nested value writes into the same buffer.
final class BinaryEncoding: Encoder {
    var bytes: [UInt8] = []

    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(BinaryKeyedWriter<Key>(encoding: self))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer { BinaryUnkeyedWriter(encoding: self) }

    func singleValueContainer() -> SingleValueEncodingContainer { BinarySingleWriter(encoding: self) }

    // MARK: Primitives

    @inline(__always) func byte(_ b: UInt8) { bytes.append(b) }

    @inline(__always) func fixed<I: FixedWidthInteger>(_ value: I) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    func count(_ n: Int) throws {
        guard let n32 = UInt32(exactly: n) else {
            throw EncodingError.invalidValue(n, .init(codingPath: [], debugDescription: "more than 2^32 - 1 bytes or elements"))
        }
        fixed(n32)
    }

    func string(_ s: String) throws {
        var s = s
        try s.withUTF8 { utf8 in
            try count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    func raw<C: Collection>(_ data: C) throws where C.Element == UInt8 {
        try count(data.count)
        bytes.append(contentsOf: data)
    }

    /// A 4-byte count to fill in later (an unkeyed container's elements); its offset.
    func reserveCount() -> Int {
        let at = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        return at
    }

    func patchCount(_ n: Int, at offset: Int) throws {
        guard let n32 = UInt32(exactly: n) else {
            throw EncodingError.invalidValue(n, .init(codingPath: [], debugDescription: "more than 2^32 - 1 elements"))
        }
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: n32.littleEndian, toByteOffset: offset, as: UInt32.self) }
    }

    /// Any value: primitives, `Data`, optionals and dictionaries directly, everything else
    /// through its own `encode(to:)` into this encoder.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if try encodePrimitive(value) { return }
        if let special = value as? any BinaryEncodableSpecially {
            try special.encodeSpecially(to: self)
            return
        }
        try value.encode(to: self)
    }

    /// Writes `value` when it is a primitive (its type compared by identity: no dynamic cast).
    @inline(__always) private func encodePrimitive<T>(_ value: T) throws -> Bool {
        let t = T.self
        if t == String.self { try string(unsafeBitCast(value, to: String.self)) }
        else if t == Int.self { fixed(Int64(unsafeBitCast(value, to: Int.self))) }
        else if t == Double.self { fixed(unsafeBitCast(value, to: Double.self).bitPattern) }
        else if t == Bool.self { byte(unsafeBitCast(value, to: Bool.self) ? 1 : 0) }
        else if t == Data.self { try raw(unsafeBitCast(value, to: Data.self)) }
        else if t == [UInt8].self { try raw(unsafeBitCast(value, to: [UInt8].self)) }
        else if t == Int32.self { fixed(unsafeBitCast(value, to: Int32.self)) }
        else if t == Int64.self { fixed(unsafeBitCast(value, to: Int64.self)) }
        else if t == UInt8.self { byte(unsafeBitCast(value, to: UInt8.self)) }
        else if t == Float.self { fixed(unsafeBitCast(value, to: Float.self).bitPattern) }
        else if t == Int8.self { fixed(unsafeBitCast(value, to: Int8.self)) }
        else if t == Int16.self { fixed(unsafeBitCast(value, to: Int16.self)) }
        else if t == UInt.self { fixed(UInt64(unsafeBitCast(value, to: UInt.self))) }
        else if t == UInt16.self { fixed(unsafeBitCast(value, to: UInt16.self)) }
        else if t == UInt32.self { fixed(unsafeBitCast(value, to: UInt32.self)) }
        else if t == UInt64.self { fixed(unsafeBitCast(value, to: UInt64.self)) }
        else { return false }
        return true
    }
}
