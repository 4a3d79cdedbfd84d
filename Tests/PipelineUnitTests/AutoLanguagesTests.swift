import DocumentModel
import LanguageID
import XCTest
@testable import Pipeline

/// `ocr.languages: auto` as the pipeline file states it, and how the router picks the models a
/// page is read with from what the detector says (pure: no engines).
final class AutoLanguagesTests: XCTestCase {
    private let head = "name: t\ndatabase: quire.db\ninputs: [scans]\nocr:\n  languages: "

    func testAutoTakesEveryInstalledModelButOSDWithEnglishFirst() throws {
        let sandbox = try SpecSandbox()
        let result = sandbox.validate(head + "auto\n")
        XCTAssertEqual(result.diagnostics, [])
        let ocr = try XCTUnwrap(result.spec).ocr
        XCTAssertTrue(ocr.detectsLanguage)
        XCTAssertEqual(ocr.languages, ["eng", "deu"])
    }

    func testAutoWithCandidatesKeepsTheirOrder() throws {
        let sandbox = try SpecSandbox()
        let ocr = try XCTUnwrap(sandbox.validate(head + "{auto: [deu, eng]}\n").spec).ocr
        XCTAssertTrue(ocr.detectsLanguage)
        XCTAssertEqual(ocr.languages, ["deu", "eng"])
        let block = try XCTUnwrap(sandbox.validate(head + "\n    auto: [eng, deu]\n").spec).ocr
        XCTAssertEqual(block.languages, ["eng", "deu"])
        // A plain list stays a plain list; an input's own languages switch detection off.
        let plain = try XCTUnwrap(sandbox.validate(head + "[eng]\n").spec).ocr
        XCTAssertFalse(plain.detectsLanguage)
        XCTAssertNil(plain.autoLanguages, "off is nil, so that the fingerprint of existing archives is unchanged")
        XCTAssertFalse(ocr.with(languages: ["deu"]).detectsLanguage)
    }

    func testAutoCandidatesAreValidated() throws {
        let sandbox = try SpecSandbox()
        let missing = sandbox.validate(head + "{auto: [eng, fra]}\n")
        XCTAssertNil(missing.spec)
        XCTAssertTrue(missing.diagnostics.contains { $0.message.contains("tesseract-ocr-fra") }, "\(missing.diagnostics)")
        let osd = sandbox.validate(head + "{auto: [eng, osd]}\n")
        XCTAssertTrue(osd.diagnostics.contains { $0.message.contains("'osd' is the script detector") }, "\(osd.diagnostics)")
        let beside = sandbox.validate(head + "{auto: [eng], also: [deu]}\n")
        XCTAssertTrue(beside.diagnostics.contains { $0.message.contains("nothing beside 'auto'") }, "\(beside.diagnostics)")
        let notAList = sandbox.validate(head + "{auto: {eng: 1}}\n")
        XCTAssertTrue(notAList.diagnostics.contains { $0.message.contains("takes a list of candidate languages") },
                      "\(notAList.diagnostics)")
        let empty = sandbox.validate(head + "{auto: []}\n")
        XCTAssertTrue(empty.diagnostics.contains { $0.message.contains("name at least one language") }, "\(empty.diagnostics)")
    }

    private func guess(_ tags: [String], _ percents: [Int], reliable: Bool = true) -> LanguageGuess {
        LanguageGuess(tags: tags, percents: percents, reliable: reliable, textBytes: 1000)
    }

    func testRouterKeepsAnEnglishReadingWithoutAskingOSD() {
        let router = LanguageRouter(candidates: ["eng", "fra", "rus"])
        XCTAssertEqual(router.firstModels, ["eng"])
        guard case .keep(let language?) = router.decide(guess(["en"], [98]), readWith: ["eng"], confidence: 90, script: nil) else {
            return XCTFail("an English page read with eng is kept")
        }
        XCTAssertEqual(language.codes, ["en"])
        XCTAssertEqual(language.script, "Latin")
        XCTAssertEqual(language.method, .detected)
        XCTAssertEqual(language.confidence, 0.98, accuracy: 1e-9)
    }

    func testRouterRereadsAFrenchPageWithItsModelAndAMixedPageWithBoth() {
        let router = LanguageRouter(candidates: ["eng", "fra", "nld"])
        XCTAssertEqual(router.decide(guess(["fr"], [97]), readWith: ["eng"], confidence: 80, script: nil),
                       .reread(["fra"], PageLanguage(codes: ["fr"], script: "Latin", confidence: 0.97, method: .detected, models: ["fra"])))
        guard case .reread(let models, let language) = router.decide(guess(["nl", "fr"], [55, 44]), readWith: ["eng"],
                                                                     confidence: 80, script: nil) else {
            return XCTFail("a Dutch and French page is read again")
        }
        XCTAssertEqual(models, ["nld", "fra"])
        XCTAssertEqual(language.codes, ["nl", "fr"])
    }

    func testRouterAsksOSDWhenTheReadingMayBeInTheWrongScript() {
        let router = LanguageRouter(candidates: ["eng", "rus"])
        // A Russian page read with eng: weak, unreliable Latin soup.
        XCTAssertEqual(router.decide(guess(["en"], [40], reliable: false), readWith: ["eng"], confidence: 45, script: nil),
                       .needScript)
        guard case .reread(let models, _) = router.decide(guess(["en"], [40], reliable: false), readWith: ["eng"],
                                                          confidence: 45, script: "Cyrillic") else {
            return XCTFail("a Cyrillic page is read with the Cyrillic candidate")
        }
        XCTAssertEqual(models, ["rus"])
    }

    func testRouterPicksTheLikeliestCandidateWhenCLD2IsUnsureOfALongText() {
        let router = LanguageRouter(candidates: ["eng", "spa"])
        let long = LanguageGuess(tags: ["gl", "es"], percents: [45, 39], reliable: false, textBytes: 900)
        guard case .reread(let models, let language) = router.decide(long, readWith: ["eng"], confidence: 80, script: "Latin") else {
            return XCTFail("a long Spanish page CLD2 is unsure of is read with spa")
        }
        XCTAssertEqual(models, ["spa"])
        XCTAssertEqual(language.codes, ["es"])
        // A short one (a receipt) keeps its reading.
        let short = LanguageGuess(tags: ["gl", "es"], percents: [45, 39], reliable: false, textBytes: 80)
        XCTAssertEqual(router.decide(short, readWith: ["eng"], confidence: 80, script: "Latin"),
                       .keep(PageLanguage(codes: ["gl", "es"], script: "Latin", confidence: 0.225, method: .detected, models: ["eng"])))
    }

    func testRouterReadsATwoScriptPageWithBothModels() {
        let router = LanguageRouter(candidates: ["eng", "deu", "rus"])
        guard case .reread(let models, _) = router.decide(guess(["de"], [55]), readWith: ["eng"], confidence: 60, script: "Cyrillic") else {
            return XCTFail("German read well above Cyrillic: both models")
        }
        XCTAssertEqual(models, ["rus", "deu"])
    }

    func testHalfAPageInAnotherScriptDoesNotHideTheLanguageOfTheOtherHalf() {
        // German read well above Russian read with `eng` (soup of low confidence): CLD2 is unsure
        // of the whole text, sure of the confident lines.
        let german = ["Die Datei wurde nicht gefunden, weil das Verzeichnis leer ist.",
                      "Bitte geben Sie den Namen der Datei an, die gelesen werden soll.",
                      "Der Befehl kopiert alle Dateien in das angegebene Verzeichnis.",
                      "Wenn keine Datei angegeben ist, wird die Standardeingabe gelesen.",
                      "Die Ausgabe wird in die Datei geschrieben, die Sie angegeben haben.",
                      "Es wurden keine Änderungen an den Dateien vorgenommen."]
        let soup = ["Ta6nnua cnucok 4aunos He Hangen, nockonbky karanor nyct n He cogepxnt",
                    "YkaxuTe uma chaiina, KoTopbin HyxHo npouwraTb n BbiBecTn Ha akpaH",
                    "Komarga konupyer Bce cpaiinbi B ykazaHHbin karanor Ges nogTBepxaeHna",
                    "Ecnn chaiin He ykazaH, uMTaeTca cTaHgapTHbin BBOA n BbIBOA Ha 3kpaH",
                    "Bbiaon 3anncbiBaeTca B chaiin, KoTopbIn Bbi ykazann B napameTpax",
                    "N3MeHeHnn B cpaiinax He 6bino cgenaHo, npoBepbTe npaBa gocTyna",
                    "Ta6nnua cnucok 4aunos He Hangen, nockonbky karanor nyct n He cogepxnt",
                    "YkaxuTe uma chaiina, KoTopbin HyxHo npouwraTb n BbiBecTn Ha akpaH"]
        func line(_ text: String, _ confidence: Double) -> Line {
            Line(text: text, confidence: confidence, box: Box(x: 0, y: 0, width: 100, height: 10), words: [], stage: .fast)
        }
        let page = PageText(source: .ocr, lines: german.map { line($0, 91) } + soup.map { line($0, 35) })
        let whole = LanguageDetector.detect(page.plainText)
        XCTAssertFalse(whole.reliable && whole.main == "de", "the whole text must hide the German for this check: \(whole)")
        let guess = AutoLanguageReader.guess(page)
        XCTAssertEqual(guess.main, "de")
        XCTAssertTrue(guess.reliable)
        let router = LanguageRouter(candidates: ["eng", "deu", "rus"])
        // The page's mean confidence is high enough; its share of soup lines is what asks OSD.
        XCTAssertTrue(router.scriptIsPlausible(guess, readWith: ["eng"], confidence: 72))
        XCTAssertEqual(router.decide(guess, readWith: ["eng"], confidence: 72, poorLines: 8.0 / 14, script: nil), .needScript)
        guard case .reread(let models, _) = router.decide(guess, readWith: ["eng"], confidence: page.meanConfidence, script: "Cyrillic") else {
            return XCTFail("a two-script page is read again")
        }
        XCTAssertEqual(models, ["rus", "deu"])
        // Read with both: the reading stands (no third reading for the models' order), and its
        // main language names the script, whatever OSD said of the whole page.
        XCTAssertEqual(router.decide(self.guess(["de", "ru"], [55, 45]), readWith: ["rus", "deu"], confidence: 85, script: "Cyrillic"),
                       .keep(PageLanguage(codes: ["de", "ru"], script: "Latin", confidence: 0.55, method: .detected, models: ["rus", "deu"])))
        // A page CLD2 is sure of is judged whole, as before.
        let plain = PageText(source: .ocr, lines: german.map { line($0, 91) })
        XCTAssertEqual(AutoLanguageReader.guess(plain), LanguageDetector.detect(plain.plainText))
    }

    func testRouterReportsTheModelADetectedLanguageLacks() {
        let router = LanguageRouter(candidates: ["eng", "fra"])
        guard case .keep(let cyrillic?) = router.decide(guess([], []), readWith: ["eng"], confidence: 30, script: "Cyrillic") else {
            return XCTFail("no Cyrillic candidate: the reading stays")
        }
        XCTAssertEqual(cyrillic.method, .detectedWithoutModel)
        XCTAssertEqual(cyrillic.missingModel, "rus")
        guard case .keep(let italian?) = router.decide(guess(["it"], [95]), readWith: ["eng"], confidence: 80, script: nil) else {
            return XCTFail("Italian without its model: the reading stays")
        }
        XCTAssertEqual(italian.codes, ["it"])
        XCTAssertEqual(italian.method, .detectedWithoutModel)
        XCTAssertEqual(italian.missingModel, "ita")
    }
}
