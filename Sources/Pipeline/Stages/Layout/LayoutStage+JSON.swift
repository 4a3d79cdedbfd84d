import DataDetection
import DocumentModel
import Layout

extension LayoutStage {
    /// A page's structure as JSON for exports, shaped like Vision's document container:
    /// `title`, `text`, `blocks` (all, in reading order; a caption's `captionOf` is the
    /// `readingOrder` of the figure or table it describes), `headings`, `paragraphs`, `lists`
    /// (items with `marker`, `markerType`, `depth`, `text`), `references` (reference lists, shaped like `lists`), `tables` (`rows` of cells with
    /// half-open `rowRange`/`columnRange`), `figures` (`box`, `caption`) and `captions`
    /// (`text`, `box`, `captionOf`). Boxes are `[x, y, width, height]` in page pixels,
    /// top-left origin. Keys are sorted, so equal structures give equal strings.
    ///
    /// `barcodes` lists the page's symbols in reading order (rows top to bottom, left to right
    /// within a row), each with `symbology`, `payload`, `supplementalPayload` (EAN/UPC add-on),
    /// `box` and `corners` (`[[x, y]]`: top-left, top-right, bottom-right, bottom-left).
    ///
    /// `detectedData` lists the data found in the page's text (docs/data-detection.md), each with
    /// `type`, `text`, `value`, `currency`/`carrier` when they apply, `confidence` and `boxes`
    /// (one per line spanned).
    ///
    /// Written by `JSONText`, byte for byte what `JSONEncoder` writes for `StructureJSON` (and,
    /// like it, `{}` when a number is not finite).
    public static func structureJSON(_ blocks: [Block], barcodes: [Barcode] = [], detectedData: [DetectedData] = []) -> String {
        let structure = structure(blocks, barcodes: barcodes, detectedData: detectedData)
        var json = JSONText(capacity: 256 + 2 * blocks.reduce(0) { $0 + $1.text.utf8.count + 96 })
        guard (try? structure.write(to: &json)) != nil else { return "{}" }
        return json.string
    }

    static func structure(_ blocks: [Block], barcodes: [Barcode], detectedData: [DetectedData]) -> StructureJSON {
        var structure = StructureJSON(blocks)
        structure.barcodes = readingOrder(barcodes).map(StructureJSON.BarcodeJSON.init)
        structure.detectedData = detectedData.map(StructureJSON.DetectedDataJSON.init)
        return structure
    }

    /// Symbols in reading order: rows (a symbol starting above the middle of the row's first
    /// symbol joins its row) top to bottom, left to right within a row.
    static func readingOrder(_ barcodes: [Barcode]) -> [Barcode] {
        var rows: [[Barcode]] = []
        for code in barcodes.sorted(by: { $0.bounds.minY < $1.bounds.minY }) {
            if let first = rows.last?.first, code.bounds.minY < first.bounds.minY + first.bounds.height / 2 {
                rows[rows.count - 1].append(code)
            } else {
                rows.append([code])
            }
        }
        return rows.flatMap { $0.sorted { $0.bounds.minX < $1.bounds.minX } }
    }
}

/// The Encodable shape behind `LayoutStage.structureJSON`.
struct StructureJSON: Encodable {
    struct BlockJSON: Encodable { var kind: String; var readingOrder: Int; var text: String; var box: [Int]; var level: Int?; var captionOf: Int?; var continues: Bool? }
    struct FigureJSON: Encodable { var readingOrder: Int; var box: [Int]; var caption: String? }
    struct CaptionJSON: Encodable { var text: String; var box: [Int]; var captionOf: Int? }
    struct ParagraphJSON: Encodable { var text: String; var box: [Int] }
    struct HeadingJSON: Encodable { var text: String; var level: Int; var box: [Int] }
    struct ItemJSON: Encodable { var marker: String; var markerType: String; var depth: Int; var text: String }
    struct ListJSON: Encodable { var items: [ItemJSON]; var box: [Int] }
    struct CellJSON: Encodable { var rowRange: [Int]; var columnRange: [Int]; var text: String; var isHeader: Bool }
    struct TableJSON: Encodable { var rowCount: Int; var columnCount: Int; var rows: [[CellJSON]]; var box: [Int] }

    var title: String?
    var text: String
    var blocks: [BlockJSON]
    var headings: [HeadingJSON]
    var paragraphs: [ParagraphJSON]
    var lists: [ListJSON]
    /// Reference lists (bibliographies), shaped like `lists`.
    var references: [ListJSON]
    var tables: [TableJSON]
    var figures: [FigureJSON]
    var captions: [CaptionJSON]
    var barcodes: [BarcodeJSON] = []
    var detectedData: [DetectedDataJSON] = []

    struct DetectedDataJSON: Encodable {
        var type: String; var text: String; var value: String; var currency: String?; var carrier: String?
        var confidence: Double; var boxes: [[Int]]
        init(_ d: DetectedData) {
            type = d.type.rawValue; text = d.text; value = d.value; currency = d.currency; carrier = d.carrier
            confidence = (d.confidence * 1000).rounded() / 1000; boxes = d.boxes.map { [$0.x, $0.y, $0.width, $0.height] }
        }
    }

    struct BarcodeJSON: Encodable {
        var symbology: String; var payload: String; var supplementalPayload: String?; var box: [Int]; var corners: [[Int]]
        init(_ b: Barcode) {
            symbology = b.symbology.rawValue; payload = b.payload; supplementalPayload = b.supplementalPayload
            box = [b.bounds.x, b.bounds.y, b.bounds.width, b.bounds.height]; corners = b.corners.map { [$0.x, $0.y] }
        }
    }

    /// True when `inner`'s centre lies inside `outer` (a figure's sub-caption is not its caption).
    private static func centred(_ inner: Box, in outer: Box) -> Bool {
        Double(outer.minX) <= inner.midX && inner.midX <= Double(outer.maxX) && Double(outer.minY) <= inner.midY && inner.midY <= Double(outer.maxY)
    }

    init(_ blocks: [Block]) {
        let box: (Box) -> [Int] = { [$0.x, $0.y, $0.width, $0.height] }
        title = blocks.first { $0.kind == .title }?.text
        text = Continuations.text(of: blocks.filter { $0.kind != .header && $0.kind != .footer }.map { ($0.kind, $0.text, $0.continues) })
        self.blocks = blocks.map { BlockJSON(kind: $0.kind.rawValue, readingOrder: $0.readingOrder, text: $0.text, box: box($0.box), level: $0.level,
                                                captionOf: $0.captionOf, continues: $0.continues ? true : nil) }
        figures = blocks.filter { $0.kind == .figure }.map { f in
            FigureJSON(readingOrder: f.readingOrder, box: box(f.box),
                       caption: blocks.first { $0.kind == .caption && $0.captionOf == f.readingOrder && !Self.centred($0.box, in: f.box) }?.text)
        }
        captions = blocks.filter { $0.kind == .caption }.map { CaptionJSON(text: $0.text, box: box($0.box), captionOf: $0.captionOf) }
        headings = blocks.filter { $0.kind == .heading }.map { HeadingJSON(text: $0.text, level: $0.level ?? 1, box: box($0.box)) }
        paragraphs = blocks.filter { $0.kind == .paragraph }.map { ParagraphJSON(text: $0.text, box: box($0.box)) }
        let list: (Block) -> ListJSON = { b in
            ListJSON(items: b.listItems.map { ItemJSON(marker: $0.marker, markerType: $0.markerType.rawValue, depth: $0.depth, text: $0.text) },
                     box: box(b.box))
        }
        lists = blocks.filter { $0.kind == .list }.map(list)
        references = blocks.filter { $0.kind == .reference }.map(list)
        tables = blocks.filter { $0.kind == .table }.map { b in
            let rows = (0..<b.rowCount).map { r in
                b.tableCells.filter { $0.row == r }.sorted { $0.column < $1.column }.map {
                    CellJSON(rowRange: [$0.row, $0.row + $0.rowSpan], columnRange: [$0.column, $0.column + $0.columnSpan],
                             text: $0.text, isHeader: $0.isHeader)
                }
            }
            return TableJSON(rowCount: b.rowCount, columnCount: b.columnCount, rows: rows, box: box(b.box))
        }
    }
}
