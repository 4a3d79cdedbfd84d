import DocumentModel
import Imaging
import XCTest
@testable import OCR

final class TesseractEngineTests: XCTestCase {
    func testCleanPageKeyWordsAndConfidence() throws {
        let engine = try TesseractEngine(languages: ["eng"])
        let page = try engine.recognize(try OCRFixture.image("clean.png"))
        let words = page.lines.map(\.text).joined(separator: " ").ocrWords
        for w in ["quarterly", "warehouse", "invoices", "parcel", "telephone", "contract", "friday"] {
            XCTAssertTrue(words.contains(w), "missing \(w) in \(page.lines.map(\.text))")
        }
        XCTAssertGreaterThanOrEqual(page.lines.count, 6)
        XCTAssertGreaterThan(page.meanConfidence, 85)
        XCTAssertTrue(page.lines.allSatisfy { $0.stage == .fast })
        XCTAssertFalse(page.regions.isEmpty)
        XCTAssertTrue(page.lines.allSatisfy { $0.blockHint != nil && $0.paragraphHint != nil })
        // Boxes are in page pixels: inside the image, words inside their line.
        for line in page.lines {
            XCTAssertGreaterThan(line.box.width, 100)
            XCTAssertLessThanOrEqual(line.box.maxX, 1300)
            for word in line.words {
                XCTAssertNotNil(word.box.intersection(line.box), "\(word.text) outside its line")
                XCTAssertFalse(word.text.contains(" "))
            }
        }
    }

    /// The eng model's word list answers layout's hyphen question (`TessBaseAPIIsValidWord`).
    func testDictionaryWordsOfTheEnglishModel() throws {
        let engine = try TesseractEngine(languages: ["eng"])
        XCTAssertTrue(engine.dictionaryEnabled)
        XCTAssertTrue(engine.isDictionaryWord("information"))
        XCTAssertTrue(engine.isDictionaryWord("three"))
        XCTAssertTrue(engine.isDictionaryWord("dimensional"))
        XCTAssertTrue(engine.isDictionaryWord("Information"))
        XCTAssertFalse(engine.isDictionaryWord("threedimensional"))
        XCTAssertFalse(engine.isDictionaryWord("metaanalysis"))
        XCTAssertFalse(engine.isDictionaryWord(""))
        // Language correction off: the engine says so (Tesseract still answers from the model's list).
        let raw = try TesseractEngine(languages: ["eng"], variables: ["load_system_dawg": "0", "load_freq_dawg": "0"])
        XCTAssertFalse(raw.dictionaryEnabled)
        // The LSTM engine's own word lists stay loaded until `lstm_use_matrix` is off as well.
        XCTAssertTrue(raw.isDictionaryWord("information"))
        let bare = try TesseractEngine(languages: ["eng"], variables: ["load_system_dawg": "0", "load_freq_dawg": "0", "lstm_use_matrix": "0"])
        XCTAssertFalse(bare.isDictionaryWord("information"))
    }

    func testEngineIsReusedAcrossPages() throws {
        let engine = try TesseractEngine(languages: ["eng"])
        let first = try engine.recognize(try OCRFixture.image("clean.png"))
        let second = try engine.recognize(try OCRFixture.image("eng_deu.png"))
        let third = try engine.recognize(try OCRFixture.image("clean.png"))
        XCTAssertEqual(first.lines.map(\.text), third.lines.map(\.text))
        XCTAssertTrue(second.lines.map(\.text).joined(separator: " ").ocrWords.contains("berlin"))
    }

    func testEnglishGermanPageReadsUmlautsAndEszett() throws {
        let engine = try TesseractEngine(languages: ["eng", "deu"])
        let page = try engine.recognize(try OCRFixture.image("eng_deu.png"))
        let words = page.lines.map(\.text).joined(separator: " ").ocrWords
        for w in ["größe", "straße", "prüfen", "übersicht", "märz", "invoice", "confirmed"] {
            XCTAssertTrue(words.contains(w), "missing \(w) in \(page.lines.map(\.text))")
        }
    }

    func testMissingLanguageNamesTheDebianPackage() {
        XCTAssertThrowsError(try TesseractEngine(languages: ["eng", "kat_old"])) { error in
            XCTAssertEqual(error as? OCRError, .missingLanguage("kat_old", debianPackage: "tesseract-ocr-kat-old"))
            XCTAssertTrue("\(error)".contains("tesseract-ocr-kat-old"))
        }
    }

    func testBadDataPathThrows() {
        XCTAssertThrowsError(try TesseractEngine(languages: ["eng"], dataPath: "/nonexistent/tessdata")) { error in
            guard case .missingLanguage("eng", "tesseract-ocr-eng") = error as? OCRError else {
                return XCTFail("unexpected \(error)")
            }
        }
    }

    func testTinyDeadlineFailsThePage() throws {
        let engine = try TesseractEngine(languages: ["eng"])
        let image = try OCRFixture.image("clean.png")
        XCTAssertThrowsError(try engine.recognize(image, options: .init(deadline: 0.001))) { error in
            XCTAssertEqual(error as? OCRError, .deadlineExceeded(seconds: 0.001))
        }
        // The engine is still usable afterwards.
        XCTAssertFalse(try engine.recognize(image).lines.isEmpty)
    }

    func testCancellationStopsThePage() throws {
        let engine = try TesseractEngine(languages: ["eng"])
        XCTAssertThrowsError(try engine.recognize(try OCRFixture.image("clean.png"),
                                                  options: .init(isCancelled: { true }))) { error in
            XCTAssertEqual(error as? OCRError, .cancelled)
        }
    }

    func testLanguageCorrectionOffAndOnBothRead() throws {
        let on = try TesseractEngine(languages: ["eng"])
        let off = try TesseractEngine(languages: ["eng"], variables: ["load_system_dawg": "0", "load_freq_dawg": "0"])
        XCTAssertEqual(off.stringVariable("load_system_dawg"), "0")
        XCTAssertEqual(on.stringVariable("load_system_dawg"), "1")
        let image = try OCRFixture.image("degraded.png")
        let a = try on.recognize(image), b = try off.recognize(image)
        for page in [a, b] {
            let words = page.lines.map(\.text).joined(separator: " ").ocrWords
            XCTAssertTrue(words.contains("warehouse"), "\(page.lines.map(\.text))")
        }
    }

    func testSingleLineSegmentationOnACrop() throws {
        let engine = try TesseractEngine(languages: ["eng"])
        let image = try OCRFixture.image("clean.png")
        let page = try engine.recognize(image)
        let line = try XCTUnwrap(page.lines.first)
        let crop = try image.cropped(to: Box(x: line.box.x - 10, y: line.box.y - 10,
                                                width: line.box.width + 20, height: line.box.height + 20))
        let reread = try engine.recognize(crop, options: .init(segmentation: .singleLine, stage: .accurate))
        XCTAssertEqual(reread.lines.count, 1)
        XCTAssertEqual(reread.lines.first?.stage, .accurate)
        XCTAssertTrue(reread.lines[0].text.ocrWords.contains("quarterly"))
    }
}

final class TesseractEngineInitTests: XCTestCase {
    func testCorruptModelThrowsInitFailed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-ocr-corrupt-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not a model".utf8).write(to: dir.appendingPathComponent("eng.traineddata"))
        XCTAssertThrowsError(try TesseractEngine(languages: ["eng"], dataPath: dir.path)) { error in
            guard case let .initFailed(languages, dataPath, message) = error as? OCRError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(languages, "eng"); XCTAssertEqual(dataPath, dir.path)
            XCTAssertTrue(message.contains("TessBaseAPIInit4"))
        }
    }

    func testUserWordsAndPatternsAreAcceptedAtInit() throws {
        let engine = try TesseractEngine(languages: ["eng"], userWords: ["Zylqorbex"], userPatterns: ["\\d\\d-\\d\\d"])
        // The temporary files are read during initialisation and removed afterwards.
        let file = try XCTUnwrap(engine.stringVariable("user_words_file"))
        XCTAssertTrue(file.hasSuffix(".user-words"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file))
        XCTAssertFalse(try engine.recognize(try OCRFixture.image("clean.png")).lines.isEmpty)
    }

    func testVocabularyCorrection() {
        let v = Vocabulary(["Zylqorbex", "Zorq"])
        XCTAssertEqual(v.correction(for: "Zyiqorbex", isDictionaryWord: false), "Zylqorbex")
        XCTAssertEqual(v.correction(for: "(Zyigqorbex),", isDictionaryWord: false), "(Zylqorbex),")
        XCTAssertNil(v.correction(for: "Zylqorbex", isDictionaryWord: false))
        XCTAssertNil(v.correction(for: "Zyiqorbex", isDictionaryWord: true), "dictionary words stay")
        XCTAssertNil(v.correction(for: "Zorg", isDictionaryWord: false), "words under five letters need an exact match")
        XCTAssertEqual(v.correction(for: "Zylq0rbcx", isDictionaryWord: false), "Zylqorbex", "two edits on nine letters")
        XCTAssertNil(v.correction(for: "Zyxxxrbex", isDictionaryWord: false), "too far")
        XCTAssertNil(Vocabulary([]).correction(for: "Zyiqorbex", isDictionaryWord: false))
    }
}
