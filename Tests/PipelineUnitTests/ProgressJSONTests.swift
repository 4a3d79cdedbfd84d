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

    func testTerminalControlsAreEscapedAndStillParse() throws {
        let name = "invoice\u{202E}fdp.exe\u{9B}31m\u{7F}"
        let text = JSONValue.object(["path": .string(name)])
        XCTAssertFalse(text.unicodeScalars.contains { TerminalText.needsEscape($0) }, text)
        XCTAssertTrue(text.contains("\\u202e"), text)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(object["path"] as? String, name)
    }
}
