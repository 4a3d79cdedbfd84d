import OCR
import DocumentModel
import YAML

/// extract, ocr, layout, barcodes and run.
extension SpecReader {
    func readExtract(_ v: [String: YAMLNode], _ s: inout ExtractSettings) {
        set(&s.dpi, v["dpi"]) { int($0, "extract.dpi", in: 72...1200) }
        // `auto` (estimate from the page's text) or a whole number of pixels per inch.
        if let node = v["assumed_image_dpi"], let raw = text(node, "extract.assumed_image_dpi") {
            if raw == "auto" {
                s.assumedImageDPI = nil
            } else if let dpi = int(raw, node, "extract.assumed_image_dpi", in: 72...1200) {
                s.assumedImageDPI = dpi
            }
        }
        set(&s.textLayer, v["text_layer"]) { choice($0, "extract.text_layer", noun: "text_layer mode") }
        set(&s.maxPixels, v["max_megapixels"]) {
            number($0, "extract.max_megapixels", in: 1...10_000).map { Int($0 * 1_000_000) }
        }
        set(&s.detectOrientation, v["detect_orientation"]) { bool($0, "extract.detect_orientation") }
        set(&s.deskew, v["deskew"]) { bool($0, "extract.deskew") }
    }

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

    /// Tesseract codes: a list, or one string (`eng+deu` is split at '+'). Deduplicated.
    /// Each language must have its traineddata; a two-letter code gets the Tesseract code to write.
    func checkInstalled(_ listed: [(code: String, mark: Mark)], key: String) {
        for (code, mark) in listed where !Tessdata.isInstalled(code, in: tessdataDirectory) {
            if let tesseract = Tessdata.tesseractCode(forTwoLetter: code) {
                let where_ = Tessdata.isInstalled(tesseract, in: tessdataDirectory)
                    ? "it is installed" : "install the Debian package \(Tessdata.debianPackage(for: tesseract))"
                error("\(key): '\(code)' is not a Tesseract language code; write '\(tesseract)' (\(where_))", at: mark)
            } else {
                error("\(key): language '\(code)' is not installed (no \(code).traineddata in '\(tessdataDirectory)'); "
                      + "install the Debian package \(Tessdata.debianPackage(for: code))", at: mark)
            }
        }
    }

    func languages(_ node: YAMLNode, key: String) -> [(code: String, mark: Mark)]? {
        guard let items = list(node, key) else { return nil }
        var codes: [(code: String, node: YAMLNode)] = []
        for item in items {
            for code in item.text.split(separator: "+") where !codes.contains(where: { $0.code == code }) {
                codes.append((String(code).trimmingCharacters(in: .whitespaces), item.node))
            }
        }
        guard !codes.isEmpty else {
            error("\(key): name at least one language (e.g. eng)", at: node.mark)
            return nil
        }
        var ok = true
        for (code, item) in codes where !code.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || $0 == "/" || ("0"..."9").contains($0)) }) || code.isEmpty {
            error("\(key): '\(code)' is not a Tesseract language code (such as eng, deu, chi_sim)", at: item.mark)
            ok = false
        }
        return ok ? codes.map { ($0.code, $0.node.mark) } : nil
    }

    func readLayout(_ v: [String: YAMLNode], _ s: inout LayoutSettings) {
        set(&s.enabled, v["enabled"]) { bool($0, "layout.enabled") }
        set(&s.paragraphs, v["paragraphs"]) { bool($0, "layout.paragraphs") }
        set(&s.lists, v["lists"]) { bool($0, "layout.lists") }
        set(&s.tables, v["tables"]) { bool($0, "layout.tables") }
    }

    func readBarcodes(_ v: [String: YAMLNode], _ s: inout BarcodeSettings) {
        set(&s.enabled, v["enabled"]) { bool($0, "barcodes.enabled") }
        set(&s.symbologies, v["symbologies"], symbologies)
        set(&s.tryHarder, v["try_harder"]) { bool($0, "barcodes.try_harder") }
    }

    /// Vision-style names (Symbology's raw values) or `all`.
    private func symbologies(_ node: YAMLNode) -> [Symbology]? {
        guard let items = list(node, "barcodes.symbologies") else { return nil }
        if items.isEmpty {
            error("barcodes.symbologies: the list is empty; write 'all' or set 'enabled: false'", at: node.mark)
            return nil
        }
        var result: [Symbology] = []
        var ok = true
        for item in items {
            if item.text == "all" { result += Symbology.allCases; continue }
            if let symbology = Symbology(rawValue: item.text) { result.append(symbology); continue }
            ok = false
            error("barcodes.symbologies: unknown symbology '\(item.text)'" + symbologyHint(item.text), at: item.node.mark)
        }
        guard ok else { return nil }
        return Symbology.allCases.filter(result.contains)  // canonical order, no duplicates
    }

    private func symbologyHint(_ name: String) -> String {
        let names = Symbology.allCases.map(\.rawValue)
        let squashed = name.lowercased().filter { $0.isLetter || $0.isNumber }
        let aliases = ["qrcode": "qr", "interleaved2of5": "i2of5", "microqrcode": "microQR", "code39extended": "code39FullASCII",
                       "databar": "gs1DataBar", "databarexpanded": "gs1DataBarExpanded", "gs1databarlimited": "gs1DataBar"]
        let suggestion = aliases[squashed]
            ?? names.first { $0.lowercased() == squashed }
            ?? Suggestion.closest(to: name, among: names)
        if let suggestion { return " (did you mean '\(suggestion)'?)" }
        return "; expected 'all' or some of: \(names.joined(separator: ", "))"
    }

    func readRun(_ v: [String: YAMLNode], _ s: inout RunSettings) {
        if let node = v["workers"], let raw = text(node, "run.workers") {
            if raw == "auto" { s.workers = nil }
            else if let n = int(raw, node, "run.workers", in: 1...64) { s.workers = n }
        }
        set(&s.pageTimeout, v["page_timeout"]) { number($0, "run.page_timeout", in: 0...Double.infinity, exclusiveLower: true) }
        set(&s.maxAttempts, v["max_attempts"]) { int($0, "run.max_attempts", in: 1...Int.max) }
        set(&s.workerMemoryMiB, v["worker_memory_mib"]) { int($0, "run.worker_memory_mib", in: 256...1_048_576) }
    }
}
