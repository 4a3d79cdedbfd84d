import Foundation
import XCTest
@testable import SQLite

/// Integration tests against the real libsqlite3, on a real file in a temp folder.
final class SQLiteTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testRoundTripOfEveryValueKind() throws {
        let db = try Database(path: dir.appendingPathComponent("t.sqlite").path)
        try db.execute(script: "CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        try db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", 42, 2.5, "Größe ✓", [UInt8]([0, 1, 255]), String?.none)
        let rows = try db.query("SELECT i, r, s, b, n FROM t") { r in
            (r.int(0), r.double(1), r.string(2), r.blob(3), r.optionalString(4))
        }
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows[0].0, 42)
        XCTAssertEqual(rows[0].1, 2.5)
        XCTAssertEqual(rows[0].2, "Größe ✓")
        XCTAssertEqual(rows[0].3, [0, 1, 255])
        XCTAssertNil(rows[0].4)
    }

    func testErrorsCarrySQLitesMessageAndTheSQL() throws {
        let db = try Database(path: dir.appendingPathComponent("t.sqlite").path)
        XCTAssertThrowsError(try db.execute("SELECT * FROM missing_table")) { error in
            let e = error as! SQLiteError
            XCTAssertTrue(e.message.contains("no such table: missing_table"), e.message)
            XCTAssertTrue(e.description.contains("SELECT * FROM missing_table"))
        }
    }

    func testTransactionRollsBackOnError() throws {
        let db = try Database(path: dir.appendingPathComponent("t.sqlite").path)
        try db.execute(script: "CREATE TABLE t(x INTEGER UNIQUE)")
        XCTAssertThrowsError(try db.transaction {
            try db.execute("INSERT INTO t VALUES (?)", 1)
            try db.execute("INSERT INTO t VALUES (?)", 1)   // constraint violation
        }) { XCTAssertTrue(($0 as! SQLiteError).isConstraintViolation) }
        XCTAssertEqual(try db.queryOne("SELECT count(*) FROM t") { $0.int(0) }, 0)
    }

    func testMigrationsApplyOnceAndInOrder() throws {
        let path = dir.appendingPathComponent("m.sqlite").path
        var m = Migrator()
        m.register(1, "one", sql: "CREATE TABLE a(x)")
        m.register(2, "two", sql: "ALTER TABLE a ADD COLUMN y")
        XCTAssertEqual(try m.migrate(Database(path: path)), [1, 2])
        XCTAssertEqual(try m.migrate(Database(path: path)), [])
        let db = try Database(path: path)
        XCTAssertEqual(try db.query("SELECT id FROM schema_migrations ORDER BY id") { $0.int(0) }, [1, 2])
        // A database from a newer quire is refused, not silently used.
        try db.execute("INSERT INTO schema_migrations(id, name) VALUES (?, ?)", 9, "future")
        XCTAssertThrowsError(try m.migrate(db))
    }

    /// A new database gets the baseline in place of the migrations it covers (recorded as
    /// applied), then the later ones; a database with a migration applied or a table of its own
    /// is migrated step by step.
    func testANewDatabaseGetsTheBaselineAndTheMigrationsAfterIt() throws {
        var m = Migrator()
        m.register(1, "one", sql: "CREATE TABLE a(x)")
        m.register(2, "two", sql: "ALTER TABLE a ADD COLUMN y")
        m.register(3, "three", sql: "CREATE INDEX a_y ON a(y)")
        // Not the migrations' own statements: had migration 1 run after it, "table a already exists".
        m.baseline = Migrator.Baseline(through: 2, sql: "CREATE TABLE a(x, y, z)")
        func columns(_ db: Database) throws -> [String] { try db.query("SELECT name FROM pragma_table_info('a')") { $0.string(0) } }

        let new = try Database(path: dir.appendingPathComponent("new.sqlite").path)
        XCTAssertEqual(try m.migrate(new), [1, 2, 3])
        XCTAssertEqual(try columns(new), ["x", "y", "z"])
        XCTAssertEqual(try new.query("SELECT id || ' ' || name FROM schema_migrations ORDER BY id") { $0.string(0) },
                       ["1 one", "2 two", "3 three"])
        XCTAssertEqual(try new.query("SELECT name FROM sqlite_master WHERE type = 'index'") { $0.string(0) }, ["a_y"])
        XCTAssertEqual(try m.migrate(new), [])

        let started = try Database(path: dir.appendingPathComponent("started.sqlite").path)
        var first = Migrator()
        first.register(1, "one", sql: "CREATE TABLE a(x)")
        try first.migrate(started)
        XCTAssertEqual(try m.migrate(started), [2, 3])
        XCTAssertEqual(try columns(started), ["x", "y"])

        let foreign = try Database(path: dir.appendingPathComponent("foreign.sqlite").path)
        try foreign.execute(script: "CREATE TABLE mine(v)")
        XCTAssertEqual(try m.migrate(foreign), [1, 2, 3])
        XCTAssertEqual(try columns(foreign), ["x", "y"])
    }

    /// The baseline of a migrated database makes its schema again: tables (an FTS5 table by its
    /// own statement, without its shadow tables), then indexes and views, each as it was written.
    func testASchemaScriptMakesTheSameSchema() throws {
        let source = try Database(path: dir.appendingPathComponent("source.sqlite").path)
        try source.execute(script: """
            CREATE TABLE a(x INTEGER PRIMARY KEY, y TEXT UNIQUE);   -- with an automatic index
            CREATE INDEX a_y2 ON a(y) WHERE y IS NOT NULL;
            ALTER TABLE a ADD COLUMN z REAL;
            CREATE VIRTUAL TABLE f USING fts5(text);
            CREATE VIEW v AS SELECT x FROM a;
            CREATE TRIGGER t AFTER INSERT ON a BEGIN INSERT INTO f(rowid, text) VALUES (new.x, new.y); END;
            """)
        let script = try Migrator.schemaScript(of: source)
        XCTAssertFalse(script.contains("f_data"), script)
        let copy = try Database(path: dir.appendingPathComponent("copy.sqlite").path)
        try copy.execute(script: script)
        func schema(_ db: Database) throws -> [String] {
            try db.query("SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name") { $0.string(0) }
        }
        XCTAssertEqual(try schema(copy), try schema(source))
        XCTAssertGreaterThan(try schema(source).count, 8)
    }

    /// Pending migrations apply in one transaction: when one fails, none of them is kept or
    /// recorded (before, those ahead of it were, each committed on its own).
    func testPendingMigrationsApplyTogetherOrNotAtAll() throws {
        let path = dir.appendingPathComponent("m.sqlite").path
        var m = Migrator()
        m.register(1, "one", sql: "CREATE TABLE a(x)")
        m.register(2, "two", sql: "ALTER TABLE a ADD COLUMN y")
        m.register(3, "broken", sql: "ALTER TABLE missing ADD COLUMN z")
        let db = try Database(path: path)
        XCTAssertThrowsError(try m.migrate(db))
        XCTAssertEqual(try db.query("SELECT id FROM schema_migrations") { $0.int(0) }, [])
        XCTAssertEqual(try db.query("SELECT name FROM sqlite_master WHERE name = 'a'") { $0.string(0) }, [])
    }

    func testOpeningANonDatabaseFileFailsClearly() throws {
        let path = dir.appendingPathComponent("not.sqlite").path
        try Data("this is not a database, just text that is long enough".utf8).write(to: URL(fileURLWithPath: path))
        let db = try Database(path: path)
        XCTAssertThrowsError(try db.execute(script: "PRAGMA journal_mode = WAL")) { error in
            XCTAssertTrue("\(error)".contains("not a database"), "\(error)")
        }
    }

    func testFTS5IsAvailable() throws {
        let db = try Database(path: dir.appendingPathComponent("f.sqlite").path)
        try db.execute(script: "CREATE VIRTUAL TABLE f USING fts5(text)")
        try db.execute("INSERT INTO f(rowid, text) VALUES (?, ?)", 7, "invoice number 1234")
        XCTAssertEqual(try db.query("SELECT rowid FROM f WHERE f MATCH 'invoice'") { $0.int(0) }, [7])
    }

    /// The log's size after each commit reaches the watcher, which takes the place of the
    /// connection's own checkpoints: past 1,000 pages the log is not copied back by itself.
    func testTheLogWatcherSeesEachCommitAndTheConnectionNoLongerCheckpoints() throws {
        let db = try Database(path: dir.appendingPathComponent("w.sqlite").path)
        try db.execute(script: "PRAGMA journal_mode = WAL; CREATE TABLE t(x TEXT)")
        var seen: [Int] = []
        db.watchLog { seen.append($0) }
        let text = String(repeating: "x", count: 3_900)
        for _ in 0..<3 {
            try db.transaction { for _ in 0..<400 { try db.execute("INSERT INTO t VALUES (?)", text) } }
        }
        XCTAssertEqual(seen.count, 3)
        XCTAssertEqual(seen, seen.sorted(), "the log only grows")
        XCTAssertGreaterThan(seen.last ?? 0, 1_200)
        // Nothing was copied: a checkpoint now finds the whole log still to copy.
        let counts = try XCTUnwrap(db.queryOne("PRAGMA wal_checkpoint(PASSIVE)") { [$0.int(1), $0.int(2)] })
        XCTAssertEqual(counts[0], seen.last)
    }
}
