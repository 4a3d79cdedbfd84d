import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// Deleting blocks (a page laid out again in the document pass or a rerun) must not scan every
/// block of the database: `blocks.caption_of` references `blocks(id) ON DELETE SET NULL`, so
/// SQLite looks up the captions pointing at each deleted block (migration 21 indexes them).
final class CaptionLinkIndexTests: XCTestCase {
    var dir: URL!
    var store: Store!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-caption-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        store = try Store(path: dir.appendingPathComponent("q.sqlite").path)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// The captions of a block are found through the index (the look-up SQLite makes for the
    /// foreign key when the block is deleted), and deleting a page's blocks still unlinks the
    /// captions of other pages that pointed at them.
    func testDeletingABlockFindsItsCaptionsThroughAnIndex() throws {
        let plan = try store.db.query("EXPLAIN QUERY PLAN SELECT 1 FROM blocks WHERE caption_of = ?", [Int64(1)]) {
            $0.string(3)
        }.joined(separator: "; ")
        XCTAssertTrue(plan.contains("blocks_caption_of"), plan)
        XCTAssertFalse(plan.hasPrefix("SCAN blocks"), plan)

        try store.db.execute("INSERT INTO documents(id, path, kind) VALUES (1, '/in/a.pdf', 'pdf')")
        try store.db.execute("INSERT INTO pages(id, document_id, page_number, status) VALUES (1, 1, 1, 'done'), (2, 1, 2, 'done')")
        try store.db.execute("""
            INSERT INTO blocks(id, page_id, kind, reading_order, text, x, y, width, height) VALUES
              (10, 1, 'figure', 0, '', 0, 0, 10, 10), (20, 2, 'caption', 0, 'Figure 1', 0, 0, 10, 2)
            """)
        try store.db.execute("UPDATE blocks SET caption_of = 10 WHERE id = 20")
        try store.db.execute("DELETE FROM blocks WHERE page_id = 1")
        XCTAssertEqual(try store.db.query("SELECT caption_of IS NULL FROM blocks WHERE id = 20") { $0.int(0) }, [1])
    }
}
