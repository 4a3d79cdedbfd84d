/// A document as the database holds it after a run: what exports read (one value, no C, no SQL).

/// A page's processing status (`pages.status`).
public enum PageStatus: String, Codable, Sendable {
    case pending, done, failed
}

/// One page of a stored document: its raster size, its text and structure, and its status.
/// A failed or pending page carries no text; exports mark it instead of leaving it out.
public struct StoredPage: Codable, Sendable, Hashable {
    /// 1-based page number.
    public var number: Int
    public var status: PageStatus
    /// For failed pages: why, and in which stage.
    public var error: String?
    public var failedStage: String?
    /// The page raster in pixels and its resolution; nil when the page was never extracted.
    public var width: Int?
    public var height: Int?
    public var dpi: Int?
    public var textSource: TextSource?
    /// Clockwise degrees applied before OCR, and degrees corrected by deskew.
    public var rotation: Int
    public var skew: Double
    /// Blocks in reading order (with list items and table cells).
    public var blocks: [Block]
    /// Lines with their words in reading order; empty unless asked for.
    public var lines: [Line]
    public var barcodes: [Barcode]
    /// Data found in the page's text (the `detect` stage), in the page's order.
    public var detectedData: [DetectedData]
    /// The page's language (`pages.language`), when detected or given.
    public var language: PageLanguage?

    public init(number: Int, status: PageStatus, error: String? = nil, failedStage: String? = nil,
                width: Int? = nil, height: Int? = nil, dpi: Int? = nil, textSource: TextSource? = nil,
                rotation: Int = 0, skew: Double = 0, blocks: [Block] = [], lines: [Line] = [], barcodes: [Barcode] = [],
                detectedData: [DetectedData] = []) {
        self.number = number; self.status = status; self.error = error; self.failedStage = failedStage
        self.width = width; self.height = height; self.dpi = dpi; self.textSource = textSource
        self.rotation = rotation; self.skew = skew; self.blocks = blocks; self.lines = lines; self.barcodes = barcodes
        self.detectedData = detectedData
    }

    /// The page's text in reading order: its blocks when layout ran, else its lines.
    public var text: String {
        blocks.isEmpty ? lines.map(\.text).joined(separator: "\n") : blocks.map(\.text).joined(separator: "\n\n")
    }

    /// The page's title block, if it has one.
    public var title: String? { blocks.first { $0.kind == .title }?.text }
}

/// A current document with its pages, as read in one snapshot of the database.
public struct StoredDocument: Codable, Sendable, Hashable {
    public var id: Int64
    /// Absolute path where the file was found.
    public var path: String
    public var sha256: String?
    /// `pdf`, `png`, `jpeg`, `tiff`…
    public var kind: String
    /// `done`, `failed` or `pending` (`documents.status`).
    public var status: String
    public var error: String?
    public var pages: [StoredPage]
    /// The document's date and how it was chosen (`documents.document_date`), nil without one.
    public var date: DocumentDate?

    public init(id: Int64, path: String, sha256: String?, kind: String, status: String, error: String?, pages: [StoredPage]) {
        self.id = id; self.path = path; self.sha256 = sha256; self.kind = kind
        self.status = status; self.error = error; self.pages = pages
    }

    /// The document's title: the title block of its first page that has one.
    public var title: String? { pages.lazy.compactMap(\.title).first }

    /// The document's languages (BCP 47 tags), most pages first: its pages' main languages,
    /// then second languages. Empty when no page has one.
    public var languages: [String] {
        var count: [String: Int] = [:], order: [String] = []
        for tag in pages.compactMap(\.language).flatMap(\.codes) {
            if count[tag] == nil { order.append(tag) }
            count[tag, default: 0] += 1
        }
        return order.enumerated().sorted { (count[$0.element]!, -$0.offset) > (count[$1.element]!, -$1.offset) }.map(\.element)
    }

    /// Tables of the document in order, with their page numbers.
    public var tables: [(page: Int, block: Block)] {
        pages.flatMap { page in page.blocks.filter { $0.kind == .table }.map { (page.number, $0) } }
    }
}
