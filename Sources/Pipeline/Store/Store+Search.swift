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
    /// The most matching pages `search` ranks: a query matching more pages (a common word in a
    /// large archive) ranks the most recently stored this many of them (pages.id descending, as
    /// the full-text index is ordered), so that it answers in a constant time however large the
    /// archive (bm25 over a million matching pages takes seconds). Fewer matches: all are ranked.
    public static let searchRankedPages = 10_000

    /// Whether `query` matches more pages than ``search`` ranks (it then ranks the
    /// `ranked` most recently stored: `quire search` says so, so that no one takes the best of
    /// those for the best of the archive). Counts at most `ranked + 1` matches.
    public func searchMatchesMoreThanRanked(_ query: String, ranked: Int = Store.searchRankedPages) throws -> Bool {
        guard let match = try? SearchQuery.fts5(query, near: true) else { return false }
        return try matches(match, moreThan: ranked)
    }

    /// The pages matching the FTS5 query `?1`, with bm25 (`id`, `score`): pages in English or of
    /// unknown language in `page_fts` (porter stemming), pages in another language in
    /// `page_fts_exact` (unstemmed, migration 20), so that English stemming never mangles them.
    static let matchingPagesSQL = """
        SELECT page_fts.rowid AS id, bm25(page_fts) AS score FROM page_fts WHERE page_fts MATCH ?1
          AND page_fts.rowid NOT IN (SELECT rowid FROM page_fts_exact)
        UNION ALL
        SELECT page_fts_exact.rowid AS id, bm25(page_fts_exact) AS score FROM page_fts_exact WHERE page_fts_exact MATCH ?1
        """

    /// Whether the FTS5 query `match` matches more than `count` pages (counting at most `count + 1`).
    private func matches(_ match: String, moreThan count: Int) throws -> Bool {
        try db.queryOne("SELECT count(*) FROM (SELECT 1 FROM (\(Self.matchingPagesSQL)) LIMIT ?2)",
                        [match, count + 1], { $0.int(0) }) ?? 0 > count
    }

    /// Pages of current documents (not superseded, not duplicates) matching an FTS5 query
    /// (words, "phrases", prefix*, NEAR(a b, N), AND/OR/NOT), best first by bm25 (over the
    /// ``searchRankedPages`` most recent matching pages when more match).
    /// What people type is first made into FTS5's syntax (``SearchQuery``: dates, a bare NEAR).
    /// `ranked`: at most how many matching pages are ranked (tests make it small).
    public func search(_ query: String, limit: Int, near: Bool = true, ranked: Int = Store.searchRankedPages) throws -> [SearchHit] {
        let match: String
        do { match = try SearchQuery.fts5(query, near: near) } catch { throw SearchQueryError(query: query, message: error.message) }
        do {
            // The ranked candidates first (bm25 only, no snippet), newest first and at most
            // `searchRankedPages` of them; the snippets then for the hits alone.
            func best(candidates: Int?) throws -> [(id: Int64, path: String, page: Int, score: Double)] {
                let cap = candidates.map { "ORDER BY id DESC LIMIT \($0)" } ?? ""
                return try db.query("""
                    SELECT c.id, d.path, p.page_number, c.score
                    FROM (SELECT id, score FROM (\(Self.matchingPagesSQL)) \(cap)) c
                    JOIN pages p ON p.id = c.id JOIN documents d ON d.id = p.document_id
                    WHERE d.superseded_by IS NULL AND d.duplicate_of IS NULL AND d.status != \(DocumentStatus.missing.sql)
                      AND d.status != \(DocumentStatus.duplicate.sql)
                    ORDER BY c.score, d.path, p.page_number LIMIT ?2
                    """, [match, limit]) { (id: $0.int64(0), path: $0.string(1), page: $0.int(2), score: $0.double(3)) }
            }
            var hits = try best(candidates: ranked)
            if hits.count < limit, try matches(match, moreThan: ranked) {
                // Too few current pages among the most recent matches: rank them all.
                hits = try best(candidates: nil)
            }
            return try hits.map { hit in
                var text = ""
                for fts in ["page_fts_exact", "page_fts"] where text.isEmpty {
                    text = try db.queryOne("""
                        SELECT snippet(\(fts), 0, '«', '»', '…', 16) FROM \(fts) WHERE \(fts) MATCH ?1 AND \(fts).rowid = ?2
                        """, [match, hit.id]) { $0.string(0) } ?? ""
                }
                return SearchHit(path: hit.path, page: hit.page, snippet: text, score: -hit.score)
            }
        } catch let error as SQLiteError where error.primaryCode == 1 {   // SQLITE_ERROR: fts5 syntax
            throw SearchQueryError(query: query, message: error.message)
        }
    }
}
