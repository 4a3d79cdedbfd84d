import Foundation
import XCTest
@testable import SQLite

/// The background checkpointer against the real libsqlite3: what a writer commits reaches the
/// database file while the writer's connection stays open, and the writer's close still leaves
/// one file.
final class WALCheckpointerTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-ckpt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func waitFor(_ checkpointer: WALCheckpointer, checkpoints: Int) {
        let deadline = Date(timeIntervalSinceNow: 10)
        while checkpointer.completed < checkpoints && Date() < deadline { usleep(2_000) }
    }

    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    /// A writer that never checkpoints itself (`wal_autocheckpoint = 0`), 2,000 rows of 200 bytes.
    private func writer(_ path: String) throws -> Database {
        let db = try Database(path: path)
        try db.execute(script: """
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0;
            CREATE TABLE t(id INTEGER PRIMARY KEY, body TEXT);
            CREATE INDEX t_body ON t(body);
            """)
        return db
    }

    private func insertRows(_ db: Database, from first: Int) throws {
        try db.transaction(.immediate) {
            for i in first..<(first + 2_000) {
                try db.execute("INSERT INTO t(id, body) VALUES (?, ?)", i, String(repeating: "x", count: 190) + String(i))
            }
        }
    }

    func testCommittedPagesReachTheDatabaseFileWhileTheWriterGoesOn() throws {
        let path = dir.appendingPathComponent("w.sqlite").path
        let db = try writer(path)
        try insertRows(db, from: 0)
        let before = fileSize(path)
        XCTAssertGreaterThan(fileSize(path + "-wal"), 400_000, "the rows are in the log")

        let checkpointer = WALCheckpointer(path: path)
        checkpointer.request()
        waitFor(checkpointer, checkpoints: 1)
        let result = checkpointer.stop()
        XCTAssertEqual(result.checkpoints, 1)
        XCTAssertNil(result.error)
        XCTAssertGreaterThan(fileSize(path), before + 400_000, "the log was copied into the database file")
        // Nothing is left for the writer to copy: a checkpoint of its own finds every frame done.
        let own = try db.checkpoint(.passive)
        XCTAssertGreaterThan(own.logFrames, 100)
        XCTAssertEqual(own.copied, own.logFrames)
        // The writer goes on; its close is the last and leaves one file holding every row.
        try insertRows(db, from: 2_000)
        XCTAssertEqual(try db.queryOne("SELECT count(*) FROM t") { $0.int(0) }, 4_000)
    }

    func testTheWritersCloseRemovesTheLogAfterTheCheckpointerStopped() throws {
        let path = dir.appendingPathComponent("c.sqlite").path
        do {
            let db = try writer(path)
            let checkpointer = WALCheckpointer(path: path)
            try insertRows(db, from: 0)
            checkpointer.request()
            waitFor(checkpointer, checkpoints: 1)
            try insertRows(db, from: 2_000)
            checkpointer.request()
            let result = checkpointer.stop()
            XCTAssertNil(result.error)
            XCTAssertGreaterThanOrEqual(result.checkpoints, 1)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "the writer's close removed the log")
        let reader = try Database(path: path, options: { var o = Database.OpenOptions(); o.readOnly = true; return o }())
        XCTAssertEqual(try reader.queryOne("SELECT count(*) FROM t") { $0.int(0) }, 4_000)
    }

    func testACheckpointerOfAFileThatCannotBeOpenedReportsItAndEnds() throws {
        let checkpointer = WALCheckpointer(path: dir.appendingPathComponent("no/such/dir/x.sqlite").path)
        checkpointer.request()
        let result = checkpointer.stop()
        XCTAssertEqual(result.checkpoints, 0)
        XCTAssertNotNil(result.error)
    }
}
