import DocumentModel
import LanguageID

/// How `ocr.languages: auto` chooses the models a page is read with, from what the language
/// detector (CLD2) finds in a reading and, when that reading may be in the wrong script, the
/// script Tesseract's OSD sees on the page. Pure: the reader (``AutoLanguageReader``) does the
/// reading.
struct LanguageRouter: Sendable {
    /// Installed candidate models, in the pipeline's order; the first is read first.
    let candidates: [String]

    /// A second language is read along with the main one when at least this share of the
    /// page's letters is in it (CLD2's percent): a page in two languages.
    static let secondLanguagePercent = 20
    /// Below this mean word confidence (0...100) a reading may be of the wrong script (a Russian
    /// page read with `eng` comes back as confident-looking Latin soup only rarely above it).
    static let confidentReading = 70.0
    /// Bytes of letters from which a reading CLD2 is unsure of is still long enough to pick
    /// the likeliest candidate (about five lines).
    static let unsureTextBytes = 300

    /// What to do after reading a page with `models`.
    enum Decision: Equatable {
        /// The reading stands; the page's language.
        case keep(PageLanguage?)
        /// Read the page again with these models (the language it is expected to be in).
        case reread([String], PageLanguage)
        /// Ask OSD for the page's script before deciding.
        case needScript
    }

    /// The model read first (`eng` when a candidate, else the first candidate).
    var firstModels: [String] { [candidates.contains("eng") ? "eng" : candidates[0]] }

    /// From this share of a reading's lines read below `confidentReading`, part of the page may
    /// be in another script even when the page's mean confidence is high: half a page of
    /// Russian read with `eng` is soup of confidence 25–60 under German lines of 90+, and the
    /// page's mean is 72.
    static let poorLineShare = 0.2

    /// Whether a reading with `models` whose detection is `guess`, mean confidence `confidence`
    /// and share of poorly read lines `poorLines` can be trusted to be in the right script
    /// without asking OSD.
    func scriptIsPlausible(_ guess: LanguageGuess, readWith models: [String], confidence: Double, poorLines: Double = 0) -> Bool {
        guard guess.reliable, let main = guess.main, let textScript = LanguageCatalog.script(ofTag: main) else { return false }
        return textScript == models.first.flatMap(LanguageCatalog.script(ofModel:)) && confidence >= Self.confidentReading
            && poorLines < Self.poorLineShare
    }

    /// Decides from a reading with `models`. `script`: what OSD said (nil: not asked);
    /// `poorLines`: the share of the reading's lines read below `confidentReading`.
    func decide(_ guess: LanguageGuess, readWith models: [String], confidence: Double, poorLines: Double = 0,
                script: String?) -> Decision {
        let readScript = models.first.flatMap(LanguageCatalog.script(ofModel:))
        let readScripts = models.compactMap(LanguageCatalog.script(ofModel:))
        if script == nil, !scriptIsPlausible(guess, readWith: models, confidence: confidence, poorLines: poorLines) {
            return .needScript
        }
        // Read with models of two scripts (a page in two scripts, read again after OSD): the
        // main language of that reading names the page's script, not OSD's verdict on the whole.
        let textScript = guess.reliable ? guess.main.flatMap(LanguageCatalog.script(ofTag:)) : nil
        let readInTwoScripts = Set(readScripts).count > 1 && textScript.map(readScripts.contains) == true
        let pageScript = (readInTwoScripts ? textScript : nil)
            ?? script ?? guess.main.flatMap(LanguageCatalog.script(ofTag:)) ?? readScript
        // Read in another script than the page's: the text says nothing yet; read with the
        // first candidate of the page's script.
        if let pageScript, !readScripts.contains(pageScript) {
            guard let model = candidates.first(where: { LanguageCatalog.script(ofModel: $0) == pageScript }) else {
                let missing = LanguageCatalog.defaultModel(forScript: pageScript)
                return .keep(PageLanguage(codes: missing.map { [LanguageCatalog.tag(forModel: $0)] } ?? [], script: pageScript,
                                          confidence: 0, method: .detectedWithoutModel, models: models, missingModel: missing))
            }
            // A page in two scripts (German above, Russian below): what was read well in the
            // old script is read with its model too.
            let kept = guess.reliable ? guess.languages.filter { $0.percent >= Self.secondLanguagePercent }
                .compactMap { LanguageCatalog.model(forTag: $0.tag) }
                .filter { candidates.contains($0) && LanguageCatalog.script(ofModel: $0) == readScript } : []
            let wanted = [model] + kept.prefix(1)
            return .reread(wanted, PageLanguage(codes: wanted.map(LanguageCatalog.tag(forModel:)), script: pageScript,
                                                confidence: 0, method: .detected, models: wanted))
        }
        guard let main = guess.main else { return .keep(nil) }
        let confidence = guess.pageConfidence, codes = guess.pageCodes
        if !guess.reliable {
            // Too little text for CLD2 to be sure (a receipt, a form): the reading in the right
            // script stands rather than a re-read in a guessed language (nor is a missing model
            // reported on a guess). On a longer text CLD2 is unsure between close languages
            // (Spanish, Galician, Portuguese): the first of them with a candidate model decides.
            guard guess.textBytes >= Self.unsureTextBytes,
                  let tag = guess.tags.first(where: { LanguageCatalog.model(forTag: $0).map(candidates.contains) == true }),
                  let model = LanguageCatalog.model(forTag: tag) else {
                return .keep(PageLanguage(codes: codes, script: pageScript, confidence: confidence, method: .detected, models: models))
            }
            let language = PageLanguage(codes: [tag], script: pageScript, confidence: confidence, method: .detected, models: [model])
            return [model] == models ? .keep(language) : .reread([model], language)
        }
        guard let model = LanguageCatalog.model(forTag: main), candidates.contains(model) else {
            return .keep(PageLanguage(codes: codes, script: pageScript, confidence: confidence, method: .detectedWithoutModel,
                                      models: models, missingModel: LanguageCatalog.model(forTag: main)))
        }
        var wanted = [model]
        for (tag, percent) in guess.languages.dropFirst() where percent >= Self.secondLanguagePercent {
            if let second = LanguageCatalog.model(forTag: tag), candidates.contains(second), !wanted.contains(second) {
                wanted.append(second)
            }
        }
        // The same models in another order are the same reading, near enough: kept as read.
        guard Set(wanted) != Set(models) else {
            return .keep(PageLanguage(codes: codes, script: pageScript, confidence: confidence, method: .detected, models: models))
        }
        return .reread(wanted, PageLanguage(codes: codes, script: pageScript, confidence: confidence, method: .detected, models: wanted))
    }
}

extension PageText {
    /// A born-digital page's text layer with its language found by the detector
    /// (`ocr.languages: auto`; method `text_layer`, no model). Unchanged when nothing is found.
    func withDetectedLanguage() -> PageText {
        let guess = LanguageDetector.detect(plainText)
        guard let main = guess.main else { return self }
        var copy = self
        copy.language = PageLanguage(codes: guess.pageCodes, script: LanguageCatalog.script(ofTag: main),
                                     confidence: guess.pageConfidence, method: .textLayer, models: [])
        return copy
    }
}

extension LanguageGuess {
    /// The page's languages: the main one and any other with at least
    /// `LanguageRouter.secondLanguagePercent` of the letters.
    var pageCodes: [String] {
        languages.filter { $0.tag == main || $0.percent >= LanguageRouter.secondLanguagePercent }.map(\.tag)
    }

    /// 0...1: the main language's share of the letters, halved when CLD2 calls it unreliable.
    var pageConfidence: Double { Double(percents.first ?? 0) / 100 * (reliable ? 1 : 0.5) }
}
