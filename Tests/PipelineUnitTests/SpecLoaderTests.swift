import DocumentModel
import XCTest
import OCR
@testable import Pipeline

final class SpecLoaderTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/spec")

    func testMinimalThreeLineFileGetsProductDefaults() throws {
        let sandbox = try SpecSandbox()
        let result = sandbox.validate("name: nightly\ndatabase: quire.db\ninputs: [scans]\n")
        XCTAssertEqual(result.diagnostics, [])
        let spec = try XCTUnwrap(result.spec)
        XCTAssertEqual(spec, PipelineSpec(name: "nightly", database: sandbox.folder + "/quire.db",
                                          inputs: [InputSpec(root: sandbox.folder + "/scans", minFileAge: 5)]))
        XCTAssertEqual(spec.extract.dpi, 300)
        XCTAssertEqual(spec.ocr.level, .balanced)
        XCTAssertEqual(spec.barcodes.symbologies, Symbology.allCases)
        XCTAssertNil(spec.run.workers)
        XCTAssertNil(spec.extract.assumedImageDPI, "assumed_image_dpi defaults to auto")
    }

    func testAssumedImageDPIIsAutoOrANumber() throws {
        let sandbox = try SpecSandbox()
        let head = "name: t\ndatabase: quire.db\ninputs: [scans]\nextract:\n  assumed_image_dpi: "
        XCTAssertNil(try XCTUnwrap(sandbox.validate(head + "auto\n").spec).extract.assumedImageDPI)
        XCTAssertEqual(try XCTUnwrap(sandbox.validate(head + "150\n").spec).extract.assumedImageDPI, 150)
        let bad = sandbox.validate(head + "often\n")
        XCTAssertNil(bad.spec)
        XCTAssertTrue(bad.diagnostics.contains { $0.message.contains("extract.assumed_image_dpi") }, "\(bad.diagnostics)")
    }

    func testCompleteFixtureWithDebianTessdata() throws {
        // Real file, real tessdata folder (tesseract-ocr-eng and -deu are installed here).
        let path = Self.fixtures.appendingPathComponent("complete.yaml").path
        let loader = PipelineLoader(environment: ["ARCHIVE_PDF_PASSWORD": "secret"], tessdataDirectory: Tessdata.debianDirectory)
        let spec = try loader.load(path: path)
        let folder = Self.fixtures.standardizedFileURL.path
        XCTAssertEqual(spec.name, "complete")
        XCTAssertEqual(spec.database, folder + "/quire.db")
        XCTAssertEqual(spec.inputs.count, 2)
        XCTAssertEqual(spec.inputs[0], InputSpec(root: folder + "/inputs/scans", minFileAge: 5))
        XCTAssertEqual(spec.inputs[1], InputSpec(root: folder + "/inputs/archive", include: ["**/*.pdf", "**/*.tif"],
                                                 exclude: ["**/drafts/**"], followSymlinks: false,
                                                 passwordEnv: ["ARCHIVE_PDF_PASSWORD"], minFileAge: 5))
        XCTAssertEqual(spec.extract.maxPixels, 100_000_000)
        XCTAssertEqual(spec.ocr.languages, ["eng", "deu"])
        XCTAssertEqual(spec.ocr.rereadBelow, 70)
        XCTAssertEqual(spec.ocr.customWords, ["quire", "Rechnungsnummer"])
        XCTAssertEqual(spec.ocr.customPatterns, ["\\d\\d\\d-\\d\\d\\d"])
        XCTAssertEqual(spec.barcodes.symbologies, [.qr, .code128, .ean13])
        XCTAssertEqual(spec.run.workers, 2)
        XCTAssertEqual(spec.run.pageTimeout, 120)
        XCTAssertFalse(String(describing: spec).contains("secret"), "password values are never stored")
    }

    func testMinimalFixtureFile() throws {
        let spec = try PipelineLoader.load(path: Self.fixtures.appendingPathComponent("minimal.yaml").path)
        XCTAssertEqual(spec.inputs.map(\.root), [Self.fixtures.standardizedFileURL.path + "/inputs/scans"])
    }

    func testEverySettingIsRead() throws {
        let sandbox = try SpecSandbox()
        let text = """
        name: "all keys"
        database: ${DB_DIR:-.}/out.db
        inputs:
          - path: ${SCAN_ROOT}
            include: "2024/**/*.pdf"
            exclude: ["**/tmp/**"]
            follow_symlinks: yes
            passwords: PDF_PW
        extract:
          dpi: 400
          assumed_image_dpi: 200
          text_layer: never
          max_megapixels: 2.5
          detect_orientation: false
          deskew: off
        ocr:
          enabled: true
          languages: eng+deu
          level: accurate
          reread_below: 85.5
          custom_words: quire
          custom_patterns: []
          language_correction: true
        layout: {enabled: true, paragraphs: false, lists: false, tables: false}
        barcodes:
          enabled: false
          symbologies: all
          try_harder: false
        run:
          workers: auto
          page_timeout: 2.5
          max_attempts: 5
          worker_memory_mib: 1_024
        """
        let result = sandbox.validate(text)
        XCTAssertEqual(result.diagnostics, [])
        let spec = try XCTUnwrap(result.spec)
        XCTAssertEqual(spec.name, "all keys")
        XCTAssertEqual(spec.database, sandbox.folder + "/out.db")
        XCTAssertEqual(spec.inputs, [InputSpec(root: sandbox.folder + "/scans", include: ["2024/**/*.pdf"],
                                               exclude: ["**/tmp/**"], followSymlinks: true, passwordEnv: ["PDF_PW"],
                                               minFileAge: 5)])
        XCTAssertEqual(spec.extract.dpi, 400)
        XCTAssertEqual(spec.extract.assumedImageDPI, 200)
        XCTAssertEqual(spec.extract.textLayer, .never)
        XCTAssertEqual(spec.extract.maxPixels, 2_500_000)
        XCTAssertFalse(spec.extract.detectOrientation)
        XCTAssertFalse(spec.extract.deskew)
        XCTAssertEqual(spec.ocr.languages, ["eng", "deu"])
        XCTAssertEqual(spec.ocr.level, .accurate)
        XCTAssertEqual(spec.ocr.rereadBelow, 85.5)
        XCTAssertEqual(spec.ocr.customWords, ["quire"])
        XCTAssertEqual(spec.layout, { var l = LayoutSettings(); l.paragraphs = false; l.lists = false; l.tables = false; return l }())
        XCTAssertFalse(spec.barcodes.enabled)
        XCTAssertEqual(spec.barcodes.symbologies, Symbology.allCases)
        XCTAssertFalse(spec.barcodes.tryHarder)
        XCTAssertNil(spec.run.workers)
        XCTAssertEqual(spec.run.pageTimeout, 2.5)
        XCTAssertEqual(spec.run.maxAttempts, 5)
        XCTAssertEqual(spec.run.workerMemoryMiB, 1024)
    }

    func testNullSectionsAndValuesKeepDefaults() throws {
        let sandbox = try SpecSandbox()
        let spec = try XCTUnwrap(sandbox.validate(minimalHeader + "ocr:\nrun:\n  workers:\n  page_timeout: ~\n").spec)
        XCTAssertEqual(spec.ocr, OCRSettings())
        XCTAssertEqual(spec.run, RunSettings())
        let withInput = try XCTUnwrap(sandbox.validate("name: t\ndatabase: q.db\ninputs:\n  - path: scans\n    include:\n    exclude: ~\n").spec)
        XCTAssertEqual(withInput.inputs, [InputSpec(root: sandbox.folder + "/scans", minFileAge: 5)])
    }

    func testWorkersFromEnvironment() throws {
        let sandbox = try SpecSandbox()
        let text = minimalHeader + "run:\n  workers: ${W:-auto}\n"
        XCTAssertNil(try XCTUnwrap(sandbox.validate(text, environment: [:]).spec).run.workers)
        XCTAssertEqual(try XCTUnwrap(sandbox.validate(text, environment: ["W": "6"]).spec).run.workers, 6)
    }

    func testEnvironmentExpansionRules() {
        let env = ["A": "1", "EMPTY": ""]
        func expand(_ s: String) -> String? { try? EnvironmentExpansion.expand(s, environment: env).get() }
        XCTAssertEqual(expand("x${A}y"), "x1y")
        XCTAssertEqual(expand("${A}${A}"), "11")
        XCTAssertEqual(expand("${B:-fallback}"), "fallback")
        XCTAssertEqual(expand("${EMPTY:-fallback}"), "fallback")
        XCTAssertEqual(expand("${EMPTY}"), "")
        XCTAssertEqual(expand("${B:-}"), "")
        XCTAssertEqual(expand("$${A}"), "${A}")
        XCTAssertEqual(expand("cost $5"), "cost $5")
        XCTAssertNil(expand("${B}"))
        XCTAssertNil(expand("${A"))
    }

    func testHomeAndAbsolutePathsResolve() throws {
        let sandbox = try SpecSandbox()
        let reader = SpecReader(file: "p.yaml", folder: "/srv/pipelines", environment: ["HOME": "/home/me"], tessdataDirectory: sandbox.tessdata)
        XCTAssertEqual(reader.resolve("~/scans"), "/home/me/scans")
        XCTAssertEqual(reader.resolve("/data/x"), "/data/x")
        XCTAssertEqual(reader.resolve("../db/q.db"), "/srv/db/q.db")
        XCTAssertEqual(reader.resolve("./in"), "/srv/pipelines/in")
    }

    func testDebianPackageNames() {
        XCTAssertEqual(Tessdata.debianPackage(for: "chi_sim"), "tesseract-ocr-chi-sim")
        XCTAssertEqual(Tessdata.debianPackage(for: "deu"), "tesseract-ocr-deu")
        XCTAssertEqual(Tessdata.directory(environment: ["TESSDATA_PREFIX": "/opt/td"]), "/opt/td")
        XCTAssertEqual(Tessdata.directory(environment: [:]), "/usr/share/tesseract-ocr/5/tessdata")
    }

    func testSuggestions() {
        XCTAssertEqual(Suggestion.closest(to: "levle", among: SpecKeys.ocr), "level")
        XCTAssertEqual(Suggestion.closest(to: "LEVEL", among: SpecKeys.ocr), "level")
        XCTAssertNil(Suggestion.closest(to: "colour", among: SpecKeys.ocr))
        XCTAssertEqual(Suggestion.distance("abc", "acb"), 1)
        XCTAssertEqual(Suggestion.distance("kitten", "sitting"), 3)
    }
}
