import XCTest
@testable import Pipeline

/// Each bad pipeline file → the expected message (substring) at an exact line:column.
final class SpecErrorTests: XCTestCase {
    struct Case {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var severity: Diagnostic.Severity = .error
    }

    static let cases: [Case] = [
        // Unknown keys, with suggestions.
        Case(text: minimalHeader + "ocr:\n  enabled: true\n  languages: [eng]\n  levle: fast\n", line: 7, column: 3,
             message: "unknown key 'levle' in 'ocr' (did you mean 'level'?)"),
        Case(text: "nmae: t\ndatabase: quire.db\ninputs: [scans]\n", line: 1, column: 1,
             message: "unknown key 'nmae' (did you mean 'name'?)"),
        Case(text: minimalHeader + "extract:\n  max_pixels: 50\n", line: 5, column: 3,
             message: "unknown key 'max_pixels' in 'extract' (did you mean 'max_megapixels'?)"),
        Case(text: minimalHeader + "workers: 4\n", line: 4, column: 1,
             message: "unknown key 'workers' ('workers' belongs under 'run')"),
        Case(text: minimalHeader + "ocr:\n  langauges: [eng]\n", line: 5, column: 3,
             message: "did you mean 'languages'?"),
        Case(text: "name: t\ndatabase: quire.db\ninputs:\n  - path: scans\n    inclde: '*.pdf'\n", line: 5, column: 5,
             message: "unknown key 'inclde' in 'inputs' (did you mean 'include'?)"),
        // Locales ISO knows, and a language's name answered with its identifiers (issue 38, item 11).
        Case(text: minimalHeader + "data_detection:\n  locale: xx_YY\n", line: 5, column: 11,
             message: "locale 'xx_YY': 'xx' is not an ISO 639 language code"),
        Case(text: minimalHeader + "data_detection:\n  locale: en_YY\n", line: 5, column: 11,
             message: "locale 'en_YY': 'YY' is not an ISO 3166 region code"),
        Case(text: minimalHeader + "data_detection:\n  locale: en_UK\n", line: 5, column: 11,
             message: "(the United Kingdom is GB: en_GB)"),
        Case(text: minimalHeader + "data_detection:\n  locale: english\n", line: 5, column: 11,
             message: "locale 'english' is not a locale identifier like en_US or de_DE (did you mean 'en_US', 'en_GB' or another en_ locale?)"),
        Case(text: minimalHeader + "data_detection:\n  locale: Deutsch\n", line: 5, column: 11,
             message: "(did you mean 'de_DE' or another de_ locale?)"),
        // A database the run could not create is refused by validate, not by the run's exit 74.
        Case(text: "name: t\ndatabase: /proc/nope/x.db\ninputs: [scans]\n", line: 2, column: 11,
             message: "database: '/proc/nope/x.db' cannot be created: /proc: "),
        // Missing and duplicate keys.
        Case(text: "name: t\ninputs: [scans]\n", line: 1, column: 1, message: "missing required key 'database'"),
        Case(text: minimalHeader + "name: again\n", line: 4, column: 1, message: "duplicate key 'name' (first defined at line 1)"),
        Case(text: minimalHeader + "run:\n  workers: 2\n  workers: 3\n", line: 6, column: 3, message: "duplicate key 'workers'"),
        // Wrong types.
        Case(text: minimalHeader + "extract:\n  deskew: maybe\n", line: 5, column: 11,
             message: "extract.deskew: expected a boolean, found 'maybe'"),
        Case(text: minimalHeader + "run:\n  workers: 4.5\n", line: 5, column: 12,
             message: "run.workers: expected a whole number, found '4.5'"),
        Case(text: minimalHeader + "ocr: fast\n", line: 4, column: 6, message: "ocr: expected a mapping of keys, found 'fast'"),
        Case(text: minimalHeader + "layout:\n  tables: [yes]\n", line: 5, column: 11,
             message: "layout.tables: expected a single value, found a list"),
        Case(text: "name: [a]\ndatabase: quire.db\ninputs: [scans]\n", line: 1, column: 7,
             message: "name: expected a single value, found a list"),
        // Out of range.
        Case(text: minimalHeader + "extract:\n  dpi: 2400\n", line: 5, column: 8,
             message: "extract.dpi: must be between 72 and 1200, found 2400"),
        Case(text: minimalHeader + "run:\n  workers: 0\n", line: 5, column: 12,
             message: "run.workers: must be between 1 and 64, found 0"),
        Case(text: minimalHeader + "run:\n  page_timeout: 0\n", line: 5, column: 17,
             message: "run.page_timeout: must be greater than 0, found 0"),
        Case(text: minimalHeader + "run:\n  max_attempts: 0\n", line: 5, column: 17,
             message: "run.max_attempts: must be at least 1, found 0"),
        Case(text: minimalHeader + "ocr:\n  reread_below: 101\n", line: 5, column: 17,
             message: "ocr.reread_below: must be between 0 and 100, found 101"),
        // Unknown enumerations.
        Case(text: minimalHeader + "ocr:\n  level: accurat\n", line: 5, column: 10,
             message: "ocr.level: unknown level 'accurat'; expected fast, balanced or accurate (did you mean 'accurate'?)"),
        Case(text: minimalHeader + "extract:\n  text_layer: sometimes\n", line: 5, column: 15,
             message: "unknown text_layer mode 'sometimes'; expected auto, always or never"),
        Case(text: minimalHeader + "barcodes:\n  symbologies: [qr, dataMatirx]\n", line: 5, column: 21,
             message: "unknown symbology 'dataMatirx' (did you mean 'dataMatrix'?)"),
        Case(text: minimalHeader + "barcodes:\n  symbologies:\n    - qr\n    - EAN-13\n", line: 7, column: 7,
             message: "unknown symbology 'EAN-13' (did you mean 'ean13'?)"),
        Case(text: minimalHeader + "barcodes:\n  symbologies: [QRcode]\n", line: 5, column: 17,
             message: "(did you mean 'qr'?)"),
        Case(text: minimalHeader + "barcodes:\n  symbologies: [code39fullascii]\n", line: 5, column: 17,
             message: "(did you mean 'code39FullASCII'?)"),
        Case(text: minimalHeader + "barcodes:\n  symbologies: [zzz]\n", line: 5, column: 17,
             message: "expected 'all' or some of: qr, microQR"),
        // Inputs and paths.
        Case(text: "name: t\ndatabase: quire.db\ninputs:\n  - scans\n  - nowhere\n", line: 5, column: 5,
             message: "input folder does not exist: '"),
        Case(text: "name: t\ndatabase: quire.db\ninputs: []\n", line: 3, column: 9, message: "inputs: the list is empty"),
        Case(text: "name: t\ndatabase: quire.db\ninputs:\n  - include: '*.pdf'\n", line: 4, column: 5,
             message: "inputs: missing required key 'path'"),
        Case(text: "name: t\ndatabase: tessdata/eng.traineddata/q.db\ninputs: [scans]\n", line: 2, column: 11,
             message: "is a file, not a folder"),
        Case(text: "name: t\ndatabase: scans\ninputs: [scans]\n", line: 2, column: 11, message: "is a folder; give a file path"),
        Case(text: "name: t\ndatabase: quire.db\ninputs:\n  - path: scans\n    include: ['/abs/*.pdf']\n", line: 5, column: 15,
             message: "must be relative to the input root"),
        Case(text: "name: t\ndatabase: quire.db\ninputs:\n  - path: scans\n    passwords: ['hunter2!']\n", line: 5, column: 17,
             message: "variable #1 of input 1 is not an environment variable name"),
        Case(text: "name: t\ndatabase: quire.db\ninputs:\n  - path: scans\n    passwords: [NOT_SET_ANYWHERE]\n", line: 5, column: 17,
             message: "variable #1 of input 1 is not set now", severity: .warning),
        Case(text: "name: t\ndatabase: quire.db\ninputs:\n  - path: scans\n    passwords: ['${PDF_PW}']\n", line: 5, column: 17,
             message: "variable #1 of input 1 is written as '${…}'; write the variable's name without '${}'"),
        // Environment variables.
        Case(text: "name: t\ndatabase: ${NO_SUCH_VAR}/quire.db\ninputs: [scans]\n", line: 2, column: 11,
             message: "database: environment variable 'NO_SUCH_VAR' is not set (write '${NO_SUCH_VAR:-default}'"),
        Case(text: "name: t\ndatabase: quire.db\ninputs: ['${SCAN_ROOT']\n", line: 3, column: 10, message: "unterminated '${'"),
        Case(text: "name: t\ndatabase: quire.db\ninputs: ['${bad-name}']\n", line: 3, column: 10, message: "is not a valid variable reference"),
        // Languages.
        Case(text: minimalHeader + "ocr:\n  languages: [eng, chi_sim]\n", line: 5, column: 20,
             message: "language 'chi_sim' is not installed (no chi_sim.traineddata in '"),
        Case(text: minimalHeader + "ocr:\n  languages: eng+fra\n", line: 5, column: 14,
             message: "install the Debian package tesseract-ocr-fra"),
        Case(text: minimalHeader + "ocr:\n  languages: [eng, de]\n", line: 5, column: 20,
             message: "'de' is not a Tesseract language code; write 'deu' (it is installed)"),
        Case(text: minimalHeader + "ocr:\n  languages: [fr]\n", line: 5, column: 15,
             message: "'fr' is not a Tesseract language code; write 'fra' (install the Debian package tesseract-ocr-fra)"),
        Case(text: minimalHeader + "ocr:\n  languages: ['en g']\n", line: 5, column: 15, message: "is not a Tesseract language code"),
        // Warnings.
        Case(text: minimalHeader + "ocr:\n  custom_words: [quire]\n  language_correction: false\n", line: 5, column: 17,
             message: "custom words have no effect when language_correction is false", severity: .warning),
        Case(text: minimalHeader + "ocr:\n  level: fast\n  reread_below: 80\n", line: 6, column: 17,
             message: "has no effect with level 'fast'", severity: .warning),
        // YAML syntax, empty file.
        Case(text: "name: t\nocr:\n\tlevel: fast\n", line: 3, column: 1,
             message: "found character that cannot start any token (while scanning for the next token at line 3, column 1); tabs are not allowed"),
        Case(text: "name: t\ndatabase: [unclosed\n", line: 3, column: 1, message: "did not find expected ',' or ']'"),
        Case(text: "# nothing\n", line: 1, column: 1, message: "the pipeline file is empty"),
        Case(text: "- a\n- b\n", line: 1, column: 1, message: "the pipeline file: expected a mapping of keys, found a list"),
    ]

    func testEachBadSnippetReportsItsPosition() throws {
        let sandbox = try SpecSandbox()
        for (index, c) in Self.cases.enumerated() {
            let result = sandbox.validate(c.text)
            let found = result.diagnostics.first { $0.message.contains(c.message) }
            guard let found else {
                XCTFail("case \(index): no diagnostic containing \"\(c.message)\"; got:\n\(result.diagnostics.map(\.description).joined(separator: "\n"))")
                continue
            }
            XCTAssertEqual("\(found.line):\(found.column)", "\(c.line):\(c.column)", "case \(index): \(found)")
            XCTAssertEqual(found.severity, c.severity, "case \(index): \(found)")
            XCTAssertEqual(found.file, sandbox.pipelinePath)
            if c.severity == .error { XCTAssertNil(result.spec, "case \(index) should not produce a spec") }
        }
    }

    func testAllProblemsAreReportedAtOnceInFileOrder() throws {
        let sandbox = try SpecSandbox()
        let text = """
        name: t
        database: quire.db
        inputs: [nowhere]
        extract:
          dpi: 10
        ocr:
          levle: fast
        barcodes:
          symbologies: [qr, QRcode]
        run:
          workers: 0
        """
        let result = sandbox.validate(text)
        XCTAssertNil(result.spec)
        XCTAssertEqual(result.errors.map { "\($0.line):\($0.column)" }, ["3:10", "5:8", "7:3", "9:21", "11:12"])
        XCTAssertEqual(result.errors[2].description,
                       "\(sandbox.pipelinePath):7:3: unknown key 'levle' in 'ocr' (did you mean 'level'?)")
    }

    func testLoadThrowsErrorCarryingEveryDiagnostic() throws {
        let sandbox = try SpecSandbox()
        try "name: t\ndatabase: quire.db\ninputs: [scans]\nrun:\n  workers: 0\n  max_attempts: 0\n"
            .write(toFile: sandbox.pipelinePath, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try sandbox.loader().load(path: sandbox.pipelinePath)) { error in
            guard let error = error as? PipelineFileError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.path, sandbox.pipelinePath)
            XCTAssertEqual(error.errors.count, 2)
            XCTAssertEqual(error.description.split(separator: "\n").count, 2)
            XCTAssertTrue(error.description.hasPrefix("\(sandbox.pipelinePath):5:12: run.workers"), error.description)
        }
    }

    func testMissingFileIsOneDiagnosticWithoutPosition() {
        let result = PipelineLoader().validate(path: "/no/such/pipeline.yaml")
        XCTAssertNil(result.spec)
        XCTAssertEqual(result.diagnostics.map(\.description), ["/no/such/pipeline.yaml: no such file"])
    }
}
