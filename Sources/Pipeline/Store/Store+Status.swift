import DocumentModel
import Foundation
import SQLite

/// What `quire status DB` shows.
public struct StatusReport: Codable, Sendable {
    public struct RunRow: Codable, Sendable {
        public var id: Int64, pipeline: String, command: String, status: String
        public var startedAt: String, endedAt: String?
        /// Wall time: to the end of the run, or so far for a live one.
        public var durationSeconds: Double
        /// NULL for runs that were killed, are still running, or predate schema 9.
        public var exitCode: Int?
        public var pid: Int?
        public var pagesDone: Int, pagesFailed: Int, pagesSkipped: Int, documentsNew: Int, documentsFailed: Int
    }
    public struct FailedPage: Codable, Sendable {
        public var path: String, page: Int, stage: String?, error: String?, attempts: Int
    }
    public struct FailedDocument: Codable, Sendable { public var path: String, error: String? }

    public var runs: [RunRow]
    public var documentsByStatus: [String: Int]
    public var pagesByStatus: [String: Int]
    public var failedPages: [FailedPage]
    public var failedDocuments: [FailedDocument]
    /// Documents whose file is gone (status `missing`), for `status --check`.
    public var missingDocuments: [String] = []
    /// Split problems (`split:`): the same ASN twice, an ASN that does not parse, a missing separator.
    public var splitProblems: [String] = []
}

extension Store {
    public func statusReport(runLimit: Int = 10, failureLimit: Int = 200) throws -> StatusReport {
        // Databases made before schema 9 have no exit_code/duration_ms; status reads them as they are.
        let hasExitCode = try db.query("SELECT count(*) FROM pragma_table_info('runs') WHERE name = 'exit_code'") { $0.int(0) } == [1]
        let exitColumns = hasExitCode ? "exit_code, duration_ms" : "NULL, NULL"
        let runs = try db.query("""
            SELECT id, pipeline, command, status, started_at, ended_at, pages_done, pages_failed, pages_skipped,
                   documents_new, documents_failed, pid, \(exitColumns),
                   (julianday(COALESCE(ended_at, strftime('%Y-%m-%dT%H:%M:%fZ','now'))) - julianday(started_at)) * 86400
            FROM runs ORDER BY id DESC LIMIT ?
            """, [runLimit]) { r in
            StatusReport.RunRow(id: r.int64(0), pipeline: r.string(1), command: r.string(2), status: Self.liveStatus(r.string(3), pid: r.optionalInt(11)),
                                startedAt: r.string(4), endedAt: r.optionalString(5),
                                durationSeconds: r.optionalInt(13).map { Double($0) / 1000 } ?? max(0, r.double(14)),
                                exitCode: r.optionalInt(12), pid: r.optionalInt(11),
                                pagesDone: r.int(6), pagesFailed: r.int(7), pagesSkipped: r.int(8),
                                documentsNew: r.int(9), documentsFailed: r.int(10))
        }
        let docs = Dictionary(uniqueKeysWithValues: try db.query("""
            SELECT status, count(*) FROM documents WHERE superseded_by IS NULL GROUP BY status
            """) { ($0.string(0), $0.int(1)) })
        // Documents first, then each one's pages in the covering index pages_document_status: the
        // pages table itself (a few KiB a page, with its structure) is not read, so that status
        // of a million-page archive takes a fraction of a second even with a cold cache.
        let pages = Dictionary(uniqueKeysWithValues: try db.query("""
            SELECT p.status, count(*) FROM documents d CROSS JOIN pages p ON p.document_id = d.id
            WHERE d.superseded_by IS NULL GROUP BY p.status
            """) { ($0.string(0), $0.int(1)) })
        let failedPages = try db.query("""
            SELECT d.path, p.page_number, p.failed_stage, p.error, p.attempts FROM pages p
            JOIN documents d ON d.id = p.document_id
            WHERE p.status = \(PageStatus.failed.sql) AND d.superseded_by IS NULL ORDER BY d.path, p.page_number LIMIT ?
            """, [failureLimit]) { r in
            StatusReport.FailedPage(path: r.string(0), page: r.int(1), stage: r.optionalString(2),
                                    error: r.optionalString(3), attempts: r.int(4))
        }
        let failedDocs = try db.query("""
            SELECT path, error FROM documents d WHERE status = \(DocumentStatus.failed.sql) AND superseded_by IS NULL
              AND NOT EXISTS (SELECT 1 FROM pages WHERE document_id = d.id) ORDER BY path LIMIT ?
            """, [failureLimit]) { StatusReport.FailedDocument(path: $0.string(0), error: $0.optionalString(1)) }
        let missing = try db.query("""
            SELECT path FROM documents WHERE status = \(DocumentStatus.missing.sql) AND superseded_by IS NULL ORDER BY path LIMIT ?
            """, [failureLimit]) { $0.string(0) }
        return StatusReport(runs: runs, documentsByStatus: docs, pagesByStatus: pages,
                            failedPages: failedPages, failedDocuments: failedDocs, missingDocuments: missing,
                            splitProblems: try splitProblemLines())
    }
}

extension Store {
    /// A run row still `running` whose coordinator process is gone (killed, or stopped on an
    /// error it could not record, such as a full disk) is shown as `crashed`, as the next run
    /// will record it. Rows are not changed: `status` only reads.
    static func liveStatus(_ stored: String, pid: Int?) -> String {
        guard stored == RunStatus.running.rawValue, let pid, pid > 0, pid <= Int(Int32.max) else { return stored }
        return kill(pid_t(pid), 0) != 0 && errno == ESRCH ? RunStatus.crashed.rawValue : stored
    }
}

extension StatusReport {
    /// The human-readable form (file names and messages with control characters escaped).
    public var text: String {
        let safe = TerminalText.safe
        var out: [String] = []
        func counts(_ d: [String: Int]) -> String {
            d.isEmpty ? "none" : d.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        }
        out.append("Documents: \(counts(documentsByStatus))")
        out.append("Pages:     \(counts(pagesByStatus))")
        out.append("")
        out.append("Recent runs:")
        for r in runs {
            let exit = r.exitCode.map { " (exit \($0))" } ?? ""
            out.append("  #\(r.id) \(r.command) '\(safe(r.pipeline))' \(r.status)\(exit)  started \(r.startedAt)"
                       + String(format: ", %.1f s", r.durationSeconds)
                       + "  pages: \(r.pagesDone) done, \(r.pagesFailed) failed, \(r.pagesSkipped) unchanged;"
                       + " documents: \(r.documentsNew) new, \(r.documentsFailed) failed")
        }
        if !failedDocuments.isEmpty {
            out.append("")
            out.append("Failed documents:")
            for d in failedDocuments { out.append("  \(safe(d.path)): \(safe(reasonText(d.error ?? "", path: d.path)))") }
        }
        if !failedPages.isEmpty {
            out.append("")
            out.append("Failed pages:")
            for p in failedPages {
                out.append("  \(safe(p.path)) page \(p.page) [\(p.stage ?? "?"), attempt \(p.attempts)]: \(safe(reasonText(p.error ?? "", path: p.path)))")
            }
        }
        if !splitProblems.isEmpty {
            out.append("")
            out.append("Split problems:")
            for line in splitProblems { out.append("  \(safe(line))") }
        }
        return out.joined(separator: "\n")
    }
}

extension StatusReport {
    /// What `status --check` reports: one line per problem, none when all is well. Problems are
    /// failed pages or documents waiting, documents whose file is missing, pages left pending
    /// while no run is working on them, and a last run that did not finish cleanly (crashed,
    /// failed on an error such as a full disk, was interrupted, exited non-zero, or is recorded
    /// as running by a process that no longer exists).
    /// `isAlive` tells whether a process id is a live process (injected for tests).
    public func problems(rerunHint: String, isAlive: (Int) -> Bool) -> [String] {
        var found: [String] = []
        if let failed = pagesByStatus[PageStatus.failed.rawValue], failed > 0 {
            let first = failedPages.first.map { ", first: \($0.path) page \($0.page): \(reasonText($0.error ?? "", path: $0.path))" } ?? ""
            found.append("\(failed) failed page(s) wait for \(rerunHint)\(first)")
        }
        if let failed = documentsByStatus[DocumentStatus.failed.rawValue], failed > 0 {
            let first = failedDocuments.first.map { ", first: \($0.path): \(reasonText($0.error ?? "", path: $0.path))" } ?? ""
            found.append("\(failed) document(s) failed\(first)")
        }
        if let missing = documentsByStatus[DocumentStatus.missing.rawValue], missing > 0 {
            let first = missingDocuments.first.map { ", first: \($0)" } ?? ""
            found.append("\(missing) document(s) missing: their file is no longer found\(first)")
        }
        found += splitProblems.map { "split: \($0)" }
        guard let last = runs.first else { return found + ["no run is recorded in this database yet"] }
        let live = last.status == RunStatus.running.rawValue && (last.pid.map(isAlive) ?? false)
        if !live, let pending = pagesByStatus[PageStatus.pending.rawValue], pending > 0 {
            found.append("\(pending) page(s) pending since the last run (#\(last.id)): quire run processes them")
        }
        switch last.status {
        case "crashed": found.append("the last run (#\(last.id), started \(last.startedAt)) crashed")
        case "failed":
            found.append("the last run (#\(last.id), started \(last.startedAt)) did not finish cleanly: it stopped on an error (a full disk, an unwritable database)")
        case "interrupted": found.append("the last run (#\(last.id), started \(last.startedAt)) was interrupted")
        case "running" where !(last.pid.map(isAlive) ?? false):
            found.append("the last run (#\(last.id), started \(last.startedAt)) is recorded as running, but its process is gone")
        case "completed" where (last.exitCode ?? 0) != 0:
            found.append("the last run (#\(last.id), started \(last.startedAt)) exited with \(last.exitCode!)")
        default: break
        }
        return found
    }

    /// The line `status --check` prints when there is no problem.
    public var healthyLine: String {
        let docs = documentsByStatus.values.reduce(0, +), pages = pagesByStatus[PageStatus.done.rawValue] ?? 0
        let last = runs.first.map { "; last run #\($0.id) \($0.status), started \($0.startedAt)" } ?? ""
        return "OK: \(docs) document(s), \(pages) page(s) done\(last)"
    }
}
