import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// `Schema.baseline` (Sources/Pipeline/Store/Schema+Baseline.swift, recorded, never edited by
/// hand) is the schema of a database migrated one migration after another through the newest.
/// After a new migration, record it again:
/// `QUIRE_RECORD_SCHEMA_BASELINE=1 swift test --filter SchemaBaselineTests`.
/// (`StoreTests.testANewDatabaseHasTheSchemaOfOneMigratedStepByStep` checks that a new store,
/// made from the baseline, has exactly that schema.)
final class SchemaBaselineTests: XCTestCase {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Pipeline/Store/Schema+Baseline.swift")

    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A new database made by replaying every migration, one after another (no baseline).
    private func replayed() throws -> Database {
        var replay = Schema.migrator
        replay.baseline = nil
        let db = try Database(path: dir.appendingPathComponent("replayed.sqlite").path)
        XCTAssertEqual(try replay.migrate(db), replay.migrations.map(\.id))
        return db
    }

    func testTheBaselineIsTheSchemaOfEveryMigration() throws {
        let script = try Migrator.schemaScript(of: replayed())
        let newest = try XCTUnwrap(Schema.migrator.migrations.last?.id)
        if ProcessInfo.processInfo.environment["QUIRE_RECORD_SCHEMA_BASELINE"] == "1" {
            try Self.source(through: newest, script: script).write(to: Self.file, atomically: true, encoding: .utf8)
            return
        }
        let record = "record it again: QUIRE_RECORD_SCHEMA_BASELINE=1 swift test --filter SchemaBaselineTests"
        XCTAssertEqual(Schema.baseline.through, newest, record)
        XCTAssertEqual(Schema.baseline.sql, script, record)
    }

    /// A new database given the baseline and one made by replaying every migration hold the
    /// same rows where the migrations put any (the full-text tables' configuration).
    func testTheBaselineMakesTheFullTextTablesAsTheMigrationsDo() throws {
        let replayed = try replayed()
        let based = try Database(path: dir.appendingPathComponent("based.sqlite").path)
        try Schema.migrator.migrate(based)
        func rows(_ db: Database) throws -> [String] {
            let tables = try db.query("""
                SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'schema_migrations' ORDER BY name
                """) { $0.string(0) }
            return try tables.flatMap { table in
                try db.query("SELECT * FROM \"\(table)\"") { row in
                    "\(table): " + (0..<row.columnCount).map { row.isNull($0) ? "NULL" : "\(row.blob($0))" }.joined(separator: ", ")
                }.sorted()
            }
        }
        XCTAssertEqual(try rows(based), try rows(replayed))
        XCTAssertFalse(try rows(based).isEmpty, "the FTS5 tables' configuration rows")
    }

    static func source(through: Int, script: String) -> String {
        let body = script.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        return """
            import SQLite

            // Recorded by SchemaBaselineTests (QUIRE_RECORD_SCHEMA_BASELINE=1 swift test --filter
            // SchemaBaselineTests) from a database migrated through migration \(through). Not edited by hand.
            extension Schema {
                static let baseline = Migrator.Baseline(through: \(through), sql: #\"\"\"
            \(body)
                \"\"\"#)
            }

            """
    }
}
