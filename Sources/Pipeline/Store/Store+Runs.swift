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

public enum RunStatus: String, Codable, Sendable { case running, completed, interrupted, crashed }

extension Store {
    /// Marks runs left `running` by a coordinator that no longer exists as `crashed`.
    /// Called while holding the run lock, so no live run can be among them.
    func closeAbandonedRuns() throws {
        try db.execute("""
            UPDATE runs SET status = 'crashed', ended_at = COALESCE(ended_at, strftime('%Y-%m-%dT%H:%M:%fZ','now'))
            WHERE status = 'running'
            """)
    }

    func beginRun(pipeline: String, pipelinePath: String, command: String, workers: Int,
                  arguments: [String] = [], version: String = Quire.version) throws -> Int64 {
        try closeAbandonedRuns()
        let argumentsJSON = String(decoding: try JSONEncoder().encode(arguments), as: UTF8.self)
        try db.execute("""
            INSERT INTO runs(pipeline, pipeline_path, command, pid, workers, arguments, quire_version)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, pipeline, pipelinePath, command, Int(getpid()), workers, argumentsJSON, version)
        return db.lastInsertRowID
    }

    /// Records how a run ended: its exit status and wall time.
    func finishRun(_ id: Int64, exitCode: Int32, seconds: Double) throws {
        try db.execute("UPDATE runs SET exit_code = ?, duration_ms = ? WHERE id = ?",
                       Int(exitCode), Int((seconds * 1000).rounded()), id)
    }

    func updateRun(_ id: Int64, counts: RunCounts, status: RunStatus? = nil) throws {
        try db.execute("""
            UPDATE runs SET documents_seen = ?, documents_new = ?, documents_failed = ?, pages_done = ?,
              pages_failed = ?, pages_skipped = ?, status = COALESCE(?, status),
              ended_at = CASE WHEN ? IS NULL OR ? = 'running' THEN ended_at ELSE strftime('%Y-%m-%dT%H:%M:%fZ','now') END
            WHERE id = ?
            """, counts.documentsSeen, counts.documentsNew, counts.documentsFailed, counts.pagesDone,
                       counts.pagesFailed, counts.pagesSkipped, status?.rawValue, status?.rawValue, status?.rawValue, id)
    }
}
