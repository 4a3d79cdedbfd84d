import DocumentModel
import Foundation
import SQLite

/// A file found by discovery.
public struct DiscoveredFile: Sendable, Equatable {
    /// The path as text (`FilePath.display`: bad UTF-8 bytes as `\xNN`).
    public var path: String
    /// The exact bytes of the path when it is not valid UTF-8 (else nil: `path` is exact).
    public var pathBytes: [UInt8]?
    public var size: Int64
    public var mtimeNs: Int64
    /// Set when the file could not be read or is not a document quire reads.
    public var problem: String?
    public init(path: String, pathBytes: [UInt8]? = nil, size: Int64, mtimeNs: Int64, problem: String? = nil) {
        self.path = path; self.pathBytes = pathBytes; self.size = size; self.mtimeNs = mtimeNs; self.problem = problem
    }

    /// The file's exact path.
    public var filePath: FilePath { FilePath(display: path, bytes: pathBytes) }
}

/// What recording a discovered file did.
public enum DocumentOutcome: Equatable, Sendable {
    /// A document seen before, unchanged.
    case unchanged(id: Int64)
    /// New content (a new file, or a new version of a file at a known path).
    case new(id: Int64)
    /// The same content is already known under another path: recorded, not processed.
    case duplicate(id: Int64, of: Int64)
    /// The file failed before any page could be read (unreadable, empty).
    case failed(id: Int64, message: String)
    /// Not a document quire reads (its magic bytes say so): recorded as `skipped`, not a failure.
    case skipped(id: Int64, reason: String)
    /// Known content whose old path is gone: the document now lives at the new path.
    case moved(id: Int64, from: String)
    /// A file that was `missing` is back (same path, same content).
    case returned(id: Int64)
}

extension Store {
    /// Records one discovered file in `documents` (identity = SHA-256 of the content).
    /// `hash` is called only when the file is new or its size or mtime changed.
    /// `pathExists` tells whether a known document's file is still on disk (a move is known
    /// content at a new path whose old path is gone).
    func recordDocument(_ file: DiscoveredFile, runID: Int64, kind: () throws -> FileKind,
                        hash: () throws -> String,
                        pathExists: (DiscoveredFile) -> Bool = { $0.filePath.lstatInfo() != nil }) throws -> DocumentOutcome {
        if let problem = file.problem { return try recordUnreadable(file, problem: problem, runID: runID) }
        // Fast path: same path, size and mtime as the current version -> same content.
        if let (id, status) = try db.queryOne("""
            SELECT id, status FROM documents WHERE path = ? AND path_bytes IS ? AND size_bytes = ? AND mtime_ns = ?
              AND superseded_by IS NULL AND sha256 IS NOT NULL
            """, [file.path, file.pathBytes, file.size, file.mtimeNs], { ($0.int64(0), DocumentStatus(rawValue: $0.string(1))) }) {
            try db.execute("UPDATE documents SET last_seen_run_id = ? WHERE id = ?", runID, id)
            if status == .missing {
                try restoreFromMissing(id)
                return .returned(id: id)
            }
            return .unchanged(id: id)
        }
        let sha: String
        let fileKind: FileKind
        do {
            sha = try hash()
            fileKind = try kind()
        } catch is InputFile.Interrupted {
            throw InputFile.Interrupted()
        } catch let failure as InputFile.Failure {
            return try recordUnreadable(file, problem: failure.reason, runID: runID)
        } catch {
            return try recordUnreadable(file, problem: "cannot read file: \(describe(error))", runID: runID)
        }
        return try write { _ in
            if let (id, status) = try db.queryOne("SELECT id, status FROM documents WHERE path = ? AND path_bytes IS ? AND sha256 = ?",
                                                  [file.path, file.pathBytes, sha], { ($0.int64(0), DocumentStatus(rawValue: $0.string(1))) }) {
                // Known content at this path (touched, or restored after a change): current again.
                try db.execute("UPDATE documents SET superseded_by = NULL, mtime_ns = ?, last_seen_run_id = ? WHERE id = ?",
                               file.mtimeNs, runID, id)
                try supersede(byNewest: id, file)
                if status == .missing {
                    try restoreFromMissing(id)
                    return .returned(id: id)
                }
                return .unchanged(id: id)
            }
            if file.size > 0, let (id, from) = try movedDocument(sha: sha, to: file, pathExists: pathExists) {
                try move(id, to: file, runID: runID)
                return .moved(id: id, from: from)
            }
            // The original of a duplicate is a current document that is present.
            let original = file.size == 0 ? nil : try db.queryOne("""
                SELECT id FROM documents WHERE sha256 = ? AND NOT (path = ? AND path_bytes IS ?) AND duplicate_of IS NULL
                  AND superseded_by IS NULL AND status NOT IN (\(DocumentStatus.missing.sql), \(DocumentStatus.skipped.sql))
                ORDER BY id LIMIT 1
                """, [sha, file.path, file.pathBytes], { $0.int64(0) })
            let (status, error): (DocumentStatus, String?) = {
                if file.size == 0 { return (.failed, "empty file (0 bytes)") }   // never a "duplicate"
                if original != nil { return (.duplicate, nil) }
                if fileKind == .unknown { return (.skipped, Self.notADocument) }
                return (.pending, nil)
            }()
            try db.execute("""
                INSERT INTO documents(path, path_bytes, sha256, size_bytes, kind, status, error, duplicate_of, mtime_ns,
                  first_run_id, last_seen_run_id, page_count)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, file.path, file.pathBytes, sha, file.size, fileKind.rawValue, status, error, original, file.mtimeNs,
                           runID, runID, nil as Int?)   // page_count: NULL until the document is opened
            let id = db.lastInsertRowID
            // An older version at the same path is superseded by this one.
            try supersede(byNewest: id, file)
            if let original { return .duplicate(id: id, of: original) }
            if status == .skipped { return .skipped(id: id, reason: error ?? Self.notADocument) }
            if let error { return .failed(id: id, message: error) }
            return .new(id: id)
        }
    }

    private func recordUnreadable(_ file: DiscoveredFile, problem: String, runID: Int64) throws -> DocumentOutcome {
        try write { _ in
            let existing = try db.queryOne("SELECT id FROM documents WHERE path = ? AND path_bytes IS ? AND sha256 IS NULL",
                                           [file.path, file.pathBytes], { $0.int64(0) })
            let id: Int64
            if let existing {
                try db.execute("UPDATE documents SET error = ?, status = \(DocumentStatus.failed.sql), last_seen_run_id = ? WHERE id = ?",
                               problem, runID, existing)
                id = existing
            } else {
                try db.execute("""
                    INSERT INTO documents(path, path_bytes, size_bytes, status, error, mtime_ns, first_run_id,
                      last_seen_run_id)
                    VALUES (?, ?, ?, \(DocumentStatus.failed.sql), ?, ?, ?, ?)
                    """, file.path, file.pathBytes, file.size, problem, file.mtimeNs, runID, runID)
                id = db.lastInsertRowID
                try supersede(byNewest: id, file)
            }
            return .failed(id: id, message: problem)
        }
    }

    /// Every other current version at `file`'s exact path is superseded by document `id`; the
    /// byte-identical copies of a superseded version still hold its content, so the first of them
    /// takes over its pages (``promoteDuplicate(of:)``).
    func supersede(byNewest id: Int64, _ file: DiscoveredFile) throws {
        let older = try db.query("""
            SELECT id FROM documents WHERE path = ? AND path_bytes IS ? AND id != ? AND superseded_by IS NULL
            """, [file.path, file.pathBytes, id]) { $0.int64(0) }
        for old in older {
            try db.execute("UPDATE documents SET superseded_by = ? WHERE id = ?", id, old)
            _ = try promoteDuplicate(of: old)
        }
    }

    /// Current documents whose pages have not been counted yet.
    func documentsToCount(passwordEnv: (String) -> [String]) throws -> [DocumentRef] {
        try db.query("""
            SELECT id, path, kind, path_bytes FROM documents
            WHERE status = \(DocumentStatus.pending.sql) AND page_count IS NULL AND superseded_by IS NULL ORDER BY id
            """) { row in
            let path = row.string(1)
            return DocumentRef(id: row.int64(0), path: path, kind: FileKind(rawValue: row.string(2)) ?? .unknown,
                               passwordEnv: passwordEnv(path), pathBytes: row.optionalBlob(3))
        }
    }

    /// Records the page count and creates the document's pending pages, in one transaction.
    func setPageCount(documentID: Int64, count: Int) throws {
        try write { _ in
            try db.execute("UPDATE documents SET page_count = ?, error = NULL, status = ? WHERE id = ?",
                           count, count == 0 ? DocumentStatus.done : .pending, documentID)
            let insert = try db.cachedStatement("INSERT OR IGNORE INTO pages(document_id, page_number) VALUES (?, ?)")
            for n in stride(from: 1, through: count, by: 1) { try insert.execute([documentID, n]) }
        }
    }

    func failDocument(documentID: Int64, message: String) throws {
        // page_count stays NULL: the document was never opened (docs/schema.md).
        try db.execute("UPDATE documents SET status = \(DocumentStatus.failed.sql), error = ? WHERE id = ?", message, documentID)
    }

    /// Sets a document's status from its pages once none is pending.
    func refreshDocumentStatus(documentID: Int64) throws {
        try db.execute("""
            UPDATE documents SET status = CASE
                WHEN EXISTS (SELECT 1 FROM pages WHERE document_id = documents.id AND status = \(PageStatus.pending.sql)) THEN \(DocumentStatus.pending.sql)
                WHEN EXISTS (SELECT 1 FROM pages WHERE document_id = documents.id AND status = \(PageStatus.failed.sql)) THEN \(DocumentStatus.failed.sql)
                ELSE \(DocumentStatus.done.sql) END,
              error = (SELECT count(*) || ' page(s) failed; first: page ' || min(page_number) || ': '
                         || (SELECT error FROM pages f WHERE f.document_id = documents.id AND f.status = \(PageStatus.failed.sql)
                             ORDER BY f.page_number LIMIT 1)
                       FROM pages WHERE document_id = documents.id AND status = \(PageStatus.failed.sql) HAVING count(*) > 0)
            WHERE id = ? AND status IN (\(DocumentStatus.pending.sql), \(DocumentStatus.done.sql), \(DocumentStatus.failed.sql)) AND page_count IS NOT NULL
            """, documentID)
    }

    /// Failed documents (not pages) matching the filter go back to pending for a rerun, except
    /// those whose file no longer `exists` (retrying them can only fail again). Returns how
    /// many were reset and how many were left because their file is gone.
    func resetFailedDocuments(matching filter: (String) -> Bool, maxAttempts: Int?, force: Bool,
                              exists: (FilePath) -> Bool = { _ in true }) throws -> (reset: Int, gone: Int) {
        let rows = try db.query("""
            SELECT id, path, path_bytes FROM documents
            WHERE status = \(DocumentStatus.failed.sql) AND superseded_by IS NULL AND sha256 IS NOT NULL AND kind != 'unknown'
              AND size_bytes > 0 AND NOT EXISTS (SELECT 1 FROM pages WHERE document_id = documents.id)
            """) { ($0.int64(0), $0.string(1), $0.optionalBlob(2)) }
        var n = 0, gone = 0
        for (id, path, bytes) in rows where filter(path) {
            guard exists(FilePath(display: path, bytes: bytes)) else { gone += 1; continue }
            try db.execute("UPDATE documents SET status = \(DocumentStatus.pending.sql), page_count = NULL, error = NULL WHERE id = ?", id)
            n += 1
        }
        return (n, gone)
    }
}

/// The message a person reads for an error (its `description` when it has one).
func describe(_ error: Error) -> String { String(describing: error) }
