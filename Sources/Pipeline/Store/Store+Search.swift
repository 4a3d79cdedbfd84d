import Foundation
import SQLite

/// One page that matches a full-text query.
public struct SearchHit: Codable, Sendable, Equatable {
    public var path: String
    public var page: Int
    /// The matching passage, with the matched terms between `«` and `»`.
    public var snippet: String
    /// Relevance: SQLite FTS5's bm25, negated so that higher is better.
    public var score: Double
}

/// A query FTS5 cannot parse (an unbalanced quote, a bare operator…).
public struct SearchQueryError: Error, CustomStringConvertible, Sendable {
    public var query: String
    public var message: String
    public var description: String { "cannot search for '\(query)': \(message)" }
}

extension Store {
    /// Pages of current documents (not superseded, not duplicates) matching an FTS5 query
    /// (words, "phrases", prefix*, NEAR(a b, N), AND/OR/NOT), best first by bm25.
    /// What people type is first made into FTS5's syntax (``SearchQuery``: dates, a bare NEAR).
    public func search(_ query: String, limit: Int, near: Bool = true) throws -> [SearchHit] {
        let match: String
        do { match = try SearchQuery.fts5(query, near: near) } catch { throw SearchQueryError(query: query, message: error.message) }
        do {
            return try db.query("""
                SELECT d.path, p.page_number, snippet(page_fts, 0, '«', '»', '…', 16), bm25(page_fts)
                FROM page_fts JOIN pages p ON p.id = page_fts.rowid JOIN documents d ON d.id = p.document_id
                WHERE page_fts MATCH ?1 AND d.superseded_by IS NULL AND d.duplicate_of IS NULL AND d.status != \(DocumentStatus.missing.sql)
                  AND d.status != \(DocumentStatus.duplicate.sql)
                ORDER BY bm25(page_fts), d.path, p.page_number LIMIT ?2
                """, [match, limit]) { r in
                SearchHit(path: r.string(0), page: r.int(1), snippet: r.string(2), score: -r.double(3))
            }
        } catch let error as SQLiteError where error.primaryCode == 1 {   // SQLITE_ERROR: fts5 syntax
            throw SearchQueryError(query: query, message: error.message)
        }
    }
}
