import Foundation
import DocumentModel
import SQLite

/// One page to process and the stored stages to produce for it.
public struct PlannedPage: Sendable, Equatable {
    public var pageID: Int64
    public var documentID: Int64
    public var path: String
    public var kind: FileKind
    public var pageNumber: Int
    /// The path's exact bytes when they are not valid UTF-8 (`documents.path_bytes`).
    public var pathBytes: [UInt8]? = nil
    public var stages: Set<Stage>
    public var conservativeBarcodes: Bool
    /// Set for the document pass: lay the page out again knowing these running header/footer keys.
    public var repeatedMargins: Set<String>? = nil
    /// The document's file size per page: a rough measure of the page's cost (a 35-megapixel
    /// photo against a 1-megapixel scan, a scanned PDF page against a text-layer one).
    public var bytesPerPage: Int64 = 0

    /// `pages` in the order they are handed to workers: the most costly first, each document's
    /// pages together and in order. Two workers that end a run on one large page leave a core
    /// idle for its whole time (on the dev set's 44 pages, 3.4 s of a 33-s run waited on the
    /// last 35-megapixel receipt); largest first is the classic cure (LPT scheduling).
    public static func inDispatchOrder(_ pages: [PlannedPage]) -> [PlannedPage] {
        pages.enumerated().sorted { a, b in
            a.element.bytesPerPage != b.element.bytesPerPage ? a.element.bytesPerPage > b.element.bytesPerPage
                : a.offset < b.offset
        }.map(\.element)
    }
}

/// Which pages a run or a rerun selects.
public struct PlanRequest: Sendable {
    public enum Mode: Sendable {
        /// `quire run`: pending pages, and pages whose stage settings changed.
        case run
        /// `quire rerun`: failed pages (`failedOnly`) and/or a stage to redo on every page.
        case rerun(failedOnly: Bool, stage: Stage?, force: Bool)
    }
    public var mode: Mode
    /// Current fingerprint of every enabled stored stage; a stage missing here is disabled.
    public var fingerprints: [Stage: String]
    /// Inputs with their own OCR languages: their documents' fingerprints, by input root.
    public var inputFingerprints: [String: [Stage: String]] = [:]
    public var maxAttempts: Int
    public var documentFilter: @Sendable (String) -> Bool

    /// The fingerprints that apply to a document path.
    public func fingerprints(for path: String) -> [Stage: String] {
        for (root, fingerprints) in inputFingerprints where path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            return fingerprints
        }
        return fingerprints
    }

    public init(mode: Mode, fingerprints: [Stage: String], maxAttempts: Int,
                documentFilter: @escaping @Sendable (String) -> Bool = { _ in true }) {
        self.mode = mode; self.fingerprints = fingerprints; self.maxAttempts = maxAttempts
        self.documentFilter = documentFilter
    }
}

private struct StageRow { var status: StageStatus?; var fingerprint: String; var crashed: Bool }

extension Store {
    /// Decides, page by page, which stages to run. Pages of documents that are superseded,
    /// duplicates or failed as a whole are never planned.
    func plan(_ request: PlanRequest) throws -> (pages: [PlannedPage], skipped: Int) {
        var stageRows: [Int64: [Stage: StageRow]] = [:]
        try db.cachedStatement("SELECT page_id, stage, status, fingerprint, crashed FROM page_stages").forEachRow { row in
            guard let stage = Stage(rawValue: row.string(1)) else { return }
            stageRows[row.int64(0), default: [:]][stage] =
                StageRow(status: StageStatus(rawValue: row.string(2)), fingerprint: row.string(3), crashed: row.int(4) != 0)
        }
        var planned: [PlannedPage] = []
        var skipped = 0
        try db.cachedStatement("""
            SELECT p.id, p.document_id, d.path, d.kind, p.page_number, p.status, p.attempts, p.text_source,
              d.path_bytes, p.redo_stage, coalesce(d.size_bytes, 0) / max(1, coalesce(d.page_count, 1))
            FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE d.superseded_by IS NULL AND d.duplicate_of IS NULL AND d.status NOT IN (?, ?)
            ORDER BY p.document_id, p.page_number
            """).forEachRow([DocumentStatus.duplicate, DocumentStatus.missing]) { row in
            let pageID = row.int64(0), path = row.string(2)
            guard request.documentFilter(path) else { return }
            let stages = stagesToRun(status: PageStatus(rawValue: row.string(5)) ?? .pending, attempts: row.int(6), textSource: row.optionalString(7),
                                     rows: stageRows[pageID] ?? [:], redo: row.optionalString(9).flatMap(Stage.init),
                                     fingerprints: request.fingerprints(for: path), mode: request.mode,
                                     maxAttempts: request.maxAttempts)
            guard !stages.isEmpty else { skipped += 1; return }
            planned.append(PlannedPage(pageID: pageID, documentID: row.int64(1), path: path,
                                       kind: FileKind(rawValue: row.string(3)) ?? .unknown, pageNumber: row.int(4),
                                       pathBytes: row.optionalBlob(8), stages: stages,
                                       conservativeBarcodes: stageRows[pageID]?[.barcodes]?.crashed ?? false,
                                       bytesPerPage: row.int64(10)))
        }
        return (planned, skipped)
    }

    /// `redo`: a stage an interrupted `rerun --stage` still owes this page.
    private func stagesToRun(status: PageStatus, attempts: Int, textSource: String?, rows: [Stage: StageRow],
                             redo: Stage?, fingerprints: [Stage: String], mode: PlanRequest.Mode,
                             maxAttempts: Int) -> Set<Stage> {
        let enabled = Set(fingerprints.keys)
        func changed(_ s: Stage) -> Bool {
            guard let fp = fingerprints[s] else { return false }
            guard let row = rows[s] else { return true }
            if row.status == .skipped { return false }   // e.g. OCR of a text-layer page
            return row.fingerprint != fp
        }
        func notDone(_ s: Stage) -> Bool {
            guard enabled.contains(s) else { return false }
            if s == .ocr && textSource == TextSource.textLayer.rawValue && rows[.extract]?.status == .done { return false }
            return rows[s].map { $0.status == .failed } ?? true
        }
        func closure(_ roots: [Stage]) -> Set<Stage> {
            roots.reduce(into: Set<Stage>()) { $0.formUnion($1.withDependents) }.intersection(enabled)
        }
        switch mode {
        case .run:
            if status == .pending { return enabled }
            if let redo { return closure([redo.storedStage] + Stage.stored.filter { changed($0) || notDone($0) }) }
            if status == .done { return closure(Stage.stored.filter { changed($0) || notDone($0) }) }
            // A failed page waits for `rerun --failed`, unless settings it was processed with changed
            // (stages it never reached have no row and do not count as changed).
            let changedStages = Stage.stored.filter { rows[$0] != nil && changed($0) }
            return changedStages.isEmpty ? [] : closure(changedStages + Stage.stored.filter(notDone))
        case .rerun(let failedOnly, let stage, let force):
            // Pending pages are owed work (an interrupted run, a failed document opened again): always done.
            if status == .pending { return enabled }
            if failedOnly && status != .failed { return [] }
            if status == .failed && attempts >= maxAttempts && !force { return [] }
            if let stage { return closure([stage.storedStage]) }
            return closure(Stage.stored.filter(notDone))
        }
    }

    /// Records, before a `rerun --stage` dispatches, that these pages owe `stage` (and the stages
    /// after it), so that a rerun stopped half-way is finished by the next `quire run`.
    func markRedo(_ pages: [PlannedPage], stage: Stage) throws {
        try write { _ in
            let mark = try db.cachedStatement("UPDATE pages SET redo_stage = ? WHERE id = ?")
            for page in pages { try mark.execute([stage.storedStage, page.pageID]) }
        }
    }

    /// Number of failed pages `rerun --failed` would retry.
    func retryablePages(maxAttempts: Int) throws -> Int {
        try db.queryOne("SELECT count(*) FROM pages WHERE status = ? AND attempts < ?", [PageStatus.failed, maxAttempts]) { $0.int(0) } ?? 0
    }

    /// Failed pages of current documents, per document file (for the exit code: those whose file
    /// still exists wait for a retry).
    func failedPagesByFile() throws -> [(path: String, pathBytes: [UInt8]?, pages: Int)] {
        try db.query("""
            SELECT d.path, d.path_bytes, count(*) FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE p.status = ? AND d.superseded_by IS NULL GROUP BY d.id
            """, [PageStatus.failed]) { ($0.string(0), $0.optionalBlob(1), $0.int(2)) }
    }

    /// Number of failed pages left alone because they reached `maxAttempts`.
    func exhaustedPages(maxAttempts: Int) throws -> Int {
        try db.queryOne("SELECT count(*) FROM pages WHERE status = ? AND attempts >= ?", [PageStatus.failed, maxAttempts]) { $0.int(0) } ?? 0
    }
}
