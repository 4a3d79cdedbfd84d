import DocumentModel
import Foundation
import XML

/// What quire knows about a document, written into its PDF/A file (Info dictionary and XMP
/// packet, kept equal) and into the JSON export (`metadata`).
struct ArchiveMetadata: Equatable {
    /// The layout's title block, else the input's own title (a PDF's Info `/Title`).
    var title: String?
    /// ISO 8601, chosen in the document pass (`documents.document_date`), and how.
    var date: DocumentDate?
    /// The OCR languages, as RFC 3066 tags (`en`, `de`).
    var languages: [String]
    var pageCount: Int
    var producer: String
    /// The SHA-256 of the archived input: the link back to the archive (`documents.sha256`).
    var sha256: String?
    /// The input's own Author, Subject and Keywords, kept.
    var author: String?, subject: String?, keywords: String?
    /// When the file was written (CreationDate and ModDate).
    var created: Date

    init(_ document: StoredDocument, languages: [String], producer: String, ownTitle: String? = nil,
         author: String? = nil, subject: String? = nil, keywords: String? = nil, created: Date = Date()) {
        func clean(_ s: String?) -> String? {
            let t = s?.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return t?.isEmpty == false ? t : nil
        }
        title = clean(document.title) ?? clean(ownTitle)
        date = document.date
        self.languages = languages.flatMap { $0.split(separator: "+").map { Self.languageTag(String($0)) } }
        pageCount = document.pages.count
        self.producer = producer
        sha256 = document.sha256
        self.author = clean(author); self.subject = clean(subject); self.keywords = clean(keywords)
        self.created = Date(timeIntervalSince1970: created.timeIntervalSince1970.rounded(.down))
    }

    /// Tesseract's ISO 639-2 codes as RFC 3066 tags: the ISO 639-1 code where there is one.
    static func languageTag(_ code: String) -> String {
        let known = ["eng": "en", "deu": "de", "fra": "fr", "spa": "es", "ita": "it", "nld": "nl", "por": "pt", "pol": "pl",
                     "ces": "cs", "dan": "da", "fin": "fi", "swe": "sv", "nor": "no", "rus": "ru", "ukr": "uk", "ell": "el",
                     "tur": "tr", "hun": "hu", "ron": "ro", "jpn": "ja", "kor": "ko", "ara": "ar", "heb": "he",
                     "chi_sim": "zh-Hans", "chi_tra": "zh-Hant", "msa": "ms", "ind": "id", "vie": "vi", "tha": "th"]
        return known[code] ?? code.replacingOccurrences(of: "_", with: "-")
    }

    var archiveIdentifier: String? { sha256.map { "urn:sha256:" + $0 } }

    /// `D:YYYYMMDDHHmmSS+00'00'` (Info) and `YYYY-MM-DDTHH:mm:SS+00:00` (XMP): the same instant.
    var infoDate: String { Self.format(created, "'D:'yyyyMMddHHmmss'+00''00'''") }
    var xmpDate: String { Self.format(created, "yyyy-MM-dd'T'HH:mm:ss'+00:00'") }
    static func format(_ date: Date, _ pattern: String) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(identifier: "UTC"); f.dateFormat = pattern
        return f.string(from: date)
    }

    /// The Info dictionary's entries (text strings), those with an XMP twin first.
    var info: [(key: String, value: String)] {
        var out: [(String, String)] = []
        if let title { out.append(("/Title", title)) }
        if let author { out.append(("/Author", author)) }
        if let subject { out.append(("/Subject", subject)) }
        if let keywords { out.append(("/Keywords", keywords)) }
        out += [("/Creator", producer), ("/Producer", producer)]
        // Keys of quire's own (PDF/A-2 lets the Info dictionary hold others; their XMP twins are
        // Dublin Core and Paged-Text properties, which need no extension schema).
        if let sha256 { out.append(("/QuireDocumentSHA256", sha256)) }
        if let date { out.append(("/QuireDocumentDate", date.value)) }
        if !languages.isEmpty { out.append(("/QuireLanguages", languages.joined(separator: ","))) }
        out.append(("/QuirePageCount", "\(pageCount)"))
        return out
    }

    /// The XMP packet (https://www.adobe.com/devnet/xmp.html, ISO 16684-1) with `pdfaid:part 2`,
    /// `pdfaid:conformance B`, written with libxml2.
    func xmp() throws -> [UInt8] {
        let w = try XMLWriter(indent: true)
        try w.processingInstruction("xpacket", "begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"")
        try w.startElement("x:xmpmeta")
        try w.attribute("xmlns:x", "adobe:ns:meta/")
        try w.startElement("rdf:RDF")
        try w.attribute("xmlns:rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#")
        try w.startElement("rdf:Description")
        for (key, value) in [("rdf:about", ""), ("xmlns:pdfaid", "http://www.aiim.org/pdfa/ns/id/"),
                             ("xmlns:dc", "http://purl.org/dc/elements/1.1/"), ("xmlns:xmp", "http://ns.adobe.com/xap/1.0/"),
                             ("xmlns:pdf", "http://ns.adobe.com/pdf/1.3/"), ("xmlns:xmpTPg", "http://ns.adobe.com/xap/1.0/t/pg/")] {
            try w.attribute(key, value)
        }
        try w.element("pdfaid:part", text: "2")
        try w.element("pdfaid:conformance", text: "B")
        func container(_ name: String, _ kind: String, _ items: [String], lang: Bool = false) throws {
            try w.startElement(name); try w.startElement(kind)
            for item in items {
                try w.startElement("rdf:li")
                if lang { try w.attribute("xml:lang", "x-default") }
                try w.text(item); try w.endElement()
            }
            try w.endElement(); try w.endElement()
        }
        if let title { try container("dc:title", "rdf:Alt", [title], lang: true) }
        if let author { try container("dc:creator", "rdf:Seq", [author]) }
        if let subject { try container("dc:description", "rdf:Alt", [subject], lang: true) }
        if let keywords { try w.element("pdf:Keywords", text: keywords) }
        try w.element("dc:format", text: "application/pdf")
        if let archiveIdentifier { try w.element("dc:identifier", text: archiveIdentifier) }
        if let date { try container("dc:date", "rdf:Seq", [date.value]) }
        if !languages.isEmpty { try container("dc:language", "rdf:Bag", languages) }
        try w.element("xmp:CreatorTool", text: producer)
        try w.element("xmp:CreateDate", text: xmpDate)
        try w.element("xmp:ModifyDate", text: xmpDate)
        try w.element("xmp:MetadataDate", text: xmpDate)
        try w.element("pdf:Producer", text: producer)
        try w.element("xmpTPg:NPages", text: "\(pageCount)")
        try w.endElement(); try w.endElement(); try w.endElement()
        try w.processingInstruction("xpacket", "end=\"w\"")
        return try w.finish()
    }
}
