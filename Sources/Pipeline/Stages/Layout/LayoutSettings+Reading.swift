import DocumentModel
import OCR
import YAML

extension SpecReader {
    func readLayout(_ v: [String: YAMLNode], _ s: inout LayoutSettings) {
        set(&s.enabled, v["enabled"]) { bool($0, "layout.enabled") }
        set(&s.paragraphs, v["paragraphs"]) { bool($0, "layout.paragraphs") }
        set(&s.lists, v["lists"]) { bool($0, "layout.lists") }
        set(&s.tables, v["tables"]) { bool($0, "layout.tables") }
    }
}
