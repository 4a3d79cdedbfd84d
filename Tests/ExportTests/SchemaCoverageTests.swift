import DocumentModel
import Foundation
import XCTest

/// The published JSON schema names every value the export can write: a block kind or a detected
/// data type added to the model without the schema would make valid output fail validation.
final class SchemaCoverageTests: XCTestCase {
    private func schema() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/export-json.schema.json")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    private func enumeration(_ schema: [String: Any], _ definition: String, _ property: String) -> Set<String> {
        let defs = schema["$defs"] as? [String: Any]
        let properties = (defs?[definition] as? [String: Any])?["properties"] as? [String: Any]
        return Set(((properties?[property] as? [String: Any])?["enum"] as? [String]) ?? [])
    }

    func testEveryBlockKindAndDataTypeIsInTheSchema() throws {
        let schema = try schema()
        XCTAssertEqual(enumeration(schema, "block", "kind"), Set(BlockKind.allCases.map(\.rawValue)))
        XCTAssertEqual(enumeration(schema, "detected", "type"), Set(DataType.allCases.map(\.rawValue)))
    }
}
