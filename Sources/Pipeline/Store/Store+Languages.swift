import DocumentModel
import OCR
import SQLite

extension Store {
    /// What a run's pages detected with `ocr.languages: auto` but could not be read in (no
    /// model installed), one message per missing model with the Debian package to install:
    /// "3 page(s) in ru (Cyrillic) were read without their model: install tesseract-ocr-rus".
    public func missingLanguageModels(runID: Int64) throws -> [String] {
        let rows = try db.query("""
            SELECT language, script, count(*) FROM pages
            WHERE run_id = ? AND language_method = ? GROUP BY language, script ORDER BY count(*) DESC, language
            """, [runID, PageLanguage.Method.detectedWithoutModel.rawValue]) {
            (tag: $0.optionalString(0), script: $0.optionalString(1), pages: $0.int(2))
        }
        var byModel: [(model: String, pages: Int, what: [String])] = []
        for row in rows {
            guard let model = row.tag.flatMap(LanguageCatalog.model(forTag:))
                    ?? row.script.flatMap(LanguageCatalog.defaultModel(forScript:)) else { continue }
            let what = [row.tag, row.script.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
            if let i = byModel.firstIndex(where: { $0.model == model }) {
                byModel[i].pages += row.pages
                byModel[i].what.append(what)
            } else {
                byModel.append((model, row.pages, [what]))
            }
        }
        return byModel.map {
            "\($0.pages) page(s) in \($0.what.joined(separator: ", ")) were read without their OCR model: "
                + "install the Debian package \(Tessdata.debianPackage(for: $0.model))"
        }
    }
}
