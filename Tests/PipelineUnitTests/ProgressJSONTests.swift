import Foundation
@testable import Pipeline
import XCTest

/// JSON progress lines are written by hand: they must parse as JSON and keep every value.
final class ProgressJSONTests: XCTestCase {
    private func json(_ value: JSONValue) -> String {
        var out = ""
        value.write(to: &out)
        return out
    }

    func testValuesParseBackExactly() throws {
        let tricky = "a \"quoted\" C:\\path/with/slashes\nnew line\ttab \u{01} Größe ✓"
        let text = "{\"s\":\(json(.string(tricky))),\"i\":\(json(.int(-42))),\"d\":\(json(.double(12.5))),"
            + "\"w\":\(json(.double(60))),\"n\":\(json(.null)),\"nan\":\(json(.double(.nan)))}"
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
        XCTAssertEqual(object["s"] as? String, tricky)
        XCTAssertEqual(object["i"] as? Int, -42)
        XCTAssertEqual(object["d"] as? Double, 12.5)
        XCTAssertEqual(object["w"] as? Double, 60)
        XCTAssertTrue(object["n"] is NSNull)
        XCTAssertTrue(object["nan"] is NSNull, "JSON has no NaN")
        XCTAssertFalse(text.contains("\n"), "one line per event")
    }
}
