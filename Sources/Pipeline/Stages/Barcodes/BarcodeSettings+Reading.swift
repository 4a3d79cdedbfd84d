import DocumentModel
import OCR
import YAML

extension SpecReader {
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
                       "databar": "gs1DataBar", "databarexpanded": "gs1DataBarExpanded", "databarlimited": "gs1DataBarLimited"]
        let suggestion = aliases[squashed]
            ?? names.first { $0.lowercased() == squashed }
            ?? Suggestion.closest(to: name, among: names)
        if let suggestion { return " (did you mean '\(suggestion)'?)" }
        return "; expected 'all' or some of: \(names.joined(separator: ", "))"
    }
}
