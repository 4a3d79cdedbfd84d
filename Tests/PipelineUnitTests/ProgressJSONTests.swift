import Foundation
@testable import Pipeline
import XCTest

/// JSON progress lines: one line each, parse back to every value, and carry no control a
/// terminal would act on.
final class ProgressJSONTests: XCTestCase {
    func testValuesParseBackExactly() throws {
        let tricky = "a \"quoted\" C:\\path/with/slashes\nnew line\ttab \u{01} Größe ✓"
        let text = JSONValue.object(["s": .string(tricky), "i": .int(-42), "d": .double(12.5), "w": .double(60),
                                     "n": .null, "nan": .double(.nan)])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
        XCTAssertEqual(object["s"] as? String, tricky)
        XCTAssertEqual(object["i"] as? Int, -42)
        XCTAssertEqual(object["d"] as? Double, 12.5)
        XCTAssertEqual(object["w"] as? Double, 60)
        XCTAssertTrue(object["n"] is NSNull)
        XCTAssertTrue(object["nan"] is NSNull, "JSON has no NaN")
        XCTAssertFalse(text.contains("\n"), "one line per event")
        XCTAssertTrue(text.hasSuffix("\"w\":60}"), "whole numbers as integers: \(text)")
        XCTAssertTrue(text.contains("C:\\\\path/with/slashes"), "slashes are not escaped: \(text)")
        XCTAssertTrue(text.hasPrefix("{\"d\":"), "keys sorted: \(text)")
    }

    /// The events are written by `JSONText`: the bytes `JSONEncoder` (sorted keys, slashes as
    /// they are) writes for the same fields, on the event names quire writes and random values.
    func testEventsAreWrittenAsJSONEncoderWritesThem() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var g = SeededRandom(seed: 35)
        let characters: [Character] = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }
            + ["\"", "\\", "/", "é", "😀", "a", " "]
        let keys = ["event", "path", "page", "done", "total", "failed", "pages_per_minute", "stage", "error", "seconds",
                    "exit_code", "status", "message", "a", "b_c", "Z"]
        for _ in 0..<300 {
            var fields: [String: JSONValue] = [:]
            for key in keys.shuffled(using: &g).prefix(Int.random(in: 0...keys.count, using: &g)) {
                switch Int.random(in: 0..<6, using: &g) {
                case 0: fields[key] = .string(String((0..<Int.random(in: 0...8, using: &g)).map { _ in characters.randomElement(using: &g)! }))
                case 1: fields[key] = .int(Int.random(in: Int.min...Int.max, using: &g))
                case 2: fields[key] = .double((Double.random(in: -1e6...1e6, using: &g) * 10).rounded() / 10)
                case 3: fields[key] = .double([0.5, 1e15, 1e16, -2, 3e-7, .infinity, .nan].randomElement(using: &g)!)
                case 4: fields[key] = .double(Double(Int.random(in: -1000...1000, using: &g)))
                default: fields[key] = .null
                }
            }
            let expected = JSONValue.escapingTerminalControls(String(decoding: try encoder.encode(fields), as: UTF8.self))
            XCTAssertEqual(JSONValue.object(fields), expected)
        }
    }

    func testTerminalControlsAreEscapedAndStillParse() throws {
        let name = "invoice\u{202E}fdp.exe\u{9B}31m\u{7F}"
        let text = JSONValue.object(["path": .string(name)])
        XCTAssertFalse(text.unicodeScalars.contains { TerminalText.needsEscape($0) }, text)
        XCTAssertTrue(text.contains("\\u202e"), text)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(object["path"] as? String, name)
    }
}
