import Foundation
import SQLite

/// What `quire status DB` shows.
public struct StatusReport: Codable, Sendable {
    public struct RunRow: Codable, Sendable {
        public var id: Int64, pipeline: String, command: String, status: String
        public var startedAt: String, endedAt: String?
        public var pagesDone: Int, pagesFailed: Int, pagesSkipped: Int, documentsNew: Int
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
}

extension Store {
    public func statusReport(runLimit: Int = 10, failureLimit: Int = 200) throws -> StatusReport {
        let runs = try db.query("""
            SELECT id, pipeline, command, status, started_at, ended_at, pages_done, pages_failed, pages_skipped, documents_new, pid
            FROM runs ORDER BY id DESC LIMIT ?
            """, [runLimit]) { r in
            StatusReport.RunRow(id: r.int64(0), pipeline: r.string(1), command: r.string(2),
                                status: Self.liveStatus(r.string(3), pid: r.optionalInt(10)),
                                startedAt: r.string(4), endedAt: r.optionalString(5), pagesDone: r.int(6),
                                pagesFailed: r.int(7), pagesSkipped: r.int(8), documentsNew: r.int(9))
        }
        let docs = Dictionary(uniqueKeysWithValues: try db.query("""
            SELECT status, count(*) FROM documents WHERE superseded_by IS NULL GROUP BY status
            """) { ($0.string(0), $0.int(1)) })
        let pages = Dictionary(uniqueKeysWithValues: try db.query("""
            SELECT p.status, count(*) FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE d.superseded_by IS NULL GROUP BY p.status
            """) { ($0.string(0), $0.int(1)) })
        let failedPages = try db.query("""
            SELECT d.path, p.page_number, p.failed_stage, p.error, p.attempts FROM pages p
            JOIN documents d ON d.id = p.document_id
            WHERE p.status = 'failed' AND d.superseded_by IS NULL ORDER BY d.path, p.page_number LIMIT ?
            """, [failureLimit]) { r in
            StatusReport.FailedPage(path: r.string(0), page: r.int(1), stage: r.optionalString(2),
                                    error: r.optionalString(3), attempts: r.int(4))
        }
        let failedDocs = try db.query("""
            SELECT path, error FROM documents d WHERE status = 'failed' AND superseded_by IS NULL
              AND NOT EXISTS (SELECT 1 FROM pages WHERE document_id = d.id) ORDER BY path LIMIT ?
            """, [failureLimit]) { StatusReport.FailedDocument(path: $0.string(0), error: $0.optionalString(1)) }
        return StatusReport(runs: runs, documentsByStatus: docs, pagesByStatus: pages,
                            failedPages: failedPages, failedDocuments: failedDocs)
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
            out.append("  #\(r.id) \(r.command) '\(safe(r.pipeline))' \(r.status)  started \(r.startedAt)"
                       + "  pages: \(r.pagesDone) done, \(r.pagesFailed) failed, \(r.pagesSkipped) unchanged")
        }
        if !failedDocuments.isEmpty {
            out.append("")
            out.append("Failed documents:")
            for d in failedDocuments { out.append("  \(safe(d.path)): \(safe(d.error ?? ""))") }
        }
        if !failedPages.isEmpty {
            out.append("")
            out.append("Failed pages:")
            for p in failedPages {
                out.append("  \(safe(p.path)) page \(p.page) [\(p.stage ?? "?"), attempt \(p.attempts)]: \(safe(p.error ?? ""))")
            }
        }
        return out.joined(separator: "\n")
    }
}
