import DocumentModel
import DataDetection
import YAML

extension SpecReader {
    /// `data_detection:` — `enabled`, `types` (a list of type names, or `all`), `locale`
    /// (`en_US`, `de_DE`, `en_MY`), `countries` (ISO 3166 codes) and `currencies` (ISO 4217).
    func readDataDetection(_ v: [String: YAMLNode], _ s: inout DetectionSettings) {
        set(&s.enabled, v["enabled"]) { bool($0, "data_detection.enabled") }
        if let node = v["types"], let items = list(node, "data_detection.types") {
            var types: Set<DataType> = []
            for item in items {
                if item.text == "all" { types.formUnion(DataType.allCases); continue }
                if let type = DataType(rawValue: item.text) { types.insert(type); continue }
                let names = DataType.allCases.map(\.rawValue)
                let hint = Suggestion.closest(to: item.text, among: names).map { " (did you mean '\($0)'?)" }
                    ?? "; expected 'all' or some of: \(names.joined(separator: ", "))"
                error("data_detection.types: unknown type '\(item.text)'" + hint, at: item.node.mark)
            }
            s.types = types
        }
        if let node = v["locale"], let locale = text(node, "data_detection.locale") { s.locale = locale }
        set(&s.countries, v["countries"]) { list($0, "data_detection.countries")?.map { $0.text.uppercased() } }
        set(&s.currencies, v["currencies"]) { list($0, "data_detection.currencies")?.map { $0.text.uppercased() } }
        for problem in s.problems() {
            let key = problem.contains("locale") ? "locale" : problem.contains("country") ? "countries" : "currencies"
            error("data_detection.\(key): \(problem)", at: (v[key] ?? v.values.first)?.mark ?? Mark(line: 1, column: 1))
        }
    }
}
