import DataDetection
import DocumentModel
import Foundation
import PhoneNumbers
import SQLite
import YAML

extension Stage {
    public static let detect = Stage(declaring: "detect")
}

extension StageSettingsHolder {
    /// The `data_detection:` section.
    public var dataDetection: DetectionSettings {
        get { stages[DetectPageStage.self] }
        set { stages[DetectPageStage.self] = newValue }
    }
}

/// What data detection found on one page.
public struct DetectionOutput: Codable, Sendable {
    /// In reading order of the page's lines.
    public var items: [DetectedData]
    /// The page's own evidence of day/month order (its deciding dates such as 25/12/2018),
    /// kept so that the document's other pages read their ambiguous dates alike.
    public var dateOrder: DateOrderHint
    /// The evidence of the document's other pages the page was read with.
    public var documentDates: DateOrderHint = DateOrderHint()
}

/// Data detection (Vision's detected data, VisionKit's text content types): URLs, email
/// addresses, phone numbers, dates and times, money amounts, postal addresses, tracking and
/// flight numbers, IBANs, ISBN/ISSN and EU VAT ids, each with a normalised value, from the
/// page's stored words: no image, no OCR. Runs before layout, whose structure JSON lists them.
final class DetectPageStage: PageStage {
    typealias DocumentContext = DateOrderHint

    static let stage = Stage.detect
    static let section = "data_detection"
    static let keys = ["enabled", "types", "locale", "countries", "currencies"]
    static let defaultSettings = DetectionSettings()
    static let revision = 1
    static let inputs: [Stage] = [.ocr]

    /// Detectors by settings (a page's language may set its locale with `ocr.languages: auto`).
    private var detectors = RecentlyUsed<DetectionSettings, DataDetector>(capacity: 4)

    init() {}

    static func read(_ values: [String: YAMLNode], into settings: inout DetectionSettings, with reader: SpecReader) {
        reader.readDataDetection(values, &settings)
    }

    static func isEnabled(_ settings: DetectionSettings) -> Bool { settings.enabled && !settings.types.isEmpty }

    static func fingerprintInputs(_ spec: PipelineSpec, languages: [String]?) -> String {
        "rules r\(DataDetector.revision) \(canonicalJSON(spec.dataDetection)) \(PhoneNumberLibrary.libraryStamp)"
    }

    func run(_ page: PageContext, settings: DetectionSettings) throws -> DetectionOutput? {
        let text = page.pageText ?? PageText(source: .ocr, lines: [])
        guard let (output, _) = try page.step(.detect, { () -> DetectionOutput in
            let own = DateOrderHint(pages: [text])
            let others = page.documentContext(of: Self.self) ?? DateOrderHint()
            let document = DateOrderHint.merged([own, others])
            let rules = Self.settings(settings, for: text.language)
            return DetectionOutput(items: detector(rules).detect(in: text, documentDates: document), dateOrder: own,
                                   documentDates: others)
        }) else { return nil }
        return output
    }

    /// The settings a page is read with: when the pipeline fixes no locale (nor a country), a
    /// page whose language was detected (`ocr.languages: auto`) is read by its language's
    /// conventions (French: day first, decimal comma). English is left without a locale (it
    /// says nothing of day/month order: a British and an American page read alike).
    static func settings(_ settings: DetectionSettings, for language: PageLanguage?) -> DetectionSettings {
        guard settings.locale == nil, settings.countries.isEmpty, let language,
              [.detected, .textLayer].contains(language.method), let tag = language.codes.first, tag != "en" else { return settings }
        var own = settings
        own.locale = tag.replacingOccurrences(of: "-", with: "_")
        return own
    }

    private func detector(_ settings: DetectionSettings) -> DataDetector {
        detectors.value(for: settings) { DataDetector(settings: settings, phoneNumbers: PhoneNumberLibrary()) }
    }

    // MARK: Storage

    static var migrations: [Migrator.Migration] { [Migrator.Migration(id: 11, name: "detected data", sql: schema)] }

    static func store(_ output: DetectionOutput, _ commit: StageCommit) throws {
        let transaction = commit.transaction, pageID = commit.pageID
        try clear(pageID: pageID, in: transaction)
        let insert = try transaction.statement("""
            INSERT INTO detected_data(page_id, item_order, type, text, value, currency, carrier, first_line, first_word,
              last_line, last_word, x, y, width, height, boxes, confidence)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (i, item) in output.items.enumerated() {
            let box = item.boxes.dropFirst().reduce(item.boxes.first ?? Box(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
            let boxes = "[" + item.boxes.map { "[\($0.x),\($0.y),\($0.width),\($0.height)]" }.joined(separator: ",") + "]"
            try insert.execute([pageID, i, item.type.rawValue, item.text, item.value, item.currency, item.carrier,
                                item.firstWord.line, item.firstWord.word, item.lastWord.line, item.lastWord.word,
                                box.x, box.y, box.width, box.height, boxes, item.confidence])
        }
        try transaction.execute("""
            INSERT INTO detected_date_order(page_id, day_first, month_first, read_day_first, read_month_first)
            VALUES (?, ?, ?, ?, ?)
            """, pageID, output.dateOrder.dayFirst, output.dateOrder.monthFirst, output.documentDates.dayFirst,
            output.documentDates.monthFirst)
        try commit.mark(.detect, .done)
    }

    static let tables: [StageTable] = [.pageRows("detected_data"), .pageRows("detected_date_order")]

    /// The page's stored detections (layout lists them in the page's structure JSON).
    static func load(pageID: Int64, from store: Store) throws -> DetectionOutput? {
        let orders = try store.db.queryOne("""
            SELECT day_first, month_first, read_day_first, read_month_first FROM detected_date_order WHERE page_id = ?
            """, [pageID]) { (DateOrderHint(dayFirst: $0.int(0), monthFirst: $0.int(1)), DateOrderHint(dayFirst: $0.int(2), monthFirst: $0.int(3))) }
        guard let (order, read) = orders else { return nil }
        let items = try store.detectedData(where: "x.page_id = ?", pageID).map(\.item)
        return DetectionOutput(items: items, dateOrder: order, documentDates: read)
    }

    /// The day/month evidence of the document's other pages (their stored detections): the
    /// document's sums less the page's own row. The sums are summed once per document between
    /// two writes (``Store/documentDateOrder(documentID:)``): summed for every request, they cost
    /// the coordinator a scan of the document's pages per page — 0.46 ms a page at the end of
    /// a 2,000-page PDF, ≈ 0.5 s over its run.
    static func documentContext(for page: PlannedPage, from store: Store) throws -> DateOrderHint? {
        let own = try store.db.queryOne("""
            SELECT day_first, month_first FROM detected_date_order WHERE page_id = ?
            """, [page.pageID]) { DateOrderHint(dayFirst: $0.int(0), monthFirst: $0.int(1)) } ?? DateOrderHint()
        return try otherPages(documentID: page.documentID, own: own, from: store)
    }

    /// The evidence of a document's pages other than the one whose own row is `own`.
    private static func otherPages(documentID: Int64, own: DateOrderHint, from store: Store) throws -> DateOrderHint {
        let all = try store.documentDateOrder(documentID: documentID)
        return DateOrderHint(dayFirst: all.dayFirst - own.dayFirst, monthFirst: all.monthFirst - own.monthFirst)
    }

    /// A page read with other evidence than the document's other pages hold now (it ran before
    /// they were stored) is read again, if it has dates at all. Asked for every page of a
    /// document in its pass: the document's sums are summed once (as in ``documentContext``),
    /// not once per page with dates (2 scans of the document each, before).
    static func redoInDocumentPass(pageID: Int64, from store: Store) throws -> Bool {
        guard let row = try store.db.queryOne("""
            SELECT o.read_day_first, o.read_month_first, o.day_first, o.month_first, p.document_id
            FROM detected_date_order o JOIN pages p ON p.id = o.page_id
            WHERE o.page_id = ? AND EXISTS (SELECT 1 FROM detected_data d WHERE d.page_id = o.page_id AND d.type IN ('date', 'date_range'))
            """, [pageID], { r in (read: DateOrderHint(dayFirst: r.int(0), monthFirst: r.int(1)),
                                   own: DateOrderHint(dayFirst: r.int(2), monthFirst: r.int(3)), documentID: r.int64(4)) })
        else { return false }
        let now = try otherPages(documentID: row.documentID, own: row.own, from: store)
        // Only what decides the order matters: which count is larger.
        func order(_ counts: DateOrderHint) -> Int {
            counts.dayFirst > counts.monthFirst ? 1 : counts.monthFirst > counts.dayFirst ? -1 : 0
        }
        return order(row.read) != order(now)
    }

    /// Migration 11. `detected_data`: one row per match (docs/schema.md); `detected_date_order`:
    /// each page's deciding dates, so a document's pages agree on day/month order;
    /// `detected`: the matches of current documents with their path and page number.
    static let schema = """
    CREATE TABLE detected_data(
      id INTEGER PRIMARY KEY,
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      item_order INTEGER NOT NULL,          -- order on the page (reading order of its lines)
      type TEXT NOT NULL,                   -- url | email | phone | date | time | date_range | duration | money |
                                            -- address | tracking_number | flight_number | iban | isbn | issn | vat_id
      text TEXT NOT NULL,                   -- exactly as on the page
      value TEXT NOT NULL,                  -- normalised (docs/data-detection.md)
      currency TEXT,                        -- money: ISO 4217
      carrier TEXT,                         -- tracking numbers: ups | usps | fedex | dhl | upu
      first_line INTEGER NOT NULL, first_word INTEGER NOT NULL,   -- word span: line_order, word_order
      last_line INTEGER NOT NULL, last_word INTEGER NOT NULL,
      x INTEGER NOT NULL, y INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,  -- union box
      boxes TEXT NOT NULL,                  -- JSON [[x, y, width, height], ...]: one box per line spanned
      confidence REAL NOT NULL              -- 0...1
    );
    CREATE INDEX detected_data_page ON detected_data(page_id);
    CREATE INDEX detected_data_type_value ON detected_data(type, value);
    CREATE TABLE detected_date_order(
      page_id INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
      day_first INTEGER NOT NULL,           -- the page's dates that put the day first (25/12/2018)
      month_first INTEGER NOT NULL,         -- … the month first (12/25/2018)
      read_day_first INTEGER NOT NULL,      -- the other pages' counts the page was read with
      read_month_first INTEGER NOT NULL
    );
    CREATE VIEW detected AS
      SELECT d.path AS path, p.page_number AS page_number, x.type AS type, x.text AS text, x.value AS value,
             x.currency AS currency, x.carrier AS carrier, x.confidence AS confidence,
             x.page_id AS page_id, d.id AS document_id, x.id AS id
      FROM detected_data x JOIN pages p ON p.id = x.page_id JOIN current_documents d ON d.id = p.document_id;
    """
}

extension Store {
    /// The day/month evidence summed over a document's pages (`detected_date_order`). Summed
    /// once until this connection, the run's only writer, next commits a change
    /// (``Store/committedChanges``): between two commits the coordinator asks it for every
    /// page it sends out.
    func documentDateOrder(documentID: Int64) throws -> DateOrderHint {
        let changes = committedChanges
        if let memo = documentDateOrderMemo, memo.documentID == documentID, memo.changes == changes {
            return DateOrderHint(dayFirst: memo.dayFirst, monthFirst: memo.monthFirst)
        }
        let sums = try db.queryOne("""
            SELECT COALESCE(sum(o.day_first), 0), COALESCE(sum(o.month_first), 0)
            FROM detected_date_order o JOIN pages p ON p.id = o.page_id WHERE p.document_id = ?
            """, [documentID]) { DateOrderHint(dayFirst: $0.int(0), monthFirst: $0.int(1)) } ?? DateOrderHint()
        documentDateOrderMemo = (documentID, changes, sums.dayFirst, sums.monthFirst)
        return sums
    }

    /// The stored detections of a document's pages, by page id, in each page's order (exports).
    func detectedDataByPage(documentID: Int64) throws -> [Int64: [DetectedData]] {
        try detectedData(where: "p.document_id = ?", documentID).reduce(into: [:]) { $0[$1.pageID, default: []].append($1.item) }
    }

    /// Rows of `detected_data` matching `condition` (over `x`, the row, and `p`, its page).
    fileprivate func detectedData(where condition: String, _ value: Int64) throws -> [(pageID: Int64, item: DetectedData)] {
        try db.query("""
            SELECT x.page_id, x.type, x.text, x.value, x.currency, x.carrier, x.first_line, x.first_word, x.last_line,
                   x.last_word, x.boxes, x.confidence
            FROM detected_data x JOIN pages p ON p.id = x.page_id WHERE \(condition) ORDER BY x.page_id, x.item_order
            """, [value]) { r -> (Int64, DetectedData)? in
            guard let type = DataType(rawValue: r.string(1)) else { return nil }
            let boxes = ((try? JSONDecoder().decode([[Int]].self, from: Data(r.string(10).utf8))) ?? [])
                .filter { $0.count == 4 }.map { Box(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
            return (r.int64(0), DetectedData(type: type, text: r.string(2), value: r.string(3), currency: r.optionalString(4),
                                              carrier: r.optionalString(5), firstWord: WordIndex(line: r.int(6), word: r.int(7)),
                                              lastWord: WordIndex(line: r.int(8), word: r.int(9)), boxes: boxes,
                                              confidence: r.double(11)))
        }.compactMap { $0 }
    }
}
