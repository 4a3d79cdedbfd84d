import DocumentModel
import Foundation
import Layout
import SQLite

/// Everything a worker reported for one page task, gathered by the coordinator.
struct PageOutcome {
    var page: PlannedPage
    /// Each stage's output, by stage (``StageOutput``'s value).
    var outputs: [Stage: any Sendable] = [:]
    var failures: [(stage: Stage, message: String, crashed: Bool)] = []
    var stageMS: [Stage: Int] = [:]
    var startedAt = Date()
    /// When the coordinator recorded the page (its commit may come a little later, with others).
    var recordedAt: Date?

    init(page: PlannedPage) { self.page = page }

    /// This outcome, so far, carried on to a new attempt at its page: what was produced is kept,
    /// what failed is forgotten. `page` stays the page as planned (every stage it owes is stored).
    func continued() -> PageOutcome {
        var next = self
        next.failures = []
        return next
    }

    /// The output of `type`, typed.
    subscript<S: PageStage>(_ type: S.Type) -> S.Output? {
        get { outputs[S.stage] as? S.Output }
        set { outputs[S.stage] = newValue }
    }

    // Typed views of the built-in stages' outputs.
    var extract: ExtractOutput? {
        get { self[ExtractPageStage.self] }
        set { self[ExtractPageStage.self] = newValue }
    }
    var text: PageText? {
        get { self[OCRPageStage.self] }
        set { self[OCRPageStage.self] = newValue }
    }
    var blocks: [Block]? {
        get { self[LayoutPageStage.self]?.blocks }
        set { self[LayoutPageStage.self] = newValue.map { LayoutOutput(blocks: $0, structureJSON: structureJSON) } }
    }
    var structureJSON: String? { self[LayoutPageStage.self]?.structureJSON }
    var barcodes: [Barcode]? {
        get { self[BarcodesPageStage.self]?.codes }
        set { self[BarcodesPageStage.self] = newValue.map { BarcodeFindings(codes: $0) } }
    }

    /// The page's words as stored by this outcome: OCR's, else the text layer's.
    var pageText: PageText? { text ?? extract?.textLayer }
}

extension Store {
    /// Writes one page's results, its stage rows and its status in a single transaction:
    /// after a crash at any moment the page is either wholly updated or untouched.
    /// Returns the page's new status.
    @discardableResult
    func commit(_ outcome: PageOutcome, fingerprints: [Stage: String], runID: Int64) throws -> PageStatus {
        try write(foreignKeys: .trusted) {
            let page = try commit(outcome, fingerprints: fingerprints, runID: runID, in: $0)
            if page.textChanged { try refreshPageText(outcome.page.pageID) }
            return page.status
        }
    }

    /// Writes several pages as ``commit(_:fingerprints:runID:)`` does, together
    /// (``writeTogether(_:each:alone:after:)``). Returns each page's new status.
    func commit(_ outcomes: [PageOutcome], fingerprints: (PageOutcome) -> [Stage: String], runID: Int64) throws -> [PageStatus] {
        var reindex: [Int64] = []
        return try writeTogether(outcomes, foreignKeys: .trusted,
                                 each: { outcome, transaction in
                                     let page = try commit(outcome, fingerprints: fingerprints(outcome), runID: runID, in: transaction,
                                                           refreshDocument: false)
                                     if page.textChanged { reindex.append(outcome.page.pageID) }
                                     return page.status
                                 },
                                 alone: { try commit($0, fingerprints: fingerprints($0), runID: runID) },
                                 after: {
                                     var documents: [Int64] = []
                                     for o in outcomes where !documents.contains(o.page.documentID) { documents.append(o.page.documentID) }
                                     try endPages(reindex: reindex, documents: documents)
                                 })
    }

    /// What a transaction of several pages writes at its end: their text (see
    /// `refreshPageTexts`), and each document's status once, from all its pages (the same as
    /// after each page).
    func endPages(reindex: [Int64], documents: [Int64]) throws {
        try refreshPageTexts(reindex)
        for document in documents { try refreshDocumentStatus(documentID: document) }
    }

    /// One page's rows, inside `transaction`; `refreshDocument`: its document's status too.
    /// Its full-text rows are the caller's, when `textChanged` (``refreshPageTexts(_:)``).
    func commit(_ outcome: PageOutcome, fingerprints: [Stage: String], runID: Int64,
                in transaction: WriteTransaction, refreshDocument: Bool = true) throws -> (status: PageStatus, textChanged: Bool) {
        let pageID = outcome.page.pageID
        try transaction.requirePage(pageID)
        var textChanged = false, owesPass = false
        for type in StageCatalog.executionOrder {
            guard let output = outcome.outputs[type.stage] else { continue }
            let commit = StageCommit(transaction: transaction, page: outcome.page, fingerprints: fingerprints, runID: runID,
                                     durationMS: outcome.stageMS[type.stage])
            try type.storeErased(output, commit)
            textChanged = textChanged || type.changesPageTextErased(output)
            owesPass = owesPass || type.owesDocumentPass
        }
        if owesPass { try oweDocumentPass(documentID: outcome.page.documentID) }
        for f in outcome.failures {
            try db.execute("""
                INSERT INTO page_stages(page_id, stage, status, fingerprint, error, crashed, run_id)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(page_id, stage) DO UPDATE SET status = excluded.status, fingerprint = excluded.fingerprint,
                  error = excluded.error, crashed = excluded.crashed, run_id = excluded.run_id
                """, pageID, f.stage.storedStage, StageStatus.failed, fingerprints[f.stage.storedStage] ?? "", f.message,
                           f.crashed, runID)
        }
        let status = try settlePageStatus(pageID, outcome: outcome, enabled: Set(fingerprints.keys), runID: runID)
        try countSettledPage(runID: runID, status: status)
        if refreshDocument { try refreshDocumentStatus(documentID: outcome.page.documentID) }
        return (status, textChanged)
    }

    func setStage(_ pageID: Int64, _ stage: Stage, _ status: StageStatus, _ fps: [Stage: String], _ runID: Int64,
                  ms: Int?) throws {
        try db.execute("""
            INSERT INTO page_stages(page_id, stage, status, fingerprint, error, crashed, duration_ms, run_id)
            VALUES (?, ?, ?, ?, NULL, 0, ?, ?)
            ON CONFLICT(page_id, stage) DO UPDATE SET status = excluded.status, fingerprint = excluded.fingerprint,
              error = NULL, crashed = 0, duration_ms = excluded.duration_ms, run_id = excluded.run_id
            """, pageID, stage, status, fps[stage] ?? "", ms, runID)
    }

    /// The page is failed when an enabled stage's row is failed (first in stage order), else done.
    private func settlePageStatus(_ pageID: Int64, outcome: PageOutcome, enabled: Set<Stage>, runID: Int64) throws -> PageStatus {
        let failed = try db.query("SELECT stage, error FROM page_stages WHERE page_id = ? AND status = ?",
                                  [pageID, StageStatus.failed]) { (Stage(rawValue: $0.string(0)), $0.string(1)) }
            .compactMap { s, e in s.map { ($0, e) } }
            .filter { enabled.contains($0.0) }
            .sorted { $0.0 < $1.0 }
        // Report the precise stage (preprocess vs extract) when this outcome knows it.
        let first = failed.first.map { stage, error in
            (outcome.failures.first { $0.stage.storedStage == stage }?.stage ?? stage, error)
        }
        let status: PageStatus = first == nil ? .done : .failed
        let words = outcome.pageText
        try db.execute("""
            UPDATE pages SET status = ?, failed_stage = ?, error = ?, attempts = attempts + 1, run_id = ?,
              redo_stage = NULL, duration_ms = ?, mean_confidence = COALESCE(?, mean_confidence),
              low_confidence_words = COALESCE(?, low_confidence_words),
              updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
            WHERE id = ?
            """, status, first?.0, first?.1, runID, Int((outcome.recordedAt ?? Date()).timeIntervalSince(outcome.startedAt) * 1000),
                       words?.meanConfidence, words?.lowConfidenceWordCount(below: 60), pageID)
        return status
    }

    /// The page's text in reading order: its blocks when layout ran (`Continuations.text`: a
    /// paragraph set in two pieces reads as one), else its lines.
    func pageText(_ pageID: Int64) throws -> String {
        let blocks = try db.query("SELECT kind, text, continues FROM blocks WHERE page_id = ? AND text <> '' ORDER BY reading_order",
                                  [pageID]) { (kind: BlockKind(rawValue: $0.string(0)) ?? .paragraph, text: $0.string(1), continues: $0.int(2) != 0) }
        return blocks.isEmpty
            ? try db.query("SELECT text FROM lines WHERE page_id = ? ORDER BY line_order", [pageID]) { $0.string(0) }
                .joined(separator: "\n")
            : Continuations.text(of: blocks)
    }

    /// Indexes the page's text (``pageText(_:)``) for full-text search, replacing what was indexed.
    func refreshPageText(_ pageID: Int64) throws {
        try refreshPageTexts([pageID])
    }

    /// Indexes the text of several pages (``refreshPageText(_:)``), the pages of one
    /// transaction together, at its end.
    ///
    /// FTS5 keeps the terms of the rows inserted in a transaction in memory and writes them to
    /// the index as one segment at the commit, or at the next statement of the transaction that
    /// opens a statement journal (SQLite then asks every virtual table written in the
    /// transaction to save its state, and FTS5 writes its pending terms out). The rows of a
    /// page are such statements, and so were the full-text statements of the next page: each
    /// page went into the index as a segment of its own, which FTS5 then merged again. Now a
    /// batch's pages are deleted with one statement each table and inserted after all their
    /// other rows.
    func refreshPageTexts(_ pageIDs: [Int64]) throws {
        guard !pageIDs.isEmpty else { return }
        let texts = try pageIDs.map { try pageText($0) }
        let ids = "[" + pageIDs.map(String.init).joined(separator: ",") + "]"
        // Pages in another language than English are indexed unstemmed too (migration 20).
        let foreign = Set(try db.query("""
            SELECT id FROM pages WHERE id IN (SELECT value FROM json_each(?)) AND language IS NOT NULL AND language <> 'en'
            """, [ids]) { $0.int64(0) })
        try db.execute("DELETE FROM page_fts WHERE rowid IN (SELECT value FROM json_each(?))", ids)
        try db.execute("DELETE FROM page_fts_exact WHERE rowid IN (SELECT value FROM json_each(?))", ids)
        for (pageID, text) in zip(pageIDs, texts) {
            try db.execute("INSERT INTO page_fts(rowid, text) VALUES (?, ?)", pageID, text)
            if foreign.contains(pageID) { try db.execute("INSERT INTO page_fts_exact(rowid, text) VALUES (?, ?)", pageID, text) }
        }
    }
}
