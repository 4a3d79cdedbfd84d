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
            let guess = Self.guess(page)
            let poorLines = page.lines.isEmpty ? 0 : Double(page.lines.filter { $0.confidence < LanguageRouter.confidentReading }.count)
                / Double(page.lines.count)
            switch router.decide(guess, readWith: models, confidence: page.meanConfidence, poorLines: poorLines, script: script) {
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

    /// A line read at least this confidently (0...100) is taken to be in the script it was read
    /// in: a line of another script read with the wrong model comes back as soup well below it.
    static let confidentLine = 80.0

    /// CLD2's reading of `page`. When CLD2 is unsure of the whole text, of its confidently read
    /// lines alone, if they are long enough for CLD2 to be sure: a page half in another script
    /// (German above, Russian below, read first with `eng`) is soup in one half, which hides the
    /// language of the other; that language is then kept as a second model (``LanguageRouter``).
    static func guess(_ page: PageText) -> LanguageGuess {
        let whole = LanguageDetector.detect(page.plainText)
        guard !whole.reliable else { return whole }
        let confident = page.lines.filter { $0.confidence >= confidentLine }.map(\.text).joined(separator: "\n")
        let part = LanguageDetector.detect(confident)
        return part.reliable && part.textBytes >= LanguageRouter.unsureTextBytes ? part : whole
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
