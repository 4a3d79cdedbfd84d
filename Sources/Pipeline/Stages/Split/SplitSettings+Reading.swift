import DocumentModel
import Split
import YAML

extension SpecReader {
    /// `split:` — its presence turns splitting on (`enabled: false` turns it off again).
    func readSplit(_ v: [String: YAMLNode], _ s: inout SplitSettings) {
        s.enabled = true
        set(&s.enabled, v["enabled"]) { bool($0, "split.enabled") }
        set(&s.separators, v["separators"]) { node in
            guard let items = list(node, "split.separators") else { return nil }
            var ok = true
            for item in items {
                let pattern = PayloadPattern(item.text)
                if item.text.isEmpty { error("split.separators: an empty payload matches nothing", at: item.node.mark); ok = false }
                if let regex = pattern.regex, !DocumentSplitter.isValidRegex(regex) {
                    error("split.separators: '\(item.text)' is not a valid regular expression", at: item.node.mark); ok = false
                }
            }
            return ok ? items.map { PayloadPattern($0.text) } : nil
        }
        set(&s.separatorSymbologies, v["separator_symbologies"]) { node -> [Symbology]?? in
            guard let items = list(node, "split.separator_symbologies") else { return nil }
            var result: [Symbology] = []
            for item in items {
                guard let symbology = Symbology(rawValue: item.text) else {
                    let hint = Suggestion.closest(to: item.text, among: Symbology.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
                    error("split.separator_symbologies: unknown symbology '\(item.text)'\(hint)", at: item.node.mark)
                    return nil
                }
                result.append(symbology)
            }
            return .some(result.isEmpty ? nil : result)
        }
        set(&s.keepSeparatorPages, v["keep_separator_pages"]) { bool($0, "split.keep_separator_pages") }
        set(&s.asnPrefix, v["asn_prefix"]) { text($0, "split.asn_prefix") }
        set(&s.asnStartsDocument, v["asn_starts_document"]) { bool($0, "split.asn_starts_document") }
        set(&s.patchCodes, v["patch_codes"]) { bool($0, "split.patch_codes") }
        set(&s.blankPages, v["blank_pages"]) { choice($0, "split.blank_pages", noun: "blank page policy") }
        set(&s.requireSeparator, v["require_separator"]) { bool($0, "split.require_separator") }
        set(&s.tags, v["tags"]) { splitTags($0) }
    }

    /// `tags:` — a mapping of payload pattern to tag template (in order).
    private func splitTags(_ node: YAMLNode) -> [TagRule]? {
        if node.isNull { return [] }
        guard let pairs = node.mapping else {
            error("split.tags: expected a mapping of pattern: tag, found \(node.kindDescription)", at: node.mark)
            return nil
        }
        var rules: [TagRule] = []
        var ok = true
        for pair in pairs {
            guard let pattern = pair.key.scalarValue, let template = text(pair.value, "split.tags") else { ok = false; continue }
            if !DocumentSplitter.isValidRegex(pattern) {
                error("split.tags: '\(pattern)' is not a valid regular expression", at: pair.key.mark); ok = false; continue
            }
            rules.append(TagRule(pattern: pattern, template: template))
        }
        return ok ? rules : nil
    }
}
