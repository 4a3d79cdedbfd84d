import DocumentModel
import Imaging
import OCR
import XCTest
@testable import Pipeline

final class RecognizeTests: XCTestCase {
    private func settings(_ level: OCRLevel, languages: [String] = ["eng"], words: [String] = [],
                          correction: Bool = true) -> OCRSettings {
        var s = OCRSettings()
        s.level = level; s.languages = languages; s.customWords = words; s.languageCorrection = correction
        return s
    }

    func testFastLevelOnCleanPage() throws {
        let page = try TextRecognizer(settings: settings(.fast)).recognize(try RecognizeFixture.image("clean.png"), deadline: 60)
        XCTAssertGreaterThan(page.meanConfidence, 85)
        XCTAssertTrue(page.lines.allSatisfy { $0.stage == .fast })
        XCTAssertTrue(page.lines.map(\.text).joined(separator: " ").recognizedWords.isSuperset(of: ["quarterly", "friday"]))
    }

    func testAccurateLevelRereadsWeakLinesOfDegradedPage() throws {
        let image = try RecognizeFixture.image("degraded.png")
        let fast = try TextRecognizer(settings: settings(.fast)).recognize(image, deadline: 60)
        let accurate = try TextRecognizer(settings: settings(.accurate)).recognize(image, deadline: 60)
        print("fast: \(fast.lines.map { "\(Int($0.confidence)) \($0.text)" })")
        print("accurate: \(accurate.lines.map { "\(Int($0.confidence)) \($0.stage) \($0.text)" })")
        XCTAssertTrue(accurate.lines.contains { $0.stage == .accurate }, "no line was re-read")
        XCTAssertTrue(accurate.lines.contains { $0.stage == .fast }, "every line was re-read")
        // The re-read reads at least as many of the page's words (scripts/fixtures/ocr.py's
        // ENGLISH lines). Mean confidence is no measure here: both readings drop their
        // low-confidence fragments, the fast one more of them.
        let truth = """
            The quarterly report describes shipping volumes for the northern warehouse and the harbour office. \
            Invoices were checked against the delivery notes and every missing parcel was recorded by hand. \
            Customers asked for faster replies by telephone, so the service team will extend its opening hours. \
            Please return the signed contract before Friday.
            """.recognizedWords
        func found(_ page: PageText) -> Int { page.lines.map(\.text).joined(separator: " ").recognizedWords.intersection(truth).count }
        XCTAssertGreaterThanOrEqual(found(accurate), found(fast))
        for line in accurate.lines where line.stage == .accurate {
            // Re-read words are mapped back to page coordinates, inside the image.
            for w in line.words {
                XCTAssertGreaterThanOrEqual(w.box.x, 0); XCTAssertLessThanOrEqual(w.box.maxX, image.width)
                XCTAssertGreaterThanOrEqual(w.box.y, 0); XCTAssertLessThanOrEqual(w.box.maxY, image.height)
            }
        }
    }

    /// Under heavy noise (scripts/fixtures/ocr.py `heavy_noise.jpg`) the fast pass reads the
    /// noise into hundreds of low-confidence "words"; balanced reads the page again whole
    /// after smoothing and normalisation and keeps that reading, which has more readable words
    /// (the first reading had more words times confidence, and used to be kept).
    func testNoisyPageIsReadAgainWhole() throws {
        let image = try RecognizeFixture.image("heavy_noise.jpg")
        let fast = try TextRecognizer(settings: settings(.fast)).recognize(image, deadline: 60)
        let balanced = try TextRecognizer(settings: settings(.balanced)).recognize(image, deadline: 60)
        let keyWords: Set = ["quarterly", "warehouse", "invoices", "parcel", "telephone", "contract"]
        func found(_ page: PageText) -> Int {
            page.lines.map(\.text).joined(separator: " ").recognizedWords.intersection(keyWords).count
        }
        XCTAssertLessThan(found(fast), 3, "the fixture should defeat the fast pass")
        XCTAssertGreaterThan(fast.words.count, 200, "the fast pass should read the noise as words")
        XCTAssertGreaterThanOrEqual(found(balanced), 5, "\(balanced.lines.map(\.text))")
        XCTAssertLessThan(balanced.words.count, 100)
    }

    func testCustomWordsCorrectADomainTerm() throws {
        let image = try RecognizeFixture.image("domain_term.png")
        let plain = try TextRecognizer(settings: settings(.fast)).recognize(image, deadline: 60)
        let custom = try TextRecognizer(settings: settings(.fast, words: ["Zylqorbex"])).recognize(image, deadline: 60)
        let off = try TextRecognizer(settings: settings(.fast, words: ["Zylqorbex"], correction: false))
            .recognize(image, deadline: 60)
        let count = { (p: PageText) in p.words.filter { $0.text.contains("Zylqorbex") }.count }
        print("plain: \(plain.lines.map(\.text))\ncustom: \(custom.lines.map(\.text))\noff: \(off.lines.map(\.text))")
        XCTAssertLessThan(count(plain), 3, "the fixture should be misread without custom words")
        XCTAssertEqual(count(custom), 3)
        XCTAssertEqual(count(off), count(plain), "custom words must have no effect without language correction")
        // Language correction off unloads every dictionary, the LSTM engine's included.
        XCTAssertTrue(try TextRecognizer(settings: settings(.fast)).fast.isDictionaryWord("information"))
        XCTAssertFalse(try TextRecognizer(settings: settings(.fast, correction: false)).fast.isDictionaryWord("information"))
        XCTAssertTrue(custom.lines.map(\.text).joined(separator: " ").recognizedWords.contains("cleaning"))
    }

    func testEnglishGermanPage() throws {
        let page = try TextRecognizer(settings: settings(.balanced, languages: ["eng", "deu"]))
            .recognize(try RecognizeFixture.image("eng_deu.png"), deadline: 60)
        let words = page.lines.map(\.text).joined(separator: " ").recognizedWords
        XCTAssertTrue(words.isSuperset(of: ["größe", "straße", "prüfen", "übersicht"]), "\(words)")
    }

    func testTinyDeadlineFailsThePage() throws {
        let ocr = try TextRecognizer(settings: settings(.accurate))
        XCTAssertThrowsError(try ocr.recognize(try RecognizeFixture.image("clean.png"), deadline: 0.001)) { error in
            guard case .deadlineExceeded = error as? OCRError else { return XCTFail("unexpected \(error)") }
        }
    }

    func testMissingLanguageNamesDebianPackage() {
        XCTAssertThrowsError(try TextRecognizer(settings: settings(.fast, languages: ["eng", "fra_zz"]))) { error in
            XCTAssertEqual(error as? OCRError, .missingLanguage("fra_zz", debianPackage: "tesseract-ocr-fra-zz"))
        }
    }

    func testLevelThresholds() throws {
        XCTAssertEqual(try TextRecognizer(settings: settings(.balanced)).rereadThreshold, 70)
        XCTAssertEqual(try TextRecognizer(settings: settings(.accurate)).rereadThreshold, 85)
        var s = settings(.balanced); s.rereadBelow = 42
        XCTAssertEqual(try TextRecognizer(settings: s).rereadThreshold, 42)
    }

    func testRulingBarsReadAsTextAreDroppedFromReReadLines() {
        func word(_ text: String, x: Int) -> Word { Word(text: text, confidence: 95, box: Box(x: x, y: 0, width: 20, height: 20)) }
        let reread = PageText(source: .ocr, lines: [Line(text: "Partner | 1279 |", confidence: 95,
            box: Box(x: 0, y: 0, width: 200, height: 20),
            words: [word("Partner", x: 0), word("|", x: 60), word("1279", x: 80), word("¦", x: 120)], stage: .fast)])
        let original = Line(text: "Partner 1279", confidence: 60, box: Box(x: 0, y: 0, width: 200, height: 20), words: [], stage: .fast)
        let merged = TextRecognizer.merge(reread, scale: 1, offset: Box(x: 100, y: 50, width: 0, height: 0), original: original)
        XCTAssertEqual(merged?.text, "Partner 1279")
        XCTAssertEqual(merged?.words.map(\.box.x), [100, 180])
        XCTAssertTrue(TextRecognizer.isRuleGlyph("||"))
        XCTAssertFalse(TextRecognizer.isRuleGlyph("I"))
    }
}
