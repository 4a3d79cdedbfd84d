import Layout
import OCR

/// An OCR engine's dictionary as layout's `Lexicon`: `TextJoin` asks it whether a line-end
/// hyphen breaks a word ("infor-" + "mation") or joins a compound ("three-" + "dimensional").
struct EngineLexicon: Lexicon {
    let engine: TesseractEngine

    func contains(_ word: String) -> Bool { engine.isDictionaryWord(word) }
}

extension TextRecognizer {
    /// The fast engine's dictionary (the page's languages and custom words); nil when language
    /// correction is off (no dictionary is to be used then).
    var lexicon: (any Lexicon)? { fast.dictionaryEnabled ? EngineLexicon(engine: fast) : nil }
}

/// A lexicon made on its first question: a text-layer page starts an OCR engine for its
/// dictionary only when one of its line-end hyphens needs it. Answers no when it cannot be
/// made (the languages' data is not installed): every hyphen is then a line-break hyphen, as
/// without a lexicon.
final class DeferredLexicon: Lexicon {
    private let make: () -> (any Lexicon)?
    private lazy var made: (any Lexicon)? = make()

    init(_ make: @escaping () -> (any Lexicon)?) { self.make = make }

    func contains(_ word: String) -> Bool { made?.contains(word) ?? false }
}

extension OCRPageStage {
    /// The lexicon for laying out `page`: the dictionary of the engine that reads pages with the
    /// page's OCR settings. When this worker has no such engine yet (a layout rerun over stored
    /// OCR text, a text-layer page), it is made as OCR would make it (≈ 0.3 s once per worker),
    /// so the hyphens of a page do not depend on which worker laid it out; for a text-layer page
    /// only when a hyphen is asked about (``DeferredLexicon``). nil when language correction is off.
    func lexicon(for page: PageContext) -> (any Lexicon)? {
        var settings = page.settings.ocr.with(languages: page.task.ocrLanguages)
        guard settings.languageCorrection else { return nil }
        if settings.detectsLanguage {
            // `languages: auto`: the dictionary of the models the page was read with.
            settings.languages = page.pageText?.language?.models.nilIfEmpty ?? settings.firstLanguages
            settings.autoLanguages = nil
        }
        guard page.pageText?.source == .ocr else {
            return DeferredLexicon { [self] in (try? self.recognizer(for: settings))?.lexicon }
        }
        return (try? recognizer(for: settings))?.lexicon
    }
}

private extension Array {
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}
