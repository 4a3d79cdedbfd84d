import Foundation
import XCTest

/// The `detect` stage through the real binary: it runs on the stored words, `rerun --stage
/// detect` works from the database alone, a page reads its ambiguous dates by the document's
/// other dates (or by the locale), and changing `data_detection:` redoes detection and layout only.
final class DetectEndToEndTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/detect/dates.pdf")

    private func sandbox(_ detection: String) throws -> QuireSandbox {
        let box = try QuireSandbox(files: [])
        try box.add(Self.fixture, as: "dates.pdf")
        try box.writePipeline(extra: detection)
        return box
    }

    private func values(_ box: QuireSandbox, _ type: String) throws -> [String] {
        try box.query("SELECT value FROM detected WHERE type = '\(type)' ORDER BY page_number, id")
    }

    func testDetectionFindsCheckedValuesAndRerunsFromTheDatabase() throws {
        let box = try sandbox("data_detection:\n  countries: [US]")
        let first = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try values(box, "email"), ["records@archive.example"])
        XCTAssertEqual(try values(box, "phone"), ["+12125550147"])
        XCTAssertEqual(try box.query("SELECT value || ' ' || currency FROM detected WHERE type = 'money'"), ["1250.00 USD"])
        // Only the tracking number whose check digit is right.
        XCTAssertEqual(try box.query("SELECT value || ' ' || carrier FROM detected WHERE type = 'tracking_number'"),
                       ["1Z999AA10123456784 ups"])
        XCTAssertFalse(try box.query("SELECT text FROM detected WHERE type = 'date'").contains { $0.contains("10.2") })
        // Page 2's 04/25/2024 decides how page 1's 03/04/2024 is read (month first), whichever
        // page was stored first: the document pass reads a page again when it ran before the
        // evidence was there.
        XCTAssertEqual(try values(box, "date"), ["2024-03-04", "2024-04-25"])
        // The word span and the box point at the stored words.
        let span = try box.query("""
            SELECT w.text FROM detected_data x JOIN lines l ON l.page_id = x.page_id AND l.line_order = x.first_line
            JOIN words w ON w.line_id = l.id AND w.word_order = x.first_word WHERE x.type = 'email'
            """)
        XCTAssertEqual(span.first.map { $0.contains("records@archive.example") }, true, "\(span)")

        // Extraction and OCR would fail now: detection works from the stored words.
        let rerun = try box.run(["rerun", box.pipeline, "--stage", "detect", "--quiet"],
                                environment: ["QUIRE_FAULT": "extract:throw,ocr:throw"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(Set(try box.query("SELECT stage FROM page_stages WHERE run_id = 2")), ["detect", "layout"])
        XCTAssertEqual(try values(box, "date"), ["2024-03-04", "2024-04-25"])
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 2)
        let json = try box.query("SELECT structure_json FROM pages WHERE page_number = 1").joined()
        XCTAssertTrue(json.contains("\"detectedData\"") && json.contains("2024-03-04"), json)

        // The JSON export lists them per page, within the committed schema.
        let export = try box.run(["export", box.pipeline, "--format", "json", "--out", box.dir.appendingPathComponent("json").path])
        XCTAssertEqual(export.status, 0, export.stderr)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: box.dir.appendingPathComponent("json/dates.pdf.json")))
        let validator = try JSONSchemaValidator(schemaFile: ContribTests.root.appendingPathComponent("docs/export-json.schema.json"))
        XCTAssertEqual(validator.validate(document), [])
        let pages = (document as? [String: Any])?["pages"] as? [[String: Any]] ?? []
        let pageOne = pages.first?["detectedData"] as? [[String: Any]] ?? []
        XCTAssertTrue(pageOne.contains { $0["type"] as? String == "date" && $0["value"] as? String == "2024-03-04" }, "\(pageOne)")
        XCTAssertTrue(pageOne.contains { $0["type"] as? String == "money" && $0["currency"] as? String == "USD" }, "\(pageOne)")

        // docs/schema.md's queries 15 and 17, as written there.
        XCTAssertEqual(try documentedQuery("-- 15.", box).map { ($0 as NSString).lastPathComponent }, ["dates.pdf"])
        XCTAssertEqual(try documentedQuery("-- 17.", box).first?.hasPrefix("ups|1Z999AA10123456784|"), true)
    }

    /// Without layout too, a page detected before its document's deciding dates were stored is
    /// read again once the document is settled (one worker: page 1 always runs first).
    func testDayMonthOrderIsSettledByTheDocumentWithoutLayout() throws {
        let box = try sandbox("layout:\n  enabled: false\nrun:\n  workers: 1")
        let first = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try values(box, "date"), ["2024-03-04", "2024-04-25"])
        XCTAssertEqual(try box.query("SELECT DISTINCT stage FROM page_stages ORDER BY stage"), ["barcodes", "detect", "extract", "ocr"])
        XCTAssertEqual(try box.query("SELECT layout_pass FROM documents"), ["done"])
        let again = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM page_stages WHERE run_id = 2"), 0, "nothing left to do")
    }

    /// The SQL under a numbered comment of docs/schema.md's "Queries people ask".
    private func documentedQuery(_ label: String, _ box: QuireSandbox) throws -> [String] {
        let schema = try String(contentsOf: ContribTests.root.appendingPathComponent("docs/schema.md"), encoding: .utf8)
        let start = try XCTUnwrap(schema.range(of: label))
        let body = try XCTUnwrap(schema.range(of: "\n", range: start.upperBound..<schema.endIndex))
        let end = try XCTUnwrap(schema.range(of: ";", range: body.upperBound..<schema.endIndex))
        return try box.query(String(schema[body.upperBound..<end.upperBound]))
    }

    func testChangingTheSectionRedoesDetectionAndLayoutOnly() throws {
        let box = try sandbox("data_detection:\n  countries: [US]")
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        // A locale decides day/month order before any document evidence: 03/04/2024 is 3 April.
        try box.writePipeline(extra: "data_detection:\n  locale: en_GB\n  types: [date, email]")
        let second = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(Set(try box.query("SELECT stage FROM page_stages WHERE run_id = 2")), ["detect", "layout"])
        XCTAssertEqual(try values(box, "date").first, "2024-04-03")
        XCTAssertEqual(Set(try box.query("SELECT DISTINCT type FROM detected")), ["date", "email"])

        // Disabled: nothing is planned for it, and what it stored stays as it was.
        try box.writePipeline(extra: "data_detection:\n  enabled: false")
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM page_stages WHERE run_id = 3 AND stage = 'detect'"), 0)
    }

    func testAnUnknownTypeOrCountryIsAPipelineError() throws {
        let box = try sandbox("data_detection:\n  types: [dates]\n  countries: [XX]")
        let result = try box.run(["validate", box.pipeline])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("data_detection.types: unknown type 'dates' (did you mean 'date'?)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("'XX' is not an ISO 3166 country code"), result.stderr)
    }
}
