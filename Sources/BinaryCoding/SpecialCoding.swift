/// Values the binary form writes itself instead of through their own `Codable` conformance:
/// optionals (a tag byte, which `Optional`'s own single-value coding has no room for) and
/// dictionaries (whose own coding names keys the positional form does not keep).

protocol BinaryEncodableSpecially {
    func encodeSpecially(to encoding: BinaryEncoding) throws
}

protocol BinaryDecodableSpecially {
    static func decodeSpecially(from decoding: BinaryDecoding) throws -> Self
}

extension Optional: BinaryEncodableSpecially where Wrapped: Encodable {
    func encodeSpecially(to encoding: BinaryEncoding) throws {
        if let value = self {
            encoding.byte(1)
            try encoding.encodeValue(value)
        } else {
            encoding.byte(0)
        }
    }
}

extension Optional: BinaryDecodableSpecially where Wrapped: Decodable {
    static func decodeSpecially(from decoding: BinaryDecoding) throws -> Self {
        try decoding.nilTag() ? nil : try decoding.decodeValue(Wrapped.self)
    }
}

extension Dictionary: BinaryEncodableSpecially where Key: Encodable, Value: Encodable {
    func encodeSpecially(to encoding: BinaryEncoding) throws {
        try encoding.count(count)
        for (key, value) in self {
            try encoding.encodeValue(key)
            try encoding.encodeValue(value)
        }
    }
}

extension Dictionary: BinaryDecodableSpecially where Key: Decodable, Value: Decodable {
    static func decodeSpecially(from decoding: BinaryDecoding) throws -> Self {
        let n = try decoding.count(minimumSize: 1)
        var result: [Key: Value] = [:]
        result.reserveCapacity(n)
        for _ in 0..<n {
            let key = try decoding.decodeValue(Key.self)
            result[key] = try decoding.decodeValue(Value.self)
        }
        guard result.count == n else { throw decoding.corrupted("a dictionary's keys repeat") }
        return result
    }
}
