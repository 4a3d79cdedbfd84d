import Foundation
import XCTest

/// Line-end hyphens through the real binary: layout asks the OCR engine's dictionary whether a
/// hyphen joins a compound ("three-" + "dimensional", kept) or breaks a word ("infor-" +
/// "mation", dropped), also when only layout is redone from the stored OCR text.
final class HyphenEndToEndTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ocr/hyphenated.png")

    private func sandbox(languageCorrection: Bool = true) throws -> QuireSandbox {
        let box = try QuireSandbox(files: [])
        try box.add(Self.fixture, as: "hyphenated.png")
        try """
            name: hyphen
            database: out/quire.sqlite
            inputs:
              - path: in
                min_file_age: 0
            ocr: {language_correction: \(languageCorrection)}
            barcodes: {enabled: false}
            run: {workers: 1}
            """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        return box
    }

    private func paragraph(_ box: QuireSandbox) throws -> String {
        try box.query("SELECT text FROM blocks WHERE kind = 'paragraph' ORDER BY reading_order").joined(separator: "\n")
    }

    func testCompoundKeepsItsHyphenAndABrokenWordIsJoined() throws {
        let box = try sandbox()
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let expected = "The survey compares the results of a three-dimensional model with the older field information"
            + " that the survey teams gathered by hand during the spring and summer of that year."
        XCTAssertEqual(try paragraph(box), expected)

        // Layout alone, from the stored words (OCR would fail): the worker starts an engine for
        // its dictionary, so the page reads the same.
        let rerun = try box.run(["rerun", box.pipeline, "--stage", "layout", "--quiet"], environment: ["QUIRE_FAULT": "ocr:throw"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(Set(try box.query("SELECT stage FROM page_stages WHERE run_id = 2")), ["layout"])
        XCTAssertEqual(try paragraph(box), expected)
    }

    /// Without language correction no dictionary is used: every hyphen before a lowercase
    /// letter is taken for a line break, as without a lexicon.
    func testWithoutLanguageCorrectionTheHyphenIsDropped() throws {
        let box = try sandbox(languageCorrection: false)
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try paragraph(box)
        XCTAssertTrue(text.contains("a threedimensional model") && text.contains("field information"), text)
    }

    /// A born-digital page decides its line-end hyphens with the same dictionary; the engine
    /// starts for it only when one of its hyphens needs it.
    func testATextLayerPageKeepsCompoundsAndJoinsBrokenWords() throws {
        let box = try QuireSandbox(files: [])
        try box.add(Self.bornDigital, as: "hyphens.pdf")
        try box.writePipeline(ocr: true, barcodes: false)
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try box.query("SELECT text_source FROM pages"), ["text_layer"])
        let text = try paragraph(box)
        for expected in ["the information from", "a three-dimensional model", "with state-of-the-art tools"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in \(text)")
        }
    }

    private static let bornDigital = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/layout/hyphens.pdf")
}
