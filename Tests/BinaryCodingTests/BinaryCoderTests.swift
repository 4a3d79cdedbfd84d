import BinaryCoding
import Foundation
import XCTest

/// The binary coder of the worker pipe: every kind of value a message may carry comes back
/// exactly, and what is not a whole, well-formed message is a decoding error, never a crash.
final class BinaryCoderTests: XCTestCase {
    private func roundTrip<T: Codable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws -> T {
        let bytes = try BinaryEncoder().encode(value)
        return try BinaryDecoder().decode(T.self, from: bytes)
    }

    private struct Numbers: Codable, Equatable {
        var i: Int, i8: Int8, i16: Int16, i32: Int32, i64: Int64
        var u: UInt, u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64
        var f: Float, d: Double, b: Bool
    }

    func testIntegersAtTheirLimitsAndBoolsComeBack() throws {
        for value in [Numbers(i: .min, i8: .min, i16: .min, i32: .min, i64: .min, u: 0, u8: 0, u16: 0, u32: 0, u64: 0,
                              f: 0, d: 0, b: false),
                      Numbers(i: .max, i8: .max, i16: .max, i32: .max, i64: .max, u: .max, u8: .max, u16: .max, u32: .max,
                              u64: .max, f: 1.5, d: -2.25, b: true)] {
            XCTAssertEqual(try roundTrip(value), value)
        }
    }

    private struct OptionalNumbers: Codable, Equatable {
        var i: Int?, i8: Int8?, i16: Int16?, i32: Int32?, i64: Int64?
        var u: UInt?, u8: UInt8?, u16: UInt16?, u32: UInt32?, u64: UInt64?
        var f: Float?, d: Double?, b: Bool?, s: String?, n: Numbers?
    }

    /// Each primitive's optional field, nil and not: the keyed container writes every one's tag.
    func testOptionalFieldsOfEveryPrimitiveComeBack() throws {
        let none = OptionalNumbers()
        XCTAssertEqual(try BinaryEncoder().encode(none), [UInt8](repeating: 0, count: 15), "one absent tag a field")
        XCTAssertEqual(try roundTrip(none), none)
        let some = OptionalNumbers(i: -1, i8: -2, i16: -3, i32: -4, i64: -5, u: 1, u8: 2, u16: 3, u32: 4, u64: 5, f: 0.5, d: -0.25,
                                   b: false, s: "", n: Numbers(i: 1, i8: 2, i16: 3, i32: 4, i64: 5, u: 6, u8: 7, u16: 8, u32: 9, u64: 10,
                                                              f: 11, d: 12, b: true))
        XCTAssertEqual(try roundTrip(some), some)
        XCTAssertEqual(try roundTrip([none, some, none]), [none, some, none])
    }

    func testDoublesComeBackBitForBit() throws {
        let doubles: [Double] = [0, -0.0, 1, -1, .pi, 0.1 + 0.2, .ulpOfOne, .leastNonzeroMagnitude, .leastNormalMagnitude,
                                 .greatestFiniteMagnitude, .infinity, -.infinity, .nan, -.nan,
                                 Double(bitPattern: 0x7FF0_0000_0000_0001), Double(bitPattern: 0xFFF8_0000_DEAD_BEEF)]
        let back = try roundTrip(doubles)
        XCTAssertEqual(back.map(\.bitPattern), doubles.map(\.bitPattern))
        let floats: [Float] = [-0.0, .nan, Float(bitPattern: 0x7FC0_1234), .infinity, .leastNonzeroMagnitude, 3.4e38]
        XCTAssertEqual(try roundTrip(floats).map(\.bitPattern), floats.map(\.bitPattern))
        // Inside structs and optionals too.
        struct Boxed: Codable { var d: Double; var o: Double? }
        let boxed = try roundTrip([Boxed(d: -0.0, o: .nan), Boxed(d: .nan, o: nil)])
        XCTAssertEqual(boxed.map(\.d.bitPattern), [(-0.0).bitPattern, Double.nan.bitPattern])
        XCTAssertEqual(boxed.map { $0.o?.bitPattern }, [Double.nan.bitPattern, nil])
    }

    func testStringsWithAnyUnicodeComeBackByteForByte() throws {
        let strings = ["", "plain", "Größe", "line one\nline two\r\n\t\"quoted\" \\ back", "\u{0}nul\u{0}", "\u{7F}\u{80}\u{9F}",
                       "👩‍👩‍👧‍👦 🇩🇪", "e\u{301} vs é", "\u{FEFF}\u{200B}\u{202E}rtl", "日本語テキスト", "\u{10FFFF}",
                       String(repeating: "ß", count: 70_000)]
        let back = try roundTrip(strings)
        // Byte for byte: String's == would call "é" and "e\u{301}" equal.
        XCTAssertEqual(back.map { Array($0.utf8) }, strings.map { Array($0.utf8) })
    }

    private indirect enum Shape: Codable, Equatable {
        case empty
        case point(x: Int, y: Int)
        case labelled(String, [Double]?)
        case nested(Shape?, [Shape])
        case unnamed(Int, Int)
    }

    private enum Raw: String, Codable { case alpha, beta = "β" }

    func testEnumsWithAssociatedValuesComeBack() throws {
        let shapes: [Shape] = [.empty, .point(x: -1, y: .max), .labelled("", nil), .labelled("x", []), .labelled("y", [1, -0.0]),
                               .nested(nil, []), .nested(.nested(.empty, [.point(x: 0, y: 0)]), [.empty, .labelled("z", nil)]),
                               .unnamed(1, 2)]
        XCTAssertEqual(try roundTrip(shapes), shapes)
        XCTAssertEqual(try roundTrip([Raw.alpha, .beta]), [.alpha, .beta])
    }

    private struct Containers: Codable, Equatable {
        var nested: [[Int]]
        var empties: [[String]]
        var optionals: [Int?]
        var doubleOptional: Int??
        var dictionary: [String: [Int]]
        var intKeys: [Int: String]
        var enumKeys: [Raw: Double]
        var set: Set<String>
        var data: Data
        var bytes: [UInt8]
        var absent: String?
        var present: String?
    }

    func testContainersDictionariesSetsDataAndOptionalsComeBack() throws {
        let full = Containers(nested: [[1, 2], [], [3]], empties: [[], [""]], optionals: [nil, 0, nil, -1],
                              doubleOptional: .some(nil), dictionary: ["a": [1], "": [], "ü": [2, 3]], intKeys: [-5: "minus", 0: ""],
                              enumKeys: [.alpha: 1.5, .beta: -0.0], set: ["x", "", "ÿ"], data: Data([0, 0x0A, 0xFF]),
                              bytes: [1, 0, 255], absent: nil, present: "")
        XCTAssertEqual(try roundTrip(full), full)
        let empty = Containers(nested: [], empties: [], optionals: [], doubleOptional: nil, dictionary: [:], intKeys: [:],
                               enumKeys: [:], set: [], data: Data(), bytes: [], absent: nil, present: nil)
        XCTAssertEqual(try roundTrip(empty), empty)
        XCTAssertEqual(try roundTrip(Optional<Int>.some(nil ?? 0)), 0)
        XCTAssertEqual(try roundTrip(Int??.some(nil)), .some(nil))
    }

    /// What a decoder that takes defaults for missing keys reads (`decodeIfPresent` of a field
    /// written with `encode`), and an empty struct.
    func testDecodeIfPresentReadsWhatEncodeWrote() throws {
        struct Written: Encodable {
            var a = 7, b: [String] = ["x"], c: String? = nil
            enum CodingKeys: String, CodingKey { case a, b, c }
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(a, forKey: .a); try c.encode(b, forKey: .b); try c.encodeIfPresent(self.c, forKey: .c)
            }
        }
        struct Read: Decodable, Equatable {
            var a: Int, b: [String], c: String
            enum CodingKeys: String, CodingKey { case a, b, c }
            init(a: Int, b: [String], c: String) { self.a = a; self.b = b; self.c = c }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                a = try c.decodeIfPresent(Int.self, forKey: .a) ?? 0
                b = try c.decodeIfPresent([String].self, forKey: .b) ?? []
                self.c = try c.decodeIfPresent(String.self, forKey: .c) ?? "default"
            }
        }
        let bytes = try BinaryEncoder().encode(Written())
        XCTAssertEqual(try BinaryDecoder().decode(Read.self, from: bytes), Read(a: 7, b: ["x"], c: "default"))
        struct Nothing: Codable, Equatable {}
        XCTAssertEqual(try BinaryEncoder().encode(Nothing()), [])
        XCTAssertEqual(try roundTrip([Nothing(), Nothing()]), [Nothing(), Nothing()])
    }

    /// The form is fixed: little-endian fixed-width numbers, counted strings, tagged fields.
    func testTheBytesAreTheDocumentedForm() throws {
        struct Small: Codable { var n: Int32; var s: String; var o: UInt8? }
        XCTAssertEqual(try BinaryEncoder().encode(Small(n: 0x0102_0304, s: "é", o: nil)),
                       [1, 4, 3, 2, 1, 1, 2, 0, 0, 0, 0xC3, 0xA9, 0])
        XCTAssertEqual(try BinaryEncoder().encode([true, false]), [2, 0, 0, 0, 1, 0])
        XCTAssertEqual(try BinaryEncoder().encode(Shape.point(x: 1, y: 2)),
                       [2, 5, 0, 0, 0] + Array("point".utf8) + [1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0])
    }

    func testMalformedBytesAreDecodingErrors() throws {
        let shapes: [Shape] = [.labelled("text", [1, 2]), .nested(.empty, [.point(x: 1, y: 2)])]
        let bytes = try BinaryEncoder().encode(shapes)
        // Every truncation is an error, never a crash.
        for n in 0..<bytes.count {
            XCTAssertThrowsError(try BinaryDecoder().decode([Shape].self, from: Array(bytes[..<n])), "\(n) bytes") { error in
                XCTAssertTrue(error is DecodingError, "\(error)")
            }
        }
        // Trailing bytes, a count past the end, a bad Bool, an unknown case, invalid UTF-8.
        XCTAssertThrowsError(try BinaryDecoder().decode([Shape].self, from: bytes + [0]))
        XCTAssertThrowsError(try BinaryDecoder().decode([Int].self, from: [0xFF, 0xFF, 0xFF, 0x7F]))
        XCTAssertThrowsError(try BinaryDecoder().decode(Bool.self, from: [2]))
        XCTAssertThrowsError(try BinaryDecoder().decode(Shape.self, from: [2, 3, 0, 0, 0] + Array("odd".utf8)))
        XCTAssertThrowsError(try BinaryDecoder().decode(String.self, from: [2, 0, 0, 0, 0xC3, 0x28]))
        XCTAssertThrowsError(try BinaryDecoder().decode(Raw.self, from: [1, 0, 0, 0, 0x67]))
        XCTAssertThrowsError(try BinaryDecoder().decode([String: Int].self, from: [2, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 8)
                                                         + [0, 0, 0, 0] + [UInt8](repeating: 0, count: 8)), "a repeated key")
    }
}
