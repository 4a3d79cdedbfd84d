import DocumentModel
import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// Pages written into an open transaction as they are recorded and committed together later
/// (``PageBatch``): nobody sees them before the commit, the commit stores what committing them
/// all at once stores, and a batch that fails or does not match falls back to that.
final class PageBatchTests: XCTestCase {
    var dir: URL!
    var path: String!
    var store: Store!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        path = dir.appendingPathComponent("q.sqlite").path
        store = try Store(path: path)
    }
    override func tearDownWithError() throws {
        store = nil
        try? FileManager.default.removeItem(at: dir)
    }

    private func outcome(_ page: PlannedPage) -> PageOutcome {
        let n = page.pageNumber
        let words = [Word(text: "Page", confidence: 95, box: Box(x: 10, y: 10, width: 50, height: 20)),
                     Word(text: "w\(n)", confidence: 91, box: Box(x: 70, y: 10, width: 50, height: 20))]
        let line = Line(text: "Page w\(n)", confidence: 93, box: Box(x: 10, y: 10, width: 110, height: 20),
                        words: words, stage: .fast)
        return .read(page, size: PageSize(width: 100, height: 200, dpi: 300), lines: [line],
                     blocks: [Block(kind: .paragraph, readingOrder: 0, text: "Page w\(n)", box: line.box)])
    }

    /// What another connection (a user's `sqlite3`, `quire status`) sees of the file.
    private func seenFromOutside(_ sql: String) throws -> [String] {
        let other = try Database(path: path)
        return try other.query(sql) { row in (0..<row.columnCount).map { row.optionalString($0) ?? "∅" }.joined(separator: "|") }
    }

    /// Every row a page's commit writes, in a stable order, without the ids SQLite chose.
    private func rows(of store: Store) throws -> [String] {
        let queries = [
            "SELECT page_number, status, attempts, run_id, mean_confidence FROM pages ORDER BY page_number",
            "SELECT p.page_number, s.stage, s.status, s.fingerprint FROM page_stages s JOIN pages p ON p.id = s.page_id ORDER BY 1, 2",
            "SELECT p.page_number, l.line_order, l.text FROM lines l JOIN pages p ON p.id = l.page_id ORDER BY 1, 2",
            "SELECT p.page_number, w.word_order, w.text, w.x FROM words w JOIN pages p ON p.id = w.page_id ORDER BY 1, 2",
            "SELECT p.page_number, b.kind, b.text FROM blocks b JOIN pages p ON p.id = b.page_id ORDER BY 1",
            "SELECT rowid, text FROM page_fts ORDER BY rowid",
            "SELECT status, page_count FROM documents",
            "SELECT pages_done, pages_failed FROM runs",
        ]
        return try queries.flatMap { sql in
            try store.query(sql) { row in (0..<row.columnCount).map { row.optionalString($0) ?? "∅" }.joined(separator: "|") }
        }
    }

    func testAPageBatchIsInvisibleUntilItsCommitAndStoresWhatOneCommitStores() throws {
        let document = try PlannedDocument(in: store, pageCount: 4)
        let fps = PlannedDocument.fingerprints
        let outcomes = document.pages.map(outcome)
        for o in outcomes { store.addToBatch(o, fingerprints: fps, runID: document.runID) }

        // Written, not committed: another connection sees the pages as planned and no words.
        XCTAssertEqual(try seenFromOutside("SELECT count(*) FROM words"), ["0"])
        XCTAssertEqual(try seenFromOutside("SELECT DISTINCT status FROM pages"), ["pending"])
        // The change count a memo of committed rows is keyed to has not moved.
        let committed = store.committedChanges
        XCTAssertGreaterThan(store.db.totalChanges, committed)

        XCTAssertEqual(try store.commitBatch(outcomes, fingerprints: { _ in fps }, runID: document.runID),
                       [.done, .done, .done, .done])
        XCTAssertNil(store.pageBatch)
        XCTAssertEqual(store.committedChanges, store.db.totalChanges)
        XCTAssertEqual(try seenFromOutside("SELECT count(*) FROM words"), ["8"])
        XCTAssertEqual(try seenFromOutside("SELECT count(*) FROM page_fts WHERE page_fts MATCH 'w3'"), ["1"])
        XCTAssertEqual(try store.query("PRAGMA foreign_keys") { $0.int(0) }, [1])
        XCTAssertEqual(try store.query("PRAGMA foreign_key_check") { $0.string(0) }, [])

        // The same pages committed at once, the way they were before batches were written ahead.
        let otherPath = dir.appendingPathComponent("at-once.sqlite").path
        let atOnce = try Store(path: otherPath)
        let same = try PlannedDocument(in: atOnce, pageCount: 4)
        XCTAssertEqual(try atOnce.commit(same.pages.map(outcome), fingerprints: { _ in fps }, runID: same.runID),
                       [.done, .done, .done, .done])
        let batchRows = try rows(of: store), atOnceRows = try rows(of: atOnce)
        XCTAssertEqual(batchRows, atOnceRows)
        XCTAssertTrue(batchRows.contains("4|0|Page w4"), "\(batchRows)")
    }

    /// A page whose rows cannot be written (here: not in the database) rolls the batch back; the
    /// commit then writes the pages as before (one by one after the failed try together): those
    /// before it are kept, its error is thrown, those after it are not written.
    func testAFailingPageRollsTheBatchBackAndTheCommitKeepsThoseBeforeIt() throws {
        let document = try PlannedDocument(in: store, pageCount: 3)
        let fps = PlannedDocument.fingerprints
        var ghost = document.pages[1]
        ghost.pageID = 999_999
        let outcomes = [outcome(document.pages[0]), outcome(ghost), outcome(document.pages[2])]
        for o in outcomes { store.addToBatch(o, fingerprints: fps, runID: document.runID) }
        XCTAssertEqual(try store.query("SELECT count(*) FROM words") { $0.int(0) }, [0], "rolled back at the ghost")

        XCTAssertThrowsError(try store.commitBatch(outcomes, fingerprints: { _ in fps }, runID: document.runID)) { error in
            XCTAssertTrue("\(error)".contains("page 999999 is not in the database"), "\(error)")
        }
        XCTAssertEqual(try store.query("SELECT page_number FROM pages WHERE status = 'done'") { $0.int(0) }, [1])
        XCTAssertEqual(try store.query("SELECT count(*) FROM words") { $0.int(0) }, [2])
        XCTAssertEqual(try store.query("PRAGMA foreign_keys") { $0.int(0) }, [1])
        // The store writes on: nothing is left open.
        XCTAssertEqual(try store.commit(outcome(document.pages[2]), fingerprints: fps, runID: document.runID), .done)
    }

    /// A batch that does not hold exactly the pages to commit (a page recorded outside it) is
    /// rolled back and the pages are written at the commit, each once.
    func testAMismatchedBatchIsRolledBackAndThePagesWrittenAtTheCommit() throws {
        let document = try PlannedDocument(in: store, pageCount: 3)
        let fps = PlannedDocument.fingerprints
        let outcomes = document.pages.map(outcome)
        store.addToBatch(outcomes[0], fingerprints: fps, runID: document.runID)
        store.addToBatch(outcomes[1], fingerprints: fps, runID: document.runID)
        XCTAssertEqual(try store.commitBatch(outcomes, fingerprints: { _ in fps }, runID: document.runID), [.done, .done, .done])
        XCTAssertEqual(try store.query("SELECT count(*) FROM words") { $0.int(0) }, [6])
        XCTAssertEqual(try store.query("SELECT pages_done FROM runs") { $0.int(0) }, [3], "each page counted once")
    }

    /// While a batch is open it is the store's one write transaction: another is refused (an
    /// internal error, never a silent nesting); a discarded batch leaves nothing and closes it.
    func testAnOpenBatchRefusesAnotherWriteAndADiscardedOneLeavesNothing() throws {
        let document = try PlannedDocument(in: store, pageCount: 2)
        let fps = PlannedDocument.fingerprints
        store.addToBatch(outcome(document.pages[0]), fingerprints: fps, runID: document.runID)
        XCTAssertThrowsError(try store.write { _ in }) { error in
            XCTAssertTrue("\(error)".contains("inside another"), "\(error)")
        }
        store.discardBatch()
        XCTAssertNil(store.pageBatch)
        XCTAssertEqual(try store.query("SELECT count(*) FROM words") { $0.int(0) }, [0])
        XCTAssertEqual(try store.query("SELECT DISTINCT status FROM pages") { $0.string(0) }, ["pending"])
        XCTAssertEqual(try store.query("PRAGMA foreign_keys") { $0.int(0) }, [1])
        XCTAssertNoThrow(try store.write { _ in })
    }

    /// A run's log starts over once a copy has caught up with it (``WALCheckpointer``). A batch
    /// begun while a copy runs would keep it from doing so: its pages wait in memory until the
    /// copy is done (or until the commit). Over 480 pages of ≈ 60 KB committed 16 at a time, at
    /// a worker's pace, the log stays near the copy's threshold instead of holding the run.
    func testPagesWaitForTheLogsCopySoThatTheLogStartsOver() throws {
        try store.configureForRun()
        let document = try PlannedDocument(in: store, pageCount: 480)
        let fps = PlannedDocument.fingerprints
        let text = (0..<6_000).map { "w\($0 % 977)" }.joined(separator: " ")
        func bigOutcome(_ page: PlannedPage) -> PageOutcome {
            let box = Box(x: 10, y: 10, width: 50, height: 20)
            let line = Line(text: text, confidence: 90, box: box, words: [Word(text: "w", confidence: 90, box: box)], stage: .fast)
            return .read(page, size: PageSize(width: 100, height: 200, dpi: 300), lines: [line],
                         blocks: [Block(kind: .paragraph, readingOrder: 0, text: text, box: box)])
        }
        let log = path + "-wal"
        func logPages() -> Int { (((try? FileManager.default.attributesOfItem(atPath: log))?[.size] as? Int) ?? 0) / 4096 }
        var largest = 0
        for batch in stride(from: 0, to: document.pages.count, by: 16) {
            let outcomes = document.pages[batch..<(batch + 16)].map(bigOutcome)
            for o in outcomes {
                store.addToBatch(o, fingerprints: fps, runID: document.runID)
                usleep(3_000)
            }
            XCTAssertEqual(try store.commitBatch(outcomes, fingerprints: { _ in fps }, runID: document.runID),
                           Array(repeating: .done, count: 16))
            largest = max(largest, logPages())
        }
        XCTAssertEqual(try store.query("SELECT count(*) FROM pages WHERE status = 'done'") { $0.int(0) }, [480])
        // The run wrote ≈ 18,000 log pages, and a log that did not start over held them all
        // (measured: 18,024 pages at most when batches began during copies; 2,507 now).
        XCTAssertLessThan(largest, 6 * Store.backgroundCheckpointPages, "log pages at most \(largest)")
    }
}
