import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// Migrations 19 and 20 on an archive from before them: its pages gain the language columns
/// (NULL: unknown), its text stays searchable with stemming, and once a page has a language
/// other than English, search finds it in the unstemmed index only by its own words.
final class LanguageMigrationTests: XCTestCase {
    func testOlderArchiveKeepsItsTextAndNonEnglishPagesAreSearchedUnstemmed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-lang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("old.sqlite").path
        do {
            // A database as quire wrote it before migrations 19 and 20.
            let db = try archiveBeforeMigration(19, at: path)
            try db.execute("INSERT INTO documents(id, path, sha256, status, page_count) VALUES (1, '/in/a.pdf', 'x', 'done', 2)")
            try db.execute("INSERT INTO pages(id, document_id, page_number, status) VALUES (7, 1, 1, 'done'), (8, 1, 2, 'done')")
            try db.execute("INSERT INTO page_fts(rowid, text) VALUES (7, 'The invoices were running late'), (8, 'Les fichiers spéciaux')")
            try db.execute("""
                INSERT INTO lines(page_id, line_order, text, confidence, x, y, width, height, stage)
                VALUES (8, 0, 'Les fichiers spéciaux', 95, 0, 0, 100, 20, 'fast')
                """)
        }
        let store = try Store(path: path)
        let applied = try store.query("SELECT id FROM schema_migrations") { $0.int(0) }
        XCTAssertTrue(applied.contains(19) && applied.contains(20), "\(applied)")
        XCTAssertEqual(try store.query("SELECT count(*) FROM pages WHERE language IS NULL") { $0.int(0) }, [2])
        XCTAssertEqual(try store.query("SELECT count(*) FROM page_fts_exact") { $0.int(0) }, [0])
        // Unknown language: English stemming as before, for both pages.
        XCTAssertEqual(try store.search("invoice", limit: 5).map(\.page), [1])
        XCTAssertEqual(try store.search("fichier", limit: 5).map(\.page), [2])

        // The French page's language becomes known: it is indexed unstemmed.
        try store.write { tx in
            try tx.execute("UPDATE pages SET language = 'fr', language_method = 'detected' WHERE id = 8")
            try store.refreshPageText(8)
        }
        XCTAssertEqual(try store.query("SELECT rowid FROM page_fts_exact") { $0.int(0) }, [8])
        XCTAssertEqual(try store.search("fichiers", limit: 5).map(\.page), [2])
        XCTAssertEqual(try store.search("fichier", limit: 5).map(\.page), [], "no English stemming of French")
        XCTAssertEqual(try store.search("speciaux", limit: 5).first?.snippet, "Les fichiers «spéciaux»")
        XCTAssertEqual(try store.search("invoice", limit: 5).map(\.page), [1])
    }
}
