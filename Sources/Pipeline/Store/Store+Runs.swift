import DocumentModel
import Foundation
import SQLite

/// Counts a run ends with.
public struct RunCounts: Codable, Sendable, Equatable {
    public var documentsSeen = 0
    public var documentsNew = 0
    public var documentsFailed = 0
    public var pagesDone = 0
    public var pagesFailed = 0
    /// Pages left alone because they were already done (or failed) with the same settings.
    public var pagesSkipped = 0
    /// Files that are not documents (recorded as `skipped`).
    public var documentsSkipped = 0
    /// Known documents found at a new path.
    public var documentsMoved = 0
    /// Documents no longer found (marked `missing`).
    public var documentsMissing = 0
    /// Files changed less than `min_file_age` ago, left for the next run.
    public var filesTooYoung = 0
    public init() {}
}

/// `running` while its coordinator lives; `completed` or `interrupted` (SIGINT/SIGTERM) when it
/// ends normally; `failed` when it stopped on an error it could not go on from (database full or
/// unwritable, workers that cannot start); `crashed` when it was found still `running` by a later
/// run (its coordinator was killed).
public enum RunStatus: String, Codable, Sendable { case running, completed, interrupted, crashed, failed }

extension Store {
    /// Marks runs left `running` by a coordinator that no longer exists as `crashed`.
    /// Called while holding the run lock, so no live run can be among them. Their page counts are
    /// kept true at every commit; a run row written by an older quire (counts every 50 pages) gets
    /// at least the pages it committed that no later run has redone.
    func closeAbandonedRuns() throws {
        try db.execute("""
            UPDATE runs SET status = \(RunStatus.crashed.sql), ended_at = COALESCE(ended_at, strftime('%Y-%m-%dT%H:%M:%fZ','now')),
              pages_done = MAX(pages_done, (SELECT count(*) FROM pages p WHERE p.run_id = runs.id AND p.status = \(PageStatus.done.sql))),
              pages_failed = MAX(pages_failed, (SELECT count(*) FROM pages p WHERE p.run_id = runs.id AND p.status = \(PageStatus.failed.sql)))
            WHERE status = \(RunStatus.running.sql)
            """)
    }

    /// Counts one settled page in its run's row, inside the page's own transaction: the row is
    /// true at every commit (`status` of a live run, and of a killed one, shows what is done).
    func countSettledPage(runID: Int64, status: PageStatus) throws {
        let done = status == .done
        try db.execute("""
            UPDATE runs SET pages_done = pages_done + ?, pages_failed = pages_failed + ? WHERE id = ?
            """, done ? 1 : 0, done ? 0 : 1, runID)
    }

    func beginRun(pipeline: String, pipelinePath: String, command: String, workers: Int,
                  arguments: [String] = [], version: String = Quire.version) throws -> Int64 {
        try closeAbandonedRuns()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes   // `/tmp/x.yml`, not `\/tmp\/x.yml`
        let argumentsJSON = String(decoding: try encoder.encode(arguments), as: UTF8.self)
        try db.execute("""
            INSERT INTO runs(pipeline, pipeline_path, command, pid, workers, arguments, quire_version, host)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, pipeline, pipelinePath, command, Int(getpid()), workers, argumentsJSON, version, ShardHost.name)
        return db.lastInsertRowID
    }

    /// Records how a run ended: its exit status and wall time.
    func finishRun(_ id: Int64, exitCode: Int32, seconds: Double) throws {
        try db.execute("UPDATE runs SET exit_code = ?, duration_ms = ? WHERE id = ?",
                       Int(exitCode), Int((seconds * 1000).rounded()), id)
    }

    /// Ends a run that stopped on an error as `failed`, keeping the counts its commits wrote.
    /// On a full disk the write-ahead log cannot grow by the one page this needs: the log is then
    /// moved into the database and truncated (which frees its space), and the write tried again.
    func markRunFailed(_ id: Int64) throws {
        let sql = """
            UPDATE runs SET status = \(RunStatus.failed.sql), ended_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ? AND status = \(RunStatus.running.sql)
            """
        do {
            try db.execute(sql, id)
        } catch {
            try? db.execute(script: "PRAGMA wal_checkpoint(TRUNCATE)")
            try db.execute(sql, id)
        }
    }

    func updateRun(_ id: Int64, counts: RunCounts, status: RunStatus? = nil) throws {
        try db.execute("""
            UPDATE runs SET documents_seen = ?, documents_new = ?, documents_failed = ?, pages_done = ?,
              pages_failed = ?, pages_skipped = ?, status = COALESCE(?, status),
              ended_at = CASE WHEN ? IS NULL OR ? = \(RunStatus.running.sql) THEN ended_at ELSE strftime('%Y-%m-%dT%H:%M:%fZ','now') END
            WHERE id = ?
            """, counts.documentsSeen, counts.documentsNew, counts.documentsFailed, counts.pagesDone,
                       counts.pagesFailed, counts.pagesSkipped, status?.rawValue, status?.rawValue, status?.rawValue, id)
    }
}
