import DocumentModel
import Foundation
import SQLite

/// A current document that `quire export` may write, with what its results look like now.
public struct ExportCandidate: Sendable, Equatable {
    public var id: Int64
    public var path: String
    /// `documents.status`: `done`, `failed` or `pending` (a run is still working on it).
    public var status: String
    public var pageCount: Int
    /// Pages not processed yet (a run in progress, or one that was interrupted).
    public var pendingPages: Int
}

/// One row of the `exports` table: a document written in one format into one folder.
public struct ExportRecord: Sendable, Equatable {
    public var documentID: Int64
    public var format: String
    public var destination: String
    public var resultsDigest: String
    public var files: Int
    public init(documentID: Int64, format: String, destination: String, resultsDigest: String, files: Int) {
        self.documentID = documentID; self.format = format; self.destination = destination
        self.resultsDigest = resultsDigest; self.files = files
    }
}

extension Store {
    /// Runs `body` inside one read transaction: every query sees the same snapshot of the
    /// database even while a run commits pages (WAL readers are never blocked by the writer).
    public func readSnapshot<R>(_ body: () throws -> R) throws -> R {
        try db.transaction(.deferred, body)
    }

    /// Current documents (not superseded, not duplicates) that have pages. With `sinceRun`, only
    /// those whose pages were written by that run or a later one.
    public func exportCandidates(sinceRun: Int64? = nil) throws -> [ExportCandidate] {
        try db.query("""
            SELECT d.id, d.path, d.status, d.page_count,
                   (SELECT count(*) FROM pages p WHERE p.document_id = d.id AND p.status = \(PageStatus.pending.sql))
            FROM documents d
            WHERE d.superseded_by IS NULL AND d.duplicate_of IS NULL AND d.status NOT IN (\(DocumentStatus.duplicate.sql), \(DocumentStatus.missing.sql))
              AND d.sha256 IS NOT NULL AND d.page_count > 0
              AND (?1 IS NULL OR d.first_run_id >= ?1
                   OR EXISTS (SELECT 1 FROM pages p WHERE p.document_id = d.id AND p.run_id >= ?1)
                   OR EXISTS (SELECT 1 FROM page_stages s JOIN pages p ON p.id = s.page_id
                              WHERE p.document_id = d.id AND s.run_id >= ?1))
            ORDER BY d.path
            """, [sinceRun]) { r in
            ExportCandidate(id: r.int64(0), path: r.string(1), status: r.string(2), pageCount: r.int(3), pendingPages: r.int(4))
        }
    }

    /// The newest run id (0 when there is none).
    public func newestRunID() throws -> Int64 {
        try db.queryOne("SELECT COALESCE(max(id), 0) FROM runs") { $0.int64(0) } ?? 0
    }

    /// A digest of everything a document's exports are made from: each page's status, error,
    /// last writer, stage fingerprints and structure. It changes whenever a run (or a rerun, or
    /// the document pass) writes the document's results again.
    public func resultsDigest(documentID: Int64) throws -> String {
        let hash = SHA256()
        try db.cachedStatement("""
            SELECT p.page_number, p.status, COALESCE(p.error, ''), COALESCE(p.updated_at, ''), COALESCE(p.run_id, 0),
                   COALESCE(p.structure_json, ''),
                   COALESCE((SELECT group_concat(s.stage || ':' || s.status || ':' || s.fingerprint || ':'
                                                 || COALESCE(s.run_id, 0), ';')
                             FROM page_stages s WHERE s.page_id = p.id), '')
            FROM pages p WHERE p.document_id = ? ORDER BY p.page_number
            """).forEachRow([documentID]) { r in
            for i in 0..<7 { hash.update(r.string(i)); hash.update("\u{1F}") }
            hash.update("\u{1E}")
        }
        return hash.hexDigest()
    }

    /// The results digest of each document's last export in `format` into `destination`.
    public func lastExportDigests(format: String, destination: String) throws -> [Int64: String] {
        var digests: [Int64: String] = [:]
        try db.cachedStatement("""
            SELECT document_id, results_digest FROM exports WHERE format = ? AND destination = ? ORDER BY id
            """).forEachRow([format, destination]) { digests[$0.int64(0)] = $0.string(1) }
        return digests
    }

    /// Records finished exports, in one transaction.
    public func recordExports(_ records: [ExportRecord], lastRunID: Int64) throws {
        guard !records.isEmpty else { return }
        try write { _ in
            let insert = try db.cachedStatement("""
                INSERT INTO exports(document_id, format, destination, results_digest, files, last_run_id)
                VALUES (?, ?, ?, ?, ?, ?)
                """)
            for r in records {
                try insert.execute([r.documentID, r.format, r.destination, r.resultsDigest, r.files, lastRunID])
            }
        }
    }

    /// One document with its pages, blocks, barcodes and (when `words`) its lines and words.
    public func storedDocument(id: Int64, words: Bool) throws -> StoredDocument? {
        guard var document = try db.queryOne("""
            SELECT id, path, sha256, COALESCE(kind, 'unknown'), status, error, document_date, document_date_source
            FROM documents WHERE id = ?
            """, [id], { r in
            var document = StoredDocument(id: r.int64(0), path: r.string(1), sha256: r.optionalString(2), kind: r.string(3),
                                          status: r.string(4), error: r.optionalString(5), pages: [])
            if let value = r.optionalString(6), let source = r.optionalString(7).flatMap(DocumentDate.Source.init(rawValue:)) {
                document.date = DocumentDate(value: value, source: source)
            }
            return document
        }) else { return nil }
        var pageIDs: [Int64] = []
        try db.cachedStatement("""
            SELECT id, page_number, status, error, failed_stage, width, height, dpi, text_source, rotation, skew
            FROM pages WHERE document_id = ? ORDER BY page_number
            """).forEachRow([id]) { r in
            pageIDs.append(r.int64(0))
            document.pages.append(StoredPage(
                number: r.int(1), status: PageStatus(rawValue: r.string(2)) ?? .pending, error: r.optionalString(3),
                failedStage: r.optionalString(4), width: r.optionalInt(5), height: r.optionalInt(6), dpi: r.optionalInt(7),
                textSource: r.optionalString(8).flatMap(TextSource.init(rawValue:)), rotation: r.optionalInt(9) ?? 0,
                skew: r.optionalDouble(10) ?? 0))
        }
        let index = Dictionary(uniqueKeysWithValues: pageIDs.enumerated().map { ($1, $0) })
        let blocks = try blocksByPage(documentID: id)
        for (pageID, list) in blocks { if let i = index[pageID] { document.pages[i].blocks = list } }
        try db.cachedStatement("""
            SELECT b.page_id, \(Self.barcodeColumns("b."))
            FROM barcodes b JOIN pages p ON p.id = b.page_id WHERE p.document_id = ? ORDER BY b.page_id, b.id
            """).forEachRow([id]) { r in
            guard let i = index[r.int64(0)], let barcode = Self.barcode(from: r, at: 1) else { return }
            document.pages[i].barcodes.append(barcode)
        }
        for (pageID, items) in try detectedDataByPage(documentID: id) { if let i = index[pageID] { document.pages[i].detectedData = items } }
        for (pageID, i) in index { document.pages[i].language = try storedLanguage(pageID: pageID) }
        if words {
            for (pageID, lines) in try linesByPage(documentID: id) { if let i = index[pageID] { document.pages[i].lines = lines } }
        }
        return document
    }

    private func blocksByPage(documentID: Int64) throws -> [Int64: [Block]] {
        var items: [Int64: [ListItem]] = [:]
        try db.cachedStatement("""
            SELECT i.block_id, i.item_order, i.marker, i.marker_type, i.depth, i.text, i.x, i.y, i.width, i.height
            FROM list_items i JOIN blocks b ON b.id = i.block_id JOIN pages p ON p.id = b.page_id
            WHERE p.document_id = ? ORDER BY i.block_id, i.item_order
            """).forEachRow([documentID]) { r in
            items[r.int64(0), default: []].append(ListItem(
                order: r.int(1), marker: r.string(2), markerType: ListMarkerType(rawValue: r.string(3)) ?? .bullet,
                depth: r.int(4), text: r.string(5), box: Self.box(r, from: 6)))
        }
        var cells: [Int64: [TableCell]] = [:]
        try db.cachedStatement("""
            SELECT c.block_id, c.row, c.col, c.row_span, c.col_span, c.text, c.is_header, c.x, c.y, c.width, c.height
            FROM table_cells c JOIN blocks b ON b.id = c.block_id JOIN pages p ON p.id = b.page_id
            WHERE p.document_id = ? ORDER BY c.block_id, c.row, c.col
            """).forEachRow([documentID]) { r in
            cells[r.int64(0), default: []].append(TableCell(
                row: r.int(1), column: r.int(2), rowSpan: r.int(3), columnSpan: r.int(4), text: r.string(5),
                isHeader: r.int(6) != 0, box: Self.box(r, from: 7)))
        }
        var blocks: [Int64: [Block]] = [:]
        try db.cachedStatement("""
            SELECT b.id, b.page_id, b.kind, b.reading_order, b.text, b.x, b.y, b.width, b.height, b.level,
                   COALESCE(b.row_count, 0), COALESCE(b.col_count, 0), b.continues
            FROM blocks b JOIN pages p ON p.id = b.page_id WHERE p.document_id = ? ORDER BY b.page_id, b.reading_order
            """).forEachRow([documentID]) { r in
            let id = r.int64(0)
            blocks[r.int64(1), default: []].append(Block(
                kind: BlockKind(rawValue: r.string(2)) ?? .paragraph, readingOrder: r.int(3), text: r.string(4),
                box: Self.box(r, from: 5), level: r.optionalInt(9), listItems: items[id] ?? [], tableCells: cells[id] ?? [],
                rowCount: r.int(10), columnCount: r.int(11), continues: r.int(12) != 0))
        }
        return blocks
    }

    private func linesByPage(documentID: Int64) throws -> [Int64: [Line]] {
        var words: [Int64: [Word]] = [:]
        try db.cachedStatement("""
            SELECT w.line_id, w.text, w.confidence, w.x, w.y, w.width, w.height, w.font_size, w.bold
            FROM words w JOIN pages p ON p.id = w.page_id WHERE p.document_id = ? ORDER BY w.line_id, w.word_order
            """).forEachRow([documentID]) { r in
            words[r.int64(0), default: []].append(Word(text: r.string(1), confidence: r.double(2), box: Self.box(r, from: 3),
                                                      fontSize: r.optionalDouble(7), isBold: r.int(8) != 0))
        }
        var lines: [Int64: [Line]] = [:]
        try db.cachedStatement("""
            SELECT l.id, l.page_id, l.text, l.confidence, l.x, l.y, l.width, l.height, l.stage, l.block_hint, l.paragraph_hint
            FROM lines l JOIN pages p ON p.id = l.page_id WHERE p.document_id = ? ORDER BY l.page_id, l.line_order
            """).forEachRow([documentID]) { r in
            lines[r.int64(1), default: []].append(Line(
                text: r.string(2), confidence: r.double(3), box: Self.box(r, from: 4), words: words[r.int64(0)] ?? [],
                stage: TextStage(rawValue: r.string(8)) ?? .fast, blockHint: r.optionalInt(9), paragraphHint: r.optionalInt(10)))
        }
        return lines
    }

    private static func box(_ r: Row, from i: Int) -> Box {
        Box(x: r.optionalInt(i) ?? 0, y: r.optionalInt(i + 1) ?? 0, width: r.optionalInt(i + 2) ?? 0, height: r.optionalInt(i + 3) ?? 0)
    }
}

extension Store {
    /// Paths of documents exported to `destination` that are no longer there: a document now
    /// `missing`, or the old path of one that moved; with the formats exported. `export --changed`
    /// removes their files.
    public func exportedPathsNowGone(destination: String) throws -> [(path: String, format: String)] {
        try db.query("""
            SELECT DISTINCT g.path, e.format FROM (
              SELECT id, path FROM documents WHERE status = \(DocumentStatus.missing.sql)
              UNION SELECT document_id, old_path FROM document_moves
            ) g JOIN exports e ON e.document_id = g.id AND e.destination = ?
            WHERE g.path NOT IN (SELECT path FROM documents WHERE status != \(DocumentStatus.missing.sql))
            ORDER BY g.path, e.format
            """, [destination]) { ($0.string(0), $0.string(1)) }
    }
}
