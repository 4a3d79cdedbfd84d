import XCTest
@testable import YAML

/// Parsing real files from Tests/Fixtures/spec.
final class YAMLFileTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/spec")

    func testParsesTheCompleteExampleFile() throws {
        let path = Self.fixtures.appendingPathComponent("complete.yaml").path
        let root = try XCTUnwrap(YAMLParser.parse(contentsOfFile: path))
        XCTAssertEqual(root.mapping?.map { $0.key.scalarValue ?? "" },
                       ["name", "database", "inputs", "extract", "ocr", "layout", "barcodes", "run"])
        XCTAssertEqual(root["ocr"]?["languages"]?.sequence?.count, 2)
        XCTAssertEqual(root["run"]?["workers"]?.scalarValue, "2")
    }

    func testMissingFileIsAnErrorWithoutPosition() {
        XCTAssertThrowsError(try YAMLParser.parse(contentsOfFile: "/nonexistent/quire.yaml")) { error in
            let e = error as? YAMLError
            XCTAssertEqual(e?.line, 0)
            XCTAssertEqual(e?.description, "/nonexistent/quire.yaml: no such file")
        }
    }
}
