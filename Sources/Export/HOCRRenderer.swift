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
        try w.attribute("xml:lang", "en")
        try w.attribute("lang", "en")
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
        try w.startElement("div")
        try w.attribute("class", "ocr_page")
        try w.attribute("id", "page_\(n)")
        try w.attribute("title", title)
        var counter = (area: 0, par: 0, line: 0, word: 0)
        for region in PageRegion.regions(of: page) {
            counter.area += 1; counter.par += 1
            try w.startElement("div")
            try w.attribute("class", "ocr_carea")
            try w.attribute("id", "block_\(n)_\(counter.area)")
            try w.attribute("title", Self.bbox(region.box))
            try w.startElement("p")
            try w.attribute("class", "ocr_par")
            try w.attribute("id", "par_\(n)_\(counter.par)")
            try w.attribute("title", Self.bbox(Box.enclosing(region.lines.map(\.outerBox)) ?? region.box))
            for line in region.lines {
                counter.line += 1
                try w.startElement("span")
                try w.attribute("class", "ocr_line")
                try w.attribute("id", "line_\(n)_\(counter.line)")
                try w.attribute("title", Self.bbox(line.outerBox) + "; x_size \(line.box.height)")
                for word in line.words {
                    counter.word += 1
                    try w.startElement("span")
                    try w.attribute("class", "ocrx_word")
                    try w.attribute("id", "word_\(n)_\(counter.word)")
                    try w.attribute("title", Self.bbox(word.box) + "; x_wconf \(Int(min(100, max(0, word.confidence)).rounded()))")
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

    static func bbox(_ b: Box) -> String { "bbox \(b.minX) \(b.minY) \(b.maxX) \(b.maxY)" }

    /// A value inside a double-quoted hOCR property: quotes and backslashes escaped.
    static func quoted(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: ";", with: "\\;")
    }

    static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
