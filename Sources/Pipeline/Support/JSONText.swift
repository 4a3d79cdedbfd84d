/// JSON written straight into bytes, as Foundation's `JSONEncoder` with `.sortedKeys` writes the
/// same values: no spaces; strings with `"`, `\` and `/` escaped, `\b \f \n \r \t` by name, the
/// other controls as `\u00xx`, everything else as its UTF-8; integers in decimal; doubles as
/// Swift prints them, less a trailing `.0`; a non-finite double refused (as `JSONEncoder`
/// refuses it). Objects' keys are written in the order given: the caller writes them sorted
/// (checked in debug builds). `escapingSlashes: false` writes `/` as itself, as
/// `.withoutEscapingSlashes` does.
///
/// For the values written per page (`LayoutStage.structureJSON`, `JSONValue.object`'s progress
/// events): `JSONEncoder` builds a tree of boxed values, sorts each object's keys and then
/// writes it, which made a born-digital page's structure cost 4 % of a worker's CPU.
/// `StructureJSONTests` and `ProgressJSONTests` hold the two writers' bytes equal.
struct JSONText {
    struct NonFiniteNumber: Error { let value: Double }

    private(set) var bytes: [UInt8] = []
    private let escapingSlashes: Bool

    init(capacity: Int = 0, escapingSlashes: Bool = true) {
        self.escapingSlashes = escapingSlashes
        bytes.reserveCapacity(capacity)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func write(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in value.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(b)
            case UInt8(ascii: "/") where escapingSlashes: bytes.append(UInt8(ascii: "\\")); bytes.append(b)
            case 0x08: escape("b")
            case 0x0C: escape("f")
            case 0x0A: escape("n")
            case 0x0D: escape("r")
            case 0x09: escape("t")
            case 0..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(Self.hex[Int(b >> 4)]); bytes.append(Self.hex[Int(b & 0xF)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private mutating func escape(_ c: Unicode.Scalar) {
        bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: c))
    }

    mutating func write(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    mutating func write(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    mutating func write(_ value: Double) throws {
        guard value.isFinite else { throw NonFiniteNumber(value: value) }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    mutating func write(_ values: [Int]) { array(values) { $0.write($1) } }

    mutating func array<T>(_ values: [T], _ element: (inout JSONText, T) throws -> Void) rethrows {
        bytes.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            try element(&self, value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func object(_ fields: (inout Object) throws -> Void) rethrows {
        // The bytes move into the object's writer and back (no copy of what is written so far).
        var object = Object(escapingSlashes: escapingSlashes)
        swap(&object.text, &self)
        object.text.bytes.append(UInt8(ascii: "{"))
        defer {
            object.text.bytes.append(UInt8(ascii: "}"))
            swap(&object.text, &self)
        }
        try fields(&object)
    }

    /// An object's fields, each its key and value, in the order written.
    struct Object {
        fileprivate var text: JSONText
        private var count = 0
        #if DEBUG
        private var lastKey: String?
        #endif

        fileprivate init(escapingSlashes: Bool) { text = JSONText(escapingSlashes: escapingSlashes) }

        private mutating func key(_ key: String) {
            #if DEBUG
            if let lastKey { assert(lastKey < key, "JSONText: key \(key) written after \(lastKey)") }
            lastKey = key
            #endif
            if count > 0 { text.bytes.append(UInt8(ascii: ",")) }
            count += 1
            text.write(key)
            text.bytes.append(UInt8(ascii: ":"))
        }

        mutating func field(_ name: String, _ value: String) { key(name); text.write(value) }
        mutating func field(_ name: String, _ value: Int) { key(name); text.write(value) }
        mutating func field(_ name: String, _ value: Bool) { key(name); text.write(value) }
        mutating func field(_ name: String, _ value: Double) throws { key(name); try text.write(value) }
        mutating func field(_ name: String, _ value: [Int]) { key(name); text.write(value) }

        /// A field `JSONEncoder` leaves out when nil (`encodeIfPresent`).
        mutating func field(_ name: String, _ value: String?) { if let value { field(name, value) } }
        mutating func field(_ name: String, _ value: Int?) { if let value { field(name, value) } }
        mutating func field(_ name: String, _ value: Bool?) { if let value { field(name, value) } }

        mutating func nullField(_ name: String) { key(name); text.bytes.append(contentsOf: "null".utf8) }

        /// A field whose value `write` writes (an array or object).
        mutating func field(_ name: String, _ write: (inout JSONText) throws -> Void) rethrows {
            key(name)
            try write(&text)
        }
    }
}
