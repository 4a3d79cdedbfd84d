import DocumentModel
import Foundation

/// `--format json`: the document as Vision's document observation shapes it, in the versioned
/// schema `docs/export-json.schema.json` (described in docs/export-json.md).
struct JSONRenderer {
    /// Bumped when a field changes meaning or disappears; new optional fields keep the version.
    static let schemaVersion = 1
    static let schemaID = "https://quire.dev/schemas/export-document-1.json"

    var generatorVersion: String
    var includeWords: Bool
    /// The document's OCR languages (the pipeline's), for `metadata`.
    var languages: [String] = []

    func render(_ document: StoredDocument) throws -> [RenderedFile] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let value = DocumentJSON(document, generator: generatorVersion, words: includeWords, languages: languages)
        return [RenderedFile(suffix: ExportFormat.json.suffix, bytes: Array(try encoder.encode(value)) + [0x0A])]
    }
}

/// The Encodable shape of the JSON export (field names are the schema's).
struct DocumentJSON: Encodable {
    struct Generator: Encodable { var name = "quire"; var version: String }
    struct Source: Encodable {
        var path: String, sha256: String?, kind: String, status: String, error: String?, pageCount: Int
    }
    struct ItemJSON: Encodable { var marker: String, markerType: String, depth: Int, text: String, box: [Int] }
    struct CellJSON: Encodable { var rowRange: [Int], columnRange: [Int], text: String, isHeader: Bool, box: [Int] }
    struct TableJSON: Encodable { var rowCount: Int, columnCount: Int, cells: [CellJSON] }
    struct BlockJSON: Encodable {
        var kind: String, readingOrder: Int, text: String, box: [Int]
        var level: Int?, items: [ItemJSON]?, table: TableJSON?
        /// Present (true) on a paragraph that carries on the one before it (`Block.continues`).
        var continues: Bool?
    }
    struct PointJSON: Encodable { var x: Int, y: Int }
    struct BarcodeJSON: Encodable {
        var symbology: String, payload: String, rawBytes: String?, corners: [PointJSON], box: [Int], orientation: Int
        /// The EAN-2/EAN-5 add-on of an EAN/UPC symbol.
        var supplementalPayload: String?
    }
    struct DetectedJSON: Encodable {
        var type: String, text: String, value: String, currency: String?, carrier: String?, confidence: Double, boxes: [[Int]]
    }
    struct WordJSON: Encodable { var text: String, confidence: Double, box: [Int] }
    struct LineJSON: Encodable { var text: String, confidence: Double, box: [Int], words: [WordJSON] }
    struct PageJSON: Encodable {
        var pageNumber: Int, status: String, error: String?, failedStage: String?
        var width: Int?, height: Int?, dpi: Int?, textSource: String?, rotation: Int, skew: Double
        var title: String?, text: String, blocks: [BlockJSON], barcodes: [BarcodeJSON], detectedData: [DetectedJSON]
        var lines: [LineJSON]?
        var language: LanguageJSON?
    }
    /// The page's language (`pages.language`, …): BCP 47 tags, script, confidence, method, models.
    struct LanguageJSON: Encodable {
        var code: String, codes: [String], script: String?, confidence: Double, method: String, models: [String]
    }

    var schema = JSONRenderer.schemaID
    var schemaVersion = JSONRenderer.schemaVersion
    var generator: Generator
    var document: Source
    var title: String?
    /// The fields a PDF/A export writes into its Info dictionary and XMP (`ArchiveMetadata`).
    struct MetadataJSON: Encodable {
        var title: String?, documentDate: String?, documentDateSource: String?, languages: [String], pageCount: Int
        var producer: String, archiveIdentifier: String?
    }
    var metadata: MetadataJSON
    var pages: [PageJSON]

    init(_ d: StoredDocument, generator version: String, words: Bool, languages: [String] = []) {
        let m = ArchiveMetadata(d, languages: d.languages.isEmpty ? languages : d.languages, producer: "quire \(version)")
        metadata = MetadataJSON(title: m.title, documentDate: m.date?.value, documentDateSource: m.date?.source.rawValue,
                                languages: m.languages, pageCount: m.pageCount, producer: m.producer,
                                archiveIdentifier: m.archiveIdentifier)
        generator = Generator(version: version)
        document = Source(path: d.path, sha256: d.sha256, kind: d.kind, status: d.status, error: d.error, pageCount: d.pages.count)
        title = d.title
        pages = d.pages.map { Self.page($0, words: words) }
    }

    static func box(_ b: Box) -> [Int] { [b.x, b.y, b.width, b.height] }

    /// Confidences are 0–1 in the export (Vision's scale); the database keeps 0–100.
    static func confidence(_ c: Double) -> Double { (min(100, max(0, c)) * 10).rounded() / 1000 }

    static func page(_ p: StoredPage, words: Bool) -> PageJSON {
        PageJSON(pageNumber: p.number, status: p.status.rawValue, error: p.error, failedStage: p.failedStage,
                 width: p.width, height: p.height, dpi: p.dpi, textSource: p.textSource?.rawValue, rotation: p.rotation,
                 skew: p.skew, title: p.title, text: p.text, blocks: p.blocks.map(block), barcodes: p.barcodes.map(barcode),
                 detectedData: p.detectedData.map(detected), lines: words ? p.lines.map(line) : nil,
                 language: p.language.flatMap { l in
                     l.codes.isEmpty ? nil : LanguageJSON(code: l.code, codes: l.codes, script: l.script,
                                                          confidence: (l.confidence * 1000).rounded() / 1000,
                                                          method: l.method.rawValue, models: l.models)
                 })
    }

    static func block(_ b: Block) -> BlockJSON {
        BlockJSON(kind: b.kind.rawValue, readingOrder: b.readingOrder, text: b.text, box: box(b.box),
                  level: b.kind == .heading ? (b.level ?? 1) : nil,
                  items: b.kind == .list || b.kind == .reference ? b.listItems.map {
                      ItemJSON(marker: $0.marker, markerType: $0.markerType.rawValue, depth: $0.depth, text: $0.text, box: box($0.box))
                  } : nil,
                  table: b.kind == .table ? TableJSON(rowCount: b.rowCount, columnCount: b.columnCount, cells: b.tableCells.map {
                      CellJSON(rowRange: [$0.row, $0.row + $0.rowSpan], columnRange: [$0.column, $0.column + $0.columnSpan],
                               text: $0.text, isHeader: $0.isHeader, box: box($0.box))
                  }) : nil,
                  continues: b.continues ? true : nil)
    }

    static func barcode(_ c: Barcode) -> BarcodeJSON {
        BarcodeJSON(symbology: c.symbology.rawValue, payload: c.payload, rawBytes: c.rawBytes.map { Data($0).base64EncodedString() },
                    corners: c.corners.map { PointJSON(x: $0.x, y: $0.y) }, box: box(c.bounds), orientation: c.orientation,
                    supplementalPayload: c.supplementalPayload)
    }

    static func detected(_ d: DetectedData) -> DetectedJSON {
        DetectedJSON(type: d.type.rawValue, text: d.text, value: d.value, currency: d.currency, carrier: d.carrier,
                     confidence: (d.confidence * 1000).rounded() / 1000, boxes: d.boxes.map(box))
    }

    static func line(_ l: Line) -> LineJSON {
        LineJSON(text: l.text, confidence: confidence(l.confidence), box: box(l.box),
                 words: l.words.map { WordJSON(text: $0.text, confidence: confidence($0.confidence), box: box($0.box)) })
    }
}
