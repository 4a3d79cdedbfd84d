import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// Migration 8: an existing database keeps its full-text rows and gains porter stemming and the
/// `exports` table; the `page_text` view keeps working over the rebuilt index.
final class StemmingMigrationTests: XCTestCase {
    func testOlderDatabaseIsReindexedWithStemming() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-fts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("old.sqlite").path
        do {
            // A database as quire wrote it before migration 8.
            let db = try archiveBeforeMigration(3, at: path)
            try db.execute("INSERT INTO documents(id, path, sha256, status, page_count) VALUES (1, '/in/a.pdf', 'x', 'done', 1)")
            try db.execute("INSERT INTO pages(id, document_id, page_number, status) VALUES (7, 1, 1, 'done')")
            try db.execute("INSERT INTO page_fts(rowid, text) VALUES (7, 'The invoices were running late')")
            XCTAssertEqual(try db.query("SELECT count(*) FROM page_fts WHERE page_fts MATCH 'invoice'") { $0.int(0) }, [0],
                           "no stemming before")
        }
        let store = try Store(path: path)
        XCTAssertTrue(try store.query("SELECT id FROM schema_migrations") { $0.int(0) }.contains(8))
        XCTAssertEqual(try store.query("SELECT rowid FROM page_fts WHERE page_fts MATCH 'invoice AND run'") { $0.int(0) }, [7])
        XCTAssertEqual(try store.query("SELECT text FROM page_text WHERE page_id = 7") { $0.string(0) },
                       ["The invoices were running late"])
        XCTAssertEqual(try store.search("invoice", limit: 5).map(\.page), [1])
        XCTAssertEqual(try store.query("SELECT count(*) FROM exports") { $0.int(0) }, [0])
    }
}
