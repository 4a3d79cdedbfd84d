/// The `ocr:` section of a pipeline file (docs/pipeline-files.md).

/// A validated pipeline file (see docs/pipeline-files.md). Every value here has been checked;
/// paths are absolute (resolved against the pipeline file's folder).
extension OCRSettings {
    /// These settings with an input's own languages, when it has them.
    public func with(languages: [String]?) -> OCRSettings {
        guard let languages else { return self }
        var copy = self
        copy.languages = languages
        copy.autoLanguages = nil
        return copy
    }
}

public enum OCRLevel: String, Codable, Sendable, CaseIterable {
    case fast, balanced, accurate
}

public struct OCRSettings: Codable, Sendable, Equatable {
    public var enabled: Bool = true
    /// Tesseract language codes, in order of preference (e.g. ["eng", "deu"]).
    /// With `autoLanguages`: the candidates, the first read first (`eng` when it is one).
    public var languages: [String] = ["eng"]
    /// `languages: auto` (or `auto: [candidates]`): each page's language and script are
    /// detected and the page is read with the model for them (``LanguageRouter``). nil (not
    /// false) when off, so that the settings' JSON, and so every archive's OCR fingerprint,
    /// stays as it was without it.
    public var autoLanguages: Bool? = nil
    /// Whether each page's language is detected (`languages: auto`).
    public var detectsLanguage: Bool { autoLanguages == true }
    /// The languages a page is read with before anything is detected: with `auto` the first
    /// candidate (``LanguageRouter/firstModels``), else all of them.
    public var firstLanguages: [String] { detectsLanguage ? LanguageRouter(candidates: languages).firstModels : languages }
    public var level: OCRLevel = .balanced
    /// Lines whose confidence (0...100) is below this are re-read by the accurate pass.
    /// nil: the level's default.
    public var rereadBelow: Double? = nil
    public var customWords: [String] = []
    /// Custom patterns in Tesseract's user-patterns syntax.
    public var customPatterns: [String] = []
    public var languageCorrection: Bool = true
    public init() {}
}
