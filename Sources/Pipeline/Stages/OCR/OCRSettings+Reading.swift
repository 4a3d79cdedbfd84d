import DocumentModel
import OCR
import YAML

extension SpecReader {
    func readOCR(_ v: [String: YAMLNode], _ s: inout OCRSettings) {
        set(&s.enabled, v["enabled"]) { bool($0, "ocr.enabled") }
        let languageNodes = v["languages"].flatMap { languages($0, key: "ocr.languages") }
        if let languageNodes { s.languages = languageNodes.map(\.code) }
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
