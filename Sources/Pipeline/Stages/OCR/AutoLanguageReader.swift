import DocumentModel
import Foundation
import Imaging
import LanguageID
import OCR

/// Reads a page with `ocr.languages: auto`: first with the first candidate (`eng`), then, as
/// ``LanguageRouter`` decides from CLD2's reading of that text (and OSD's script when the text
/// may be in the wrong script), again with the model of the page's language. At most three
/// readings; on an English page one reading and one CLD2 call (≈ 10 µs), so `auto` costs
/// nothing there. Create once per worker; it keeps a recognizer per language set
/// (starting Tesseract takes ≈ 0.3 s) and its OSD handle.
final class AutoLanguageReader {
    let router: LanguageRouter
    private var osd: OrientationDetector?
    private var osdMissing = false

    init(candidates: [String]) {
        router = LanguageRouter(candidates: candidates)
    }

    /// Reads `image` with `read(models)` until the router keeps a reading.
    func read(_ image: Image, _ read: ([String]) throws -> PageText) throws -> PageText {
        var models = router.firstModels
        var page = try read(models)
        var script: String?
        var tried: Set<[String]> = [models]
        for _ in 0..<4 {
            let guess = LanguageDetector.detect(page.plainText)
            switch router.decide(guess, readWith: models, confidence: page.meanConfidence, script: script) {
            case .keep(let language):
                page.language = language
                return page
            case .needScript:
                script = detectScript(image) ?? guess.main.flatMap(LanguageCatalog.script(ofTag:))
                    ?? models.first.flatMap(LanguageCatalog.script(ofModel:))
            case .reread(let wanted, let language):
                guard !tried.contains(wanted) else {
                    page.language = language
                    return page
                }
                tried.insert(wanted)
                models = wanted
                page = try read(models)
            }
        }
        page.language = PageLanguage(codes: [], script: script, confidence: 0, method: .detected, models: models)
        return page
    }

    /// The page's script by Tesseract's OSD (nil when OSD is not installed or finds too little).
    private func detectScript(_ image: Image) -> String? {
        guard !osdMissing else { return nil }
        do {
            if osd == nil { osd = try OrientationDetector() }
            guard let result = try osd?.detect(image), !result.script.isEmpty else { return nil }
            // OSD names Han/Japanese scripts in its own way; others match ISO 15924 names.
            return result.script == "Fraktur" ? "Latin" : result.script
        } catch OCRError.missingLanguage {
            osdMissing = true
            return nil
        } catch {
            return nil
        }
    }
}
