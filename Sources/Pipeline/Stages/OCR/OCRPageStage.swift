import CTesseract
import DocumentModel
import Foundation
import Imaging
import OCR
import SQLite
import YAML

extension Stage {
    public static let ocr = Stage(declaring: "ocr")
}

extension StageSettingsHolder {
    public var ocr: OCRSettings {
        get { stages[OCRPageStage.self] }
        set { stages[OCRPageStage.self] = newValue }
    }
}

/// OCR: the words and lines of a page without a usable text layer (Tesseract, staged: a fast
/// reading, then an accurate re-read of the lines that read poorly). Its output is the page's
/// text, which later stages read: stored OCR words, or the text layer of a born-digital page.
final class OCRPageStage: PageStage {
    static let stage = Stage.ocr
    static let section = "ocr"
    static let keys = ["enabled", "languages", "level", "reread_below", "custom_words", "custom_patterns", "language_correction"]
    static let defaultSettings = OCRSettings()
    /// 2: text-scale estimate (auto resolution), enlarged small text, orientation check;
    /// 3: pages on dark surroundings read cleaned, rule glyphs and noise fragments dropped,
    /// balanced re-reads capped at a tenth of the fast pass;
    /// 4: large text read reduced by the fast pass (`TextRecognizer.workingScale`);
    /// 5: weak lines re-read inverted only on pages with dark areas (`InvertedLines.whereDarkAreas`);
    /// 6: document pages of body text above 360 text-dpi read reduced to 250 by the fast pass
    /// (`TextRecognizer.workingScale(textDPI:layout:level:)`); 7: not at `accurate`.
    static let revision = 7
    static let inputs: [Stage] = [.extract]
    static let needsImage = true

    /// Recognizers by settings (one per language set with `languages: auto`); each holds one
    /// or two Tesseract models.
    private var recognizers = RecentlyUsed<OCRSettings, TextRecognizer>(capacity: 4)
    private var autoReader: (candidates: [String], reader: AutoLanguageReader)?

    init() {}

    static func read(_ values: [String: YAMLNode], into settings: inout OCRSettings, with reader: SpecReader) {
        reader.readOCR(values, &settings)
    }

    static func isEnabled(_ settings: OCRSettings) -> Bool { settings.enabled }

    static func fingerprintInputs(_ spec: PipelineSpec, languages: [String]?) -> String {
        let ocr = spec.ocr.with(languages: languages)
        return "tesseract \(tesseractVersion) \(canonicalJSON(ocr)) \(modelStamp(ocr.languages))"
    }

    static var tesseractVersion: String { String(cString: TessVersion()) }

    /// Size and modification time of each language's traineddata: a new model means new OCR.
    private static func modelStamp(_ languages: [String]) -> String {
        let dirs = [Tessdata.defaultPath] + languages.compactMap { Tessdata.standardModelPath(for: $0) }
        return dirs.flatMap { dir in
            languages.map { lang in
                let attrs = try? FileManager.default.attributesOfItem(atPath: dir + "/" + lang + ".traineddata")
                let size = (attrs?[.size] as? NSNumber)?.intValue ?? 0
                let mtime = (attrs?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                return "\(dir)/\(lang):\(size):\(Int(mtime))"
            }
        }.joined(separator: ",")
    }

    func run(_ page: PageContext, settings: OCRSettings) throws -> PageText? {
        guard let extract = page.output(of: ExtractPageStage.self), extract.textSource == .ocr,
              let working = extract.working else { return nil }
        let reading: PageText
        if let first = working.firstReading {
            reading = first.text
        } else {
            let ocr = settings.with(languages: page.task.ocrLanguages)
            let prepared = working.prepared
            guard let (text, _) = try page.step(.ocr, {
                try recognize(prepared.image, textDPI: prepared.textDPI, textArea: prepared.textScale?.area, ocr,
                              deadline: page.ocrDeadline, maxPixels: page.settings.extract.maxPixels)
            }) else { return nil }
            reading = text
        }
        // Words inside stored barcodes are no text (a QR code read as letters); barcodes found
        // in this task take theirs out when they are found.
        if let findings = page.output(of: BarcodesPageStage.self), !page.isDue(.barcodes) {
            return reading.removingWords(inside: findings.codes).withoutNoise
        }
        // A reading that is only noise (a page holding only a barcode) is no text.
        return reading.withoutNoise
    }

    /// Reads the prepared (deskewed, not yet turned) page for extraction; when the reading is
    /// poor and its lines do not show it upright (`UprightCheck`), asks `reorient` for the
    /// upright page and, if the page is turned, reads that instead. Returns the image the reading was made on and the reading
    /// with its milliseconds (extraction hands both on in its output; ``run`` takes the reading
    /// from there). A failure is this stage's (the page is then failed in `ocr`, no reading).
    func readFirst(_ page: PageContext, _ extracted: ExtractedPage, _ prepared: PreparedImage,
                   reorient: (Image, TextScale?) throws -> PreparedImage?) throws
        -> (prepared: PreparedImage, reading: (text: PageText, ms: Int)?) {
        let ocr = page.settings.ocr.with(languages: page.task.ocrLanguages)
        let deadline = page.ocrDeadline
        guard let ((reading, upright), ms) = try page.step(.ocr, { () throws -> (PageText, PreparedImage) in
            let start = Date()
            let reading = try recognize(prepared.image, textDPI: prepared.textDPI, textArea: prepared.textScale?.area,
                                        ocr, deadline: deadline,
                                        maxPixels: page.settings.extract.maxPixels)
            guard UprightCheck.needsOrientation(reading), let upright = try reorient(extracted.image, extracted.textScale) else {
                return (reading, prepared)
            }
            let left = max(1, deadline - Date().timeIntervalSince(start))
            return (try recognize(upright.image, textDPI: upright.textDPI, textArea: upright.textScale?.area,
                                  ocr, deadline: left,
                                  maxPixels: page.settings.extract.maxPixels), upright)
        }) else { return (prepared, nil) }
        return (upright, (reading, ms))
    }

    private func recognize(_ image: Image, textDPI: Int?, textArea: TextArea?, _ settings: OCRSettings, deadline: Double,
                           maxPixels: Int) throws -> PageText {
        let start = Date()
        let read = { (models: [String]) throws -> PageText in
            var fixed = settings
            fixed.languages = models
            fixed.autoLanguages = nil
            return try self.recognizer(for: fixed).recognize(image, textDPI: textDPI, textArea: textArea,
                                                             deadline: max(1, deadline - Date().timeIntervalSince(start)),
                                                             maxPixels: maxPixels)
        }
        guard settings.detectsLanguage else {
            var page = try read(settings.languages)
            page.language = PageLanguage(given: settings.languages)
            return page
        }
        if autoReader?.candidates != settings.languages {
            autoReader = (settings.languages, AutoLanguageReader(candidates: settings.languages))
        }
        return try autoReader!.reader.read(image, read)
    }

    /// This worker's recognizer for `settings`, made when it has none for them yet (it is kept
    /// for the next pages: starting Tesseract takes ≈ 0.3 s; a few are kept).
    func recognizer(for settings: OCRSettings) throws -> TextRecognizer {
        try recognizers.value(for: settings) { try TextRecognizer(settings: settings) }
    }

    // MARK: Storage

    static func store(_ text: PageText, _ commit: StageCommit) throws {
        try clear(pageID: commit.pageID, in: commit.transaction)
        try commit.transaction.insertText(commit.pageID, text)
        try commit.mark(.ocr, .done)
    }

    static func changesPageText(_ output: PageText) -> Bool { true }

    /// A page's words and lines, from OCR or from its text layer (extraction stores those).
    /// The page's language (`ocr.languages: auto`, migration 19) is stored with its text.
    static let tables: [StageTable] = [.pageRows("lines"), .childRows("words", of: "lines", by: "line_id"), .pageRows("ocr_regions"),
                                       .pageColumns(["language", "languages", "language_confidence", "language_method",
                                                     "script", "ocr_models"])]

    static var migrations: [Migrator.Migration] {
        [Migrator.Migration(id: 19, name: "page languages (ocr.languages: auto)", sql: languageSchema)]
    }

    /// Each page's language as detected (`ocr.languages: auto`) or given, and the document's
    /// languages as a view. Existing pages keep NULL (no language known) until OCR runs again.
    static let languageSchema = """
    ALTER TABLE pages ADD COLUMN language TEXT;            -- BCP 47 tag of the main language ('fr', 'ru')
    ALTER TABLE pages ADD COLUMN languages TEXT;           -- every language found, space-separated ('nl fr')
    ALTER TABLE pages ADD COLUMN language_confidence REAL; -- 0..1
    ALTER TABLE pages ADD COLUMN language_method TEXT;     -- given | detected | detected_without_model | text_layer
    ALTER TABLE pages ADD COLUMN script TEXT;              -- ISO 15924 name ('Latin', 'Cyrillic', 'Greek')
    ALTER TABLE pages ADD COLUMN ocr_models TEXT;          -- the Tesseract models read with ('fra', 'nld+fra')
    CREATE INDEX pages_language ON pages(language) WHERE language IS NOT NULL;
    CREATE VIEW document_languages AS
      SELECT p.document_id AS document_id, p.language AS language, count(*) AS pages,
             avg(p.language_confidence) AS confidence
      FROM pages p WHERE p.language IS NOT NULL GROUP BY p.document_id, p.language;
    """

    /// The page's stored words and lines (from OCR or from its text layer).
    static func load(pageID: Int64, from store: Store) throws -> PageText? {
        try store.storedText(pageID: pageID)
    }
}

extension PageContext {
    /// The page's text as later stages read it: OCR's reading, else the text layer.
    var pageText: PageText? {
        output(of: OCRPageStage.self) ?? output(of: ExtractPageStage.self)?.textLayer
    }
}

extension SpecKeys {
    /// The keys of the `ocr:` section.
    static var ocr: [String] { OCRPageStage.keys }
}
