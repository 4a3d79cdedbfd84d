/// The formats `quire export` writes.
public enum ExportFormat: String, Sendable, CaseIterable, Codable {
    case json, markdown, text, csv, html, hocr, alto, pdf
    /// The searchable PDF as PDF/A-2b (the same file name as `pdf`: one or the other).
    case pdfa

    /// What is appended to the document's own name (`report.pdf` → `report.pdf.md`). CSV adds a
    /// table number before it (`report.pdf.p2-t1.csv`).
    public var suffix: String {
        switch self {
        case .json: return ".json"
        case .markdown: return ".md"
        case .text: return ".txt"
        case .csv: return ".csv"
        case .html: return ".tables.html"
        case .hocr: return ".hocr"
        case .alto: return ".alto.xml"
        case .pdf, .pdfa: return ".pdf"
        }
    }

    /// Whether every document gets exactly one file (CSV and HTML depend on its tables).
    var hasOneFile: Bool { self != .csv && self != .html }

    /// Whether the renderer needs each page's lines and words (not only its blocks).
    func needsWords(jsonWords: Bool) -> Bool {
        switch self {
        case .json: return jsonWords
        case .hocr, .alto, .pdf, .pdfa: return true
        case .markdown, .text, .csv, .html: return false
        }
    }
}

/// One file a renderer produced: the suffix after the document's name, and its bytes.
public struct RenderedFile: Sendable {
    public var suffix: String
    public var bytes: [UInt8]
    public init(suffix: String, bytes: [UInt8]) { self.suffix = suffix; self.bytes = bytes }
    public init(suffix: String, text: String) { self.suffix = suffix; self.bytes = Array(text.utf8) }
}
