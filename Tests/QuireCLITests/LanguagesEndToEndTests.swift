import Foundation
import XCTest

/// `ocr.languages: auto` through the real binary, on a French and a Russian page
/// (Tests/Fixtures/languages, scripts/fixtures/languages.py): each page's language and script
/// stored, the exports carrying them, search not stemming French as English, and a language
/// without its installed model reported once with the package to install.
final class LanguagesEndToEndTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/languages")

    private func sandbox(languages: String) throws -> QuireSandbox {
        let box = try QuireSandbox(files: [])
        try box.add(Self.fixtures.appendingPathComponent("french.png"), as: "french.png")
        try box.add(Self.fixtures.appendingPathComponent("russian.png"), as: "russian.png")
        let yaml = """
            name: e2e
            database: out/quire.sqlite
            inputs:
              - path: in
                min_file_age: 0
            ocr:
              languages: \(languages)
              level: fast
            barcodes:
              enabled: false
            """
        try yaml.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        return box
    }

    private func file(_ box: QuireSandbox, _ path: String) throws -> String {
        try String(contentsOf: box.dir.appendingPathComponent(path), encoding: .utf8)
    }

    func testAutoDetectsStoresExportsAndSearchesEachPagesLanguage() throws {
        let box = try sandbox(languages: "{auto: [eng, fra, rus]}")
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try box.query("""
            SELECT d.path, p.language, p.script, p.language_method, p.ocr_models FROM pages p
            JOIN documents d ON d.id = p.document_id ORDER BY d.path
            """).map { ($0 as NSString).lastPathComponent },
                       ["french.png|fr|Latin|detected|fra", "russian.png|ru|Cyrillic|detected|rus"])
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE language_confidence > 0.8"), 2)
        // Read with the right model: accents and Cyrillic come back.
        let french = try box.query("SELECT text FROM page_text WHERE path LIKE '%french.png'").joined()
        XCTAssertTrue(french.contains("spéciaux") && french.contains("périphérique"), french)
        let russian = try box.query("SELECT text FROM page_text WHERE path LIKE '%russian.png'").joined()
        XCTAssertTrue(russian.contains("файла") && russian.contains("устройства"), russian)
        // "every page in Russian", and the document_languages view.
        XCTAssertEqual(try box.query("SELECT page_number FROM pages WHERE language = 'ru'"), ["1"])
        XCTAssertEqual(try box.scalar("SELECT count(DISTINCT language) FROM document_languages"), 2)

        // Search: the French page is indexed unstemmed (no English stemming), and both pages
        // are found by their own words.
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM page_fts_exact"), 2)
        let fichiers = try box.run(["search", box.database, "fichiers"])
        XCTAssertTrue(fichiers.stdout.contains("french.png"), fichiers.stdout + fichiers.stderr)
        let stem = try box.run(["search", box.database, "fichier"])
        XCTAssertFalse(stem.stdout.contains("french.png"), "porter would make 'fichiers' 'fichier': \(stem.stdout)")
        let cyrillic = try box.run(["search", box.database, "устройства"])
        XCTAssertTrue(cyrillic.stdout.contains("russian.png"), cyrillic.stdout + cyrillic.stderr)

        // Exports: ALTO LANG, hOCR lang, JSON page.language within the committed schema.
        for format in ["alto", "hocr", "json"] {
            let export = try box.run(["export", box.pipeline, "--format", format, "--out", box.dir.appendingPathComponent(format).path])
            XCTAssertEqual(export.status, 0, export.stderr)
        }
        XCTAssertTrue(try file(box, "alto/french.png.alto.xml").contains("LANG=\"fr\""))
        let hocr = try file(box, "hocr/russian.png.hocr")
        XCTAssertTrue(hocr.contains("lang=\"ru\"") && hocr.contains("xml:lang=\"ru\""), hocr)
        let data = try Data(contentsOf: box.dir.appendingPathComponent("json/french.png.json"))
        let document = try JSONSerialization.jsonObject(with: data)
        let validator = try JSONSchemaValidator(schemaFile: ContribTests.root.appendingPathComponent("docs/export-json.schema.json"))
        XCTAssertEqual(validator.validate(document), [])
        let page = ((document as? [String: Any])?["pages"] as? [[String: Any]])?.first
        let language = page?["language"] as? [String: Any]
        XCTAssertEqual(language?["code"] as? String, "fr")
        XCTAssertEqual(language?["script"] as? String, "Latin")
        XCTAssertEqual(((document as? [String: Any])?["metadata"] as? [String: Any])?["languages"] as? [String], ["fr"])
    }

    func testALanguageWithoutItsModelIsReportedOnceWithThePackage() throws {
        let box = try sandbox(languages: "{auto: [eng, fra]}")
        let run = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try box.query("SELECT language || '|' || script || '|' || language_method FROM pages WHERE language_method <> 'detected'"),
                       ["ru|Cyrillic|detected_without_model"])
        let warnings = run.stderr.components(separatedBy: "\n").filter { $0.contains("tesseract-ocr-rus") }
        XCTAssertEqual(warnings.count, 1, run.stderr)
    }
}
