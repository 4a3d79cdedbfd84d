import DocumentModel
import OCR
import YAML

extension SpecReader {
    func readOCR(_ v: [String: YAMLNode], _ s: inout OCRSettings) {
        set(&s.enabled, v["enabled"]) { bool($0, "ocr.enabled") }
        var languageNodes: [(code: String, mark: Mark)]?
        if let node = v["languages"], let auto = autoLanguages(node) {
            s.autoLanguages = true
            languageNodes = auto
            s.languages = auto.map(\.code)
        } else {
            languageNodes = v["languages"].flatMap { languages($0, key: "ocr.languages") }
            if let languageNodes { s.languages = languageNodes.map(\.code) }
        }
        set(&s.level, v["level"]) { choice($0, "ocr.level", noun: "level") }
        set(&s.rereadBelow, v["reread_below"]) { number($0, "ocr.reread_below", in: 0...100) }
        set(&s.customWords, v["custom_words"]) { list($0, "ocr.custom_words")?.map(\.text) }
        set(&s.customPatterns, v["custom_patterns"]) { list($0, "ocr.custom_patterns")?.map(\.text) }
        set(&s.languageCorrection, v["language_correction"]) { bool($0, "ocr.language_correction") }
        if s.enabled {
            checkInstalled(languageNodes ?? s.languages.map { ($0, v["languages"]?.mark ?? Mark(line: 1, column: 1)) },
                           key: "ocr.languages")
        }
        if !s.languageCorrection, !s.customWords.isEmpty, let node = v["custom_words"] {
            warning("ocr.custom_words: custom words have no effect when language_correction is false", at: node.mark)
        }
        if s.level == .fast, s.rereadBelow != nil, let node = v["reread_below"] {
            warning("ocr.reread_below: has no effect with level 'fast' (no lines are re-read)", at: node.mark)
        }
    }
}

extension SpecReader {
    /// `languages: auto` (every installed model but `osd` and `equ` is a candidate, `eng` first)
    /// or `languages: {auto: [eng, deu, fra]}` (those, each of which must be installed, the
    /// first read first); nil when `node` is neither (a plain list of languages).
    func autoLanguages(_ node: YAMLNode) -> [(code: String, mark: Mark)]? {
        if node.scalarValue?.lowercased() == "auto" {
            let installed = Tessdata.installedLanguages(in: tessdataDirectory).filter { !["osd", "equ"].contains($0) }
            guard !installed.isEmpty else {
                error("ocr.languages: auto needs at least one installed language model; install the Debian package "
                      + "tesseract-ocr-eng", at: node.mark)
                return [("eng", node.mark)]
            }
            let ordered = installed.contains("eng") ? ["eng"] + installed.filter { $0 != "eng" } : installed
            return ordered.map { ($0, node.mark) }
        }
        guard let pairs = node.mapping, pairs.contains(where: { $0.key.scalarValue?.lowercased() == "auto" }) else { return nil }
        guard pairs.count == 1, let value = pairs.first?.value else {
            error("ocr.languages: write either 'auto' or 'auto: [eng, deu, ...]', nothing beside 'auto'", at: node.mark)
            return nil
        }
        guard value.sequence != nil || value.scalarValue != nil, !value.isNull else {
            error("ocr.languages: 'auto:' takes a list of candidate languages (e.g. auto: [eng, deu, fra]), got "
                  + value.kindDescription, at: value.mark)
            return nil
        }
        guard let codes = languages(value, key: "ocr.languages.auto") else { return nil }
        if codes.contains(where: { $0.code == "osd" }) {
            error("ocr.languages.auto: 'osd' is the script detector's model, not a language", at: value.mark)
            return nil
        }
        return codes
    }
}
