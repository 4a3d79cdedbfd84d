/// The language a page is written in, as found by OCR's language detection (`ocr.languages:
/// auto`) or as given by the pipeline (`pages.language`, docs/schema.md).
public struct PageLanguage: Codable, Sendable, Hashable {
    /// How the language was found (`pages.language_method`).
    public enum Method: String, Codable, Sendable {
        /// The pipeline (or the input) named one language: nothing was detected.
        case given
        /// Detected from the page's text (CLD2), the script from the text or Tesseract's OSD.
        case detected
        /// Detected, but no Tesseract model for it is installed: the page was read with another.
        case detectedWithoutModel = "detected_without_model"
        /// Detected from a born-digital page's text layer.
        case textLayer = "text_layer"
    }

    /// BCP 47 language tags (ISO 639-1 where there is one: "fr", "ru"), the main language first;
    /// a second one on a page written in two.
    public var codes: [String]
    /// The script (ISO 15924 name as Tesseract's OSD reports it: "Latin", "Cyrillic", "Greek").
    public var script: String?
    /// 0...1: the detector's share of the page's letters in the main language, scaled by its
    /// reliability (1 for a given language).
    public var confidence: Double
    public var method: Method
    /// The Tesseract models the page was read with ("fra", "rus+eng").
    public var models: [String]
    /// With `detectedWithoutModel`: the Tesseract model the page needed ("ukr").
    public var missingModel: String?

    public init(codes: [String], script: String?, confidence: Double, method: Method, models: [String],
                missingModel: String? = nil) {
        self.codes = codes; self.script = script; self.confidence = confidence; self.method = method
        self.models = models; self.missingModel = missingModel
    }

    /// The language of a page read with the `models` the pipeline names (`[eng]`, `[nld, fra]`).
    public init(given models: [String]) {
        self.init(codes: models.map(LanguageCatalog.tag(forModel:)), script: models.first.flatMap(LanguageCatalog.script(ofModel:)),
                  confidence: 1, method: .given, models: models)
    }

    /// The main language's tag.
    public var code: String { codes.first ?? "und" }
}

/// Languages Tesseract has models for, as the pipeline names them (Tesseract's codes, mostly
/// ISO 639-2/T: "fra", "deu") and as stored and exported (BCP 47: "fr", "de"), with their
/// script. Pure data: no C.
public enum LanguageCatalog {
    /// Tesseract code → (BCP 47 tag, script).
    public static let entries: [String: (tag: String, script: String)] = [
        "eng": ("en", "Latin"), "deu": ("de", "Latin"), "fra": ("fr", "Latin"), "nld": ("nl", "Latin"),
        "spa": ("es", "Latin"), "ita": ("it", "Latin"), "por": ("pt", "Latin"), "pol": ("pl", "Latin"),
        "ces": ("cs", "Latin"), "slk": ("sk", "Latin"), "slv": ("sl", "Latin"), "hrv": ("hr", "Latin"),
        "hun": ("hu", "Latin"), "ron": ("ro", "Latin"), "swe": ("sv", "Latin"), "nor": ("no", "Latin"),
        "dan": ("da", "Latin"), "fin": ("fi", "Latin"), "est": ("et", "Latin"), "lav": ("lv", "Latin"),
        "lit": ("lt", "Latin"), "tur": ("tr", "Latin"), "cat": ("ca", "Latin"), "glg": ("gl", "Latin"),
        "eus": ("eu", "Latin"), "isl": ("is", "Latin"), "gle": ("ga", "Latin"), "cym": ("cy", "Latin"),
        "lat": ("la", "Latin"), "ind": ("id", "Latin"), "msa": ("ms", "Latin"), "vie": ("vi", "Latin"),
        "afr": ("af", "Latin"), "sqi": ("sq", "Latin"), "ltz": ("lb", "Latin"), "mlt": ("mt", "Latin"),
        "rus": ("ru", "Cyrillic"), "ukr": ("uk", "Cyrillic"), "bul": ("bg", "Cyrillic"), "srp": ("sr", "Cyrillic"),
        "mkd": ("mk", "Cyrillic"), "bel": ("be", "Cyrillic"),
        "ell": ("el", "Greek"), "grc": ("grc", "Greek"),
        "ara": ("ar", "Arabic"), "fas": ("fa", "Arabic"), "urd": ("ur", "Arabic"),
        "heb": ("he", "Hebrew"), "hin": ("hi", "Devanagari"), "tha": ("th", "Thai"),
        "kat": ("ka", "Georgian"), "hye": ("hy", "Armenian"),
        "chi_sim": ("zh-Hans", "Han"), "chi_tra": ("zh-Hant", "Han"), "jpn": ("ja", "Japanese"), "kor": ("ko", "Hangul"),
    ]

    /// The BCP 47 tag of a Tesseract model ("fra" → "fr"); the code itself when unknown.
    public static func tag(forModel model: String) -> String { entries[model]?.tag ?? model }

    /// The script of a Tesseract model ("rus" → "Cyrillic"), nil when unknown.
    public static func script(ofModel model: String) -> String? { entries[model]?.script }

    /// The Tesseract model of a language tag ("fr" → "fra"; CLD2's "iw" is Hebrew, "no"/"nb"
    /// Norwegian), nil when Tesseract has none in this catalogue.
    public static func model(forTag tag: String) -> String? {
        let aliases = ["iw": "he", "nb": "no", "zh": "zh-Hans", "in": "id"]
        let wanted = aliases[tag] ?? tag
        return entries.first { $0.value.tag == wanted }?.key
    }

    /// The model a page in `script` is read with when no candidate has that script (the one to
    /// install): "Cyrillic" → "rus".
    public static func defaultModel(forScript script: String) -> String? {
        let defaults = ["Latin": "eng", "Cyrillic": "rus", "Greek": "ell", "Arabic": "ara", "Hebrew": "heb",
                        "Devanagari": "hin", "Thai": "tha", "Han": "chi_sim", "Japanese": "jpn", "Hangul": "kor",
                        "Georgian": "kat", "Armenian": "hye"]
        return defaults[script]
    }

    /// The script a language tag is written in (through its model), nil when unknown.
    public static func script(ofTag tag: String) -> String? { model(forTag: tag).flatMap(script(ofModel:)) }
}
