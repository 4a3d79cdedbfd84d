import DocumentModel
import XCTest
@testable import LanguageID

/// CLD2 through the shim, on sentences of Debian's own translations (coreutils' messages).
final class LanguageDetectorTests: XCTestCase {
    func testDetectsLanguagesOfSentences() {
        let samples = [
            ("fr", "Afficher le nombre de lignes, de mots et d'octets pour chaque fichier, et une ligne avec le total si plus d'un fichier est indiqué."),
            ("de", "Gibt die Anzahl der Zeilen, Wörter und Bytes für jede Datei aus, und eine Zeile mit der Gesamtzahl, falls mehr als eine Datei angegeben ist."),
            ("ru", "Напечатать количество строк, слов и байт для каждого файла и итоговую строку, если задано больше одного файла."),
            ("el", "Εμφάνιση του αριθμού των γραμμών, λέξεων και bytes για κάθε αρχείο, και μια γραμμή με το σύνολο αν δοθούν περισσότερα αρχεία."),
            ("en", "Print newline, word, and byte counts for each file, and a total line if more than one file is specified."),
        ]
        for (expected, text) in samples {
            let guess = LanguageDetector.detect(text)
            XCTAssertEqual(guess.main, expected, text)
            XCTAssertTrue(guess.reliable, text)
            XCTAssertGreaterThan(guess.percents.first ?? 0, 80, text)
        }
    }

    func testFindsBothLanguagesOfAMixedText() {
        let text = String(repeating: "Gibt die Anzahl der Zeilen, Wörter und Bytes für jede Datei aus. ", count: 3)
            + String(repeating: "Напечатать количество строк, слов и байт для каждого файла. ", count: 3)
        let guess = LanguageDetector.detect(text)
        XCTAssertEqual(Set(guess.tags.prefix(2)), ["de", "ru"])
    }

    func testEmptyAndNonTextAreUnknown() {
        XCTAssertNil(LanguageDetector.detect("").main)
        let noise = LanguageDetector.detect("1234 5678 ---- ||| 99.00")
        XCTAssertFalse(noise.reliable && noise.main != nil)
    }

    func testCatalogMapsModelsTagsAndScripts() {
        XCTAssertEqual(LanguageCatalog.tag(forModel: "fra"), "fr")
        XCTAssertEqual(LanguageCatalog.model(forTag: "ru"), "rus")
        XCTAssertEqual(LanguageCatalog.model(forTag: "iw"), "heb")
        XCTAssertEqual(LanguageCatalog.script(ofModel: "ell"), "Greek")
        XCTAssertEqual(LanguageCatalog.script(ofTag: "uk"), "Cyrillic")
        XCTAssertEqual(LanguageCatalog.defaultModel(forScript: "Cyrillic"), "rus")
        XCTAssertNil(LanguageCatalog.model(forTag: "xx"))
    }
}
