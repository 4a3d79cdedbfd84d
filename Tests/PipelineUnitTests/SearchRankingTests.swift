import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// `search` ranks at most `ranked` matching pages, the most recently stored (a common word in a
/// million-page archive answers in constant time); when too few of them are current pages, it
/// ranks every match.
final class SearchRankingTests: XCTestCase {
    var dir: URL!
    var store: Store!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        store = try Store(path: dir.appendingPathComponent("q.sqlite").path)
        // 30 one-page documents; page 1 (the oldest) says "common" most often, so bm25 puts it first.
        try store.write { _ in
            for i in 1...30 {
                try store.db.execute("INSERT INTO documents(id, path, sha256, kind, page_count, status) VALUES (?, ?, ?, 'pdf', 1, 'done')",
                                     Int64(i), "/in/doc-\(i).pdf", "sha-\(i)")
                try store.db.execute("INSERT INTO pages(id, document_id, page_number, status) VALUES (?, ?, 1, 'done')", Int64(i), Int64(i))
                let text = i == 1 ? "common common common common rare" : "common filler words on page number \(i) of the archive"
                try store.db.execute("INSERT INTO page_fts(rowid, text) VALUES (?, ?)", Int64(i), text)
            }
        }
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testACommonWordIsRankedAmongTheMostRecentMatchesAndARareOneAmongAll() throws {
        let all = try store.search("common", limit: 5, ranked: 100)
        XCTAssertEqual(all.first?.path, "/in/doc-1.pdf")
        let capped = try store.search("common", limit: 5, ranked: 10)
        XCTAssertEqual(capped.count, 5)
        XCTAssertTrue(capped.allSatisfy { Int($0.path.dropFirst(8).dropLast(4))! > 20 }, "\(capped.map(\.path))")
        XCTAssertTrue(capped.allSatisfy { $0.snippet.contains("«common»") }, "\(capped.map(\.snippet))")
        // A word on fewer pages than the cap: every match ranked, wherever it is.
        XCTAssertEqual(try store.search("rare", limit: 5, ranked: 10).map(\.path), ["/in/doc-1.pdf"])
    }

    func testWhenTheMostRecentMatchesAreNotCurrentEveryMatchIsRanked() throws {
        // The newest ten pages belong to superseded versions: they are not hits, and the older
        // matches are ranked instead of returning nothing.
        try store.write { _ in try store.db.execute("UPDATE documents SET superseded_by = 1 WHERE id > 20") }
        let hits = try store.search("common", limit: 5, ranked: 10)
        XCTAssertEqual(hits.count, 5)
        XCTAssertEqual(hits.first?.path, "/in/doc-1.pdf")
        XCTAssertTrue(hits.allSatisfy { Int($0.path.dropFirst(8).dropLast(4))! <= 20 }, "\(hits.map(\.path))")
    }

    func testWhetherAQueryMatchesMoreThanAreRankedIsSaid() throws {
        XCTAssertTrue(try store.searchMatchesMoreThanRanked("common", ranked: 29))
        XCTAssertFalse(try store.searchMatchesMoreThanRanked("common", ranked: 30))
        XCTAssertFalse(try store.searchMatchesMoreThanRanked("rare", ranked: 10))
        XCTAssertFalse(try store.searchMatchesMoreThanRanked("\"unclosed", ranked: 10), "a query search refuses is not capped")
    }
}
