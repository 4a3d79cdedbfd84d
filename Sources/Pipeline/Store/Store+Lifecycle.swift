import DocumentModel
import Foundation
import SQLite

/// How the index follows the disk from night to night: files that vanish become `missing`,
/// files that move keep their document, copies of a changed or vanished file take over its
/// pages, and files that come back are current again.
extension Store {
    static let notADocument = "not a PDF or an image format quire reads"

    /// A current document with `sha`'s content whose file is gone (or already `missing`): `file`
    /// is that document, moved. Returns its id and old path.
    func movedDocument(sha: String, to file: DiscoveredFile,
                       pathExists: (DiscoveredFile) -> Bool) throws -> (Int64, String)? {
        let candidates = try db.query("""
            SELECT id, path, path_bytes, status FROM documents
            WHERE sha256 = ? AND duplicate_of IS NULL AND superseded_by IS NULL AND NOT (path = ? AND path_bytes IS ?)
            ORDER BY id
            """, [sha, file.path, file.pathBytes]) { row in
            (row.int64(0), DiscoveredFile(path: row.string(1), pathBytes: row.optionalBlob(2), size: 0, mtimeNs: 0),
             DocumentStatus(rawValue: row.string(3)))
        }
        for (id, old, status) in candidates where status == .missing || !pathExists(old) {
            return (id, old.path)
        }
        return nil
    }

    /// Moves document `id` to `file`'s path, keeping its pages and results, and records the move.
    func move(_ id: Int64, to file: DiscoveredFile, runID: Int64) throws {
        let old = try db.queryOne("SELECT path, status FROM documents WHERE id = ?", [id]) { ($0.string(0), DocumentStatus(rawValue: $0.string(1))) }
        try db.execute("INSERT INTO document_moves(document_id, old_path, new_path, run_id) VALUES (?, ?, ?, ?)",
                       id, old?.0 ?? "", file.path, runID)
        try db.execute("""
            UPDATE documents SET path = ?, path_bytes = ?, size_bytes = ?, mtime_ns = ?, last_seen_run_id = ? WHERE id = ?
            """, file.path, file.pathBytes, file.size, file.mtimeNs, runID, id)
        // Whatever was current at the new path before is an older version now.
        try supersede(byNewest: id, file)
        if old?.1 == .missing { try restoreFromMissing(id) }
    }

    /// The first present, current copy of `original` takes over its pages and status and becomes
    /// the original of the other copies (when `original` changed or vanished). Nil when it has none.
    /// With `seenIn`, only a copy that run saw is taken.
    @discardableResult
    func promoteDuplicate(of original: Int64, seenIn runID: Int64? = nil) throws -> Int64? {
        guard let heir = try db.queryOne("""
            SELECT id FROM documents WHERE duplicate_of = ? AND superseded_by IS NULL AND status = \(DocumentStatus.duplicate.sql)
              AND (? IS NULL OR last_seen_run_id = ?)
            ORDER BY id LIMIT 1
            """, [original, runID, runID], { $0.int64(0) }) else { return nil }
        try db.execute("UPDATE pages SET document_id = ? WHERE document_id = ?", heir, original)
        try db.execute("""
            UPDATE documents SET duplicate_of = NULL, status = o.status, error = o.error, page_count = o.page_count,
              kind = o.kind, layout_pass = o.layout_pass
            FROM (SELECT status, error, page_count, kind, layout_pass FROM documents WHERE id = ?) AS o
            WHERE documents.id = ?
            """, original, heir)
        try db.execute("UPDATE documents SET duplicate_of = ? WHERE duplicate_of = ? AND id != ?", heir, original, heir)
        // The old row keeps its history (path, versions, moves); its pages now belong to the heir.
        try db.execute("UPDATE documents SET layout_pass = NULL WHERE id = ?", original)
        return heir
    }

    /// A document that was `missing` is back: its status again follows its pages (or what it was).
    func restoreFromMissing(_ id: Int64) throws {
        try db.execute("""
            UPDATE documents SET missing_run_id = NULL, status = CASE
                WHEN duplicate_of IS NOT NULL THEN \(DocumentStatus.duplicate.sql)
                WHEN kind = 'unknown' AND size_bytes > 0 AND sha256 IS NOT NULL THEN \(DocumentStatus.skipped.sql)
                WHEN page_count IS NULL THEN CASE WHEN error IS NULL THEN \(DocumentStatus.pending.sql) ELSE \(DocumentStatus.failed.sql) END
                WHEN EXISTS (SELECT 1 FROM pages WHERE document_id = documents.id AND status = \(PageStatus.pending.sql)) THEN \(DocumentStatus.pending.sql)
                WHEN EXISTS (SELECT 1 FROM pages WHERE document_id = documents.id AND status = \(PageStatus.failed.sql)) THEN \(DocumentStatus.failed.sql)
                ELSE \(DocumentStatus.done.sql) END
            WHERE id = ?
            """, id)
    }

    /// A file left for the next run (changed too recently) was still seen: it is not missing.
    func touchSeen(_ file: DiscoveredFile, runID: Int64) throws {
        try db.execute("""
            UPDATE documents SET last_seen_run_id = ? WHERE path = ? AND path_bytes IS ? AND superseded_by IS NULL
            """, runID, file.path, file.pathBytes)
    }

    /// After a complete discovery: current documents under `roots` that this run did not see are
    /// `missing` (noticed by `runID`); a present copy of a vanished original takes over its pages
    /// first. Returns the paths newly marked missing.
    func markMissing(runID: Int64, under roots: [String]) throws -> [String] {
        guard !roots.isEmpty else { return [] }
        let unseen = try db.query("""
            SELECT id, path FROM documents
            WHERE superseded_by IS NULL AND status != \(DocumentStatus.missing.sql) AND (last_seen_run_id IS NULL OR last_seen_run_id != ?)
            ORDER BY id
            """, [runID]) { ($0.int64(0), $0.string(1)) }
            .filter { _, path in roots.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } }
        guard !unseen.isEmpty else { return [] }
        return try write { _ in
            for (id, _) in unseen { try promoteDuplicate(of: id, seenIn: runID) }
            for (id, _) in unseen {
                try db.execute("UPDATE documents SET status = \(DocumentStatus.missing.sql), missing_run_id = ? WHERE id = ?", runID, id)
            }
            return unseen.map(\.1)
        }
    }
}

extension Store {
    /// A compact copy of the database at `path` (`VACUUM INTO`; works on a read-only connection).
    func snapshot(to path: String) throws {
        try db.execute("VACUUM INTO ?", path)
    }

    /// Document `id`'s page count (nil until it is opened) and the error it failed with.
    func pageCount(ofDocument id: Int64) throws -> (count: Int?, error: String?) {
        try db.queryOne("SELECT page_count, error FROM documents WHERE id = ?", [id]) { ($0.optionalInt(0), $0.optionalString(1)) }
            ?? (nil, nil)
    }

    /// True when document `id` is a new version of a file: an older row at its path points to it.
    func supersedesAnother(_ id: Int64) throws -> Bool {
        try db.queryOne("SELECT 1 FROM documents WHERE superseded_by = ? LIMIT 1", [id]) { _ in true } ?? false
    }
}
