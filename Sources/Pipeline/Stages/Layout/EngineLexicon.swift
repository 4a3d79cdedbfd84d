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

extension OCRPageStage {
    /// The lexicon for laying out `page`: the dictionary of the engine that reads pages with the
    /// page's OCR settings, when the page's text comes from OCR. When this worker has no such
    /// engine yet (a layout rerun over stored OCR text), it is made here, as OCR would make it
    /// (≈ 0.3 s once per worker), so the hyphens of a page do not depend on which worker laid
    /// it out. nil for a text-layer page (no engine is started for a dictionary alone) and
    /// when language correction is off.
    func lexicon(for page: PageContext) -> (any Lexicon)? {
        guard page.pageText?.source == .ocr else { return nil }
        let settings = page.settings.ocr.with(languages: page.task.ocrLanguages)
        guard settings.languageCorrection else { return nil }
        return (try? recognizer(for: settings))?.lexicon
    }
}
