import DocumentModel
import Foundation
import XML

/// `--format alto`: ALTO 4.4 (https://www.loc.gov/standards/alto/): `Page` → `PrintSpace` →
/// `TextBlock` (a layout block) → `TextLine` → `String` with HPOS/VPOS/WIDTH/HEIGHT in pixels and
/// WC 0–1; figures and barcodes as `Illustration` (TYPE `figure`, `barcode …`); `Processing` steps name Tesseract and
/// quire with their versions. Failed pages are `Page QUALITY="Missing"` with the reason in
/// QUALITY_DETAIL. Valid against the official schema (tested); written with libxml2's writer.
struct ALTORenderer {
    var quireVersion: String
    var tesseractVersion: String
    var now: Date = Date()

    func render(_ document: StoredDocument) throws -> [RenderedFile] {
        let w = try XMLWriter(indent: true)
        try w.startDocument()
        try w.startElement("alto")
        try w.attribute("xmlns", "http://www.loc.gov/standards/alto/ns-v4#")
        try w.attribute("xmlns:xlink", "http://www.w3.org/1999/xlink")
        try w.attribute("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance")
        try w.attribute("xsi:schemaLocation", "http://www.loc.gov/standards/alto/ns-v4# http://www.loc.gov/alto/v4/alto-4-4.xsd")
        try writeDescription(document, to: w)
        try w.startElement("Layout")
        for page in document.pages { try writePage(page, to: w) }
        try w.endElement()
        try w.endElement()
        return [RenderedFile(suffix: ExportFormat.alto.suffix, bytes: try w.finish())]
    }

    private func writeDescription(_ document: StoredDocument, to w: XMLWriter) throws {
        try w.startElement("Description")
        try w.element("MeasurementUnit", text: "pixel")
        try w.startElement("sourceImageInformation")
        try w.element("fileName", text: document.path)
        try w.endElement()
        let usedOCR = document.pages.contains { $0.textSource == .ocr }
        if usedOCR {
            try processing(id: "processing_ocr", category: "contentGeneration", description: "text recognition",
                           name: "Tesseract", version: tesseractVersion, date: nil, to: w)
        }
        let stamp = ISO8601DateFormatter().string(from: now)
        try processing(id: "processing_quire", category: usedOCR ? "postOperation" : "contentGeneration",
                       description: "page extraction, layout analysis and ALTO export", name: "quire", version: quireVersion,
                       date: stamp, to: w)
        try w.endElement()
    }

    private func processing(id: String, category: String, description: String, name: String, version: String,
                            date: String?, to w: XMLWriter) throws {
        try w.startElement("Processing")
        try w.attribute("ID", id)
        try w.element("processingCategory", text: category)
        if let date { try w.element("processingDateTime", text: date) }
        try w.element("processingStepDescription", text: description)
        try w.startElement("processingSoftware")
        try w.element("softwareName", text: name)
        try w.element("softwareVersion", text: version)
        try w.endElement()
        try w.endElement()
    }

    private func position(_ b: Box, to w: XMLWriter) throws {
        try w.attribute("HPOS", "\(b.minX)")
        try w.attribute("VPOS", "\(b.minY)")
        try w.attribute("WIDTH", "\(b.width)")
        try w.attribute("HEIGHT", "\(b.height)")
    }

    private func writePage(_ page: StoredPage, to w: XMLWriter) throws {
        let n = page.number
        try w.startElement("Page")
        try w.attribute("ID", "page_\(n)")
        try w.attribute("PHYSICAL_IMG_NR", "\(n)")
        if let width = page.width, let height = page.height {
            try w.attribute("WIDTH", "\(width)")
            try w.attribute("HEIGHT", "\(height)")
        }
        guard page.status == .done else {
            try w.attribute("QUALITY", "Missing")
            try w.attribute("QUALITY_DETAIL", PageMark.reason(page))
            try w.endElement()
            return
        }
        try w.startElement("PrintSpace")
        try position(Box(x: 0, y: 0, width: page.width ?? 0, height: page.height ?? 0), to: w)
        var counter = (block: 0, line: 0, word: 0)
        for region in PageRegion.regions(of: page) {
            counter.block += 1
            try w.startElement("TextBlock")
            try w.attribute("ID", "p\(n)_b\(counter.block)")
            // ALTO 4 `BlockType/@LANG` (xsd:language): the page's language (`ocr.languages: auto`).
            if let language = page.language, !language.codes.isEmpty { try w.attribute("LANG", language.code) }
            try position(region.box, to: w)
            for line in region.lines {
                counter.line += 1
                try w.startElement("TextLine")
                try w.attribute("ID", "p\(n)_l\(counter.line)")
                try position(line.outerBox, to: w)
                for (i, word) in line.words.enumerated() {
                    counter.word += 1
                    if i > 0 { try w.element("SP") }
                    try w.startElement("String")
                    try w.attribute("ID", "p\(n)_w\(counter.word)")
                    try w.attribute("CONTENT", word.text)
                    try position(word.box, to: w)
                    try w.attribute("WC", String(format: "%.3f", min(100, max(0, word.confidence)) / 100))
                    try w.endElement()
                }
                try w.endElement()
            }
            try w.endElement()
        }
        // Figures, then barcodes, as `Illustration`s (their words, if any, are not text).
        let illustrations = page.blocks.filter { $0.kind == .figure }.map { ("figure", $0.box) }
            + page.barcodes.map { ("barcode \($0.symbology.rawValue)", $0.bounds) }
        for (i, (type, box)) in illustrations.enumerated() {
            try w.startElement("Illustration")
            try w.attribute("ID", "p\(n)_i\(i + 1)")
            try w.attribute("TYPE", type)
            try position(box, to: w)
            try w.endElement()
        }
        try w.endElement()
        try w.endElement()
    }
}
