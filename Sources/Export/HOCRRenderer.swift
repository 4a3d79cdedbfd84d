import DocumentModel
import XML

/// `--format hocr`: hOCR 1.2 (http://kba.github.io/hocr-spec/1.2/) as XHTML: `ocr_page` →
/// `ocr_carea` (a layout block) → `ocr_par` → `ocr_line` → `ocrx_word`, each with `bbox` in page
/// pixels and words with `x_wconf` (0–100). Failed pages keep their `ocr_page` with
/// `x_status failed` and no content. Written with libxml2's writer (escaping is libxml2's).
struct HOCRRenderer {
    var generator: String

    func render(_ document: StoredDocument) throws -> [RenderedFile] {
        let w = try XMLWriter(indent: true)
        try w.startDocument()
        try w.doctype("html", publicID: "-//W3C//DTD XHTML 1.0 Transitional//EN",
                      systemID: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd")
        try w.startElement("html")
        try w.attribute("xmlns", "http://www.w3.org/1999/xhtml")
        // The document's main language (`ocr.languages: auto` or the pipeline's), else English.
        let language = document.languages.first ?? "en"
        try w.attribute("xml:lang", language)
        try w.attribute("lang", language)
        try w.startElement("head")
        try w.element("title", text: document.title ?? Self.fileName(document.path))
        try w.element("meta", ["http-equiv": "Content-Type", "content": "text/html;charset=utf-8"])
        try w.element("meta", ["name": "ocr-system", "content": generator])
        try w.element("meta", ["name": "ocr-capabilities", "content": "ocr_page ocr_carea ocr_par ocr_line ocrx_word ocrp_wconf"])
        try w.endElement()
        try w.startElement("body")
        for page in document.pages { try writePage(page, document: document, to: w) }
        try w.endElement()
        try w.endElement()
        return [RenderedFile(suffix: ExportFormat.hocr.suffix, bytes: try w.finish())]
    }

    private func writePage(_ page: StoredPage, document: StoredDocument, to w: XMLWriter) throws {
        let n = page.number
        var title = "image \"\(Self.quoted(document.path))\""
        if let width = page.width, let height = page.height { title += "; bbox 0 0 \(width) \(height)" }
        title += "; ppageno \(n - 1)"
        if let dpi = page.dpi { title += "; scan_res \(dpi) \(dpi)" }
        if page.status != .done { title += "; x_status \(page.status.rawValue)" }
        try start("div", "ocr_page", "page_\(n)", title, w)
        // hOCR 1.2 §4: `lang` on any element gives the language of its content.
        if let language = page.language, !language.codes.isEmpty { try w.attribute("lang", language.code) }
        var counter = (area: 0, par: 0, line: 0, word: 0)
        for region in PageRegion.regions(of: page) {
            counter.area += 1; counter.par += 1
            try start("div", "ocr_carea", "block_\(n)_\(counter.area)", Self.bbox(region.box), w)
            try start("p", "ocr_par", "par_\(n)_\(counter.par)", Self.bbox(Box.enclosing(region.lines.map(\.outerBox)) ?? region.box), w)
            for line in region.lines {
                counter.line += 1
                try start("span", "ocr_line", "line_\(n)_\(counter.line)", Self.bbox(line.outerBox) + "; x_size \(line.box.height)", w)
                for word in line.words {
                    counter.word += 1
                    let confidence = Int(min(100, max(0, word.confidence)).rounded())
                    try start("span", "ocrx_word", "word_\(n)_\(counter.word)", Self.bbox(word.box) + "; x_wconf \(confidence)", w)
                    try w.text(word.text)
                    try w.endElement()   // the writer's indentation separates the words
                }
                try w.endElement()
            }
            try w.endElement()
            try w.endElement()
        }
        try w.endElement()
    }

    /// `<tag class="…" id="…" title="…">`
    private func start(_ tag: String, _ cls: String, _ id: String, _ title: String, _ w: XMLWriter) throws {
        try w.startElement(tag)
        try w.attribute("class", cls)
        try w.attribute("id", id)
        try w.attribute("title", title)
    }

    static func bbox(_ b: Box) -> String { "bbox \(b.minX) \(b.minY) \(b.maxX) \(b.maxY)" }

    /// A value inside a double-quoted hOCR property: quotes and backslashes escaped.
    static func quoted(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: ";", with: "\\;")
    }

    static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
