import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// Each stage declares its tables once (`PageStage.tables`): the schema holds no table that
/// neither quire nor a stage declares, a stage's migrations create only tables it declares, and
/// the clear derived from the declaration removes exactly the page's rows.
final class StageTablesTests: XCTestCase {
    var dir: URL!
    var store: Store!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-stage-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        store = try Store(path: dir.appendingPathComponent("q.sqlite").path)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// Fails when a stage (or quire) creates a table no one declares: it would not be cleared
    /// for a rerun nor copied by `quire merge`.
    func testEveryTableIsQuiresOwnOrDeclaredByExactlyOneStage() throws {
        var owner: [String: [String]] = [:]
        for type in StageCatalog.declared {
            for table in type.tables where table.mergeRule != nil { owner[table.name, default: []].append(type.stage.rawValue) }
        }
        for table in try MergeRule.tables(in: store.db) {
            let owners = owner[table] ?? []
            if MergeRule.coreRules[table] != nil {
                XCTAssertEqual(owners, [], "\(table) is quire's own and also declared by a stage")
            } else {
                XCTAssertEqual(owners.count, 1, "\(table): declared by \(owners) (a stage's `tables` must name it once)")
            }
        }
    }

    func testAStagesMigrationsCreateOnlyTablesItDeclares() throws {
        let create = try NSRegularExpression(pattern: #"CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?"#,
                                             options: [.caseInsensitive])
        for type in StageCatalog.declared {
            let declared = Set(type.tables.map(\.name))
            for migration in type.migrations {
                let sql = migration.sql
                for match in create.matches(in: sql, range: NSRange(sql.startIndex..., in: sql)) {
                    let name = String(sql[Range(match.range(at: 1), in: sql)!])
                    XCTAssertTrue(declared.contains(name),
                                  "\(type.stage) migration \(migration.id) creates \(name), which its `tables` does not declare")
                }
            }
        }
    }

    func testDeclaredPageColumnsAndParentsExist() throws {
        let pages = try TableShape("pages", in: store.db)
        let tables = Set(try MergeRule.tables(in: store.db))
        for type in StageCatalog.declared {
            for table in type.tables {
                switch table {
                case .pageColumns(let columns):
                    for column in columns { XCTAssertTrue(pages.columns.contains(column), "\(type.stage): pages.\(column)") }
                case .childRows(let name, let parent, let key):
                    let shape = try TableShape(name, in: store.db)
                    XCTAssertEqual(shape.references[key], parent, "\(type.stage): \(name).\(key) does not reference \(parent)")
                case .pageRows(let name):
                    XCTAssertEqual(try TableShape(name, in: store.db).references["page_id"], "pages", "\(type.stage): \(name).page_id")
                case .derived(let name, _):
                    XCTAssertTrue(tables.contains(name), "\(type.stage): \(name)")
                }
            }
        }
    }

    /// Every stage's declared rows are filled for two pages; clearing one page through the
    /// stage's `clear` leaves no row of it (children included) and its columns NULL, and the
    /// other page untouched — also without SQLite's cascades, as a page commit clears
    /// (``ForeignKeyChecks/trusted``): no row is left pointing at a deleted one.
    func testClearRemovesExactlyThePagesRowsOfEveryDeclaredTable() throws {
        try store.db.execute("INSERT INTO documents(id, path, kind) VALUES (1, '/in/a.pdf', 'pdf')")
        try store.db.execute("INSERT INTO pages(id, document_id, page_number) VALUES (1, 1, 1), (2, 1, 2)")
        for type in StageCatalog.declared {
            for page: Int64 in [1, 2] { try fill(type.tables, page: page) }
            try store.write(foreignKeys: .trusted) { try type.clear(pageID: 1, in: $0) }
            XCTAssertEqual(try store.db.query("PRAGMA foreign_key_check") { $0.string(0) }, [], "\(type.stage): rows left behind")
            XCTAssertEqual(try store.db.queryOne("PRAGMA foreign_keys") { $0.int(0) }, 1, "checks are on again after the write")
            for table in type.tables {
                switch table {
                case .pageRows(let name):
                    XCTAssertEqual(try count(name, page: 1), 0, "\(type.stage): \(name) of the cleared page")
                    XCTAssertEqual(try count(name, page: 2), 1, "\(type.stage): \(name) of the other page")
                case .childRows(let name, let parent, _):
                    XCTAssertEqual(try childCount(name, parent: parent, page: 1), 0, "\(type.stage): \(name) of the cleared page")
                    XCTAssertEqual(try childCount(name, parent: parent, page: 2), 1, "\(type.stage): \(name) of the other page")
                case .pageColumns(let columns):
                    for column in columns {
                        XCTAssertNil(try value(column, page: 1), "\(type.stage): pages.\(column) of the cleared page")
                        XCTAssertNotNil(try value(column, page: 2), "\(type.stage): pages.\(column) of the other page")
                    }
                case .derived:
                    continue
                }
            }
        }
    }

    func testAWriteTransactionIsRefusedInsideAnotherAndAfterItEnded() throws {
        XCTAssertThrowsError(try store.write { _ in try store.write { _ in } }) { error in
            XCTAssertTrue("\(error)".contains("inside another"), "\(error)")
        }
        var kept: WriteTransaction?
        try store.write { kept = $0 }
        XCTAssertThrowsError(try kept!.execute("UPDATE pages SET error = 'late'")) { error in
            XCTAssertTrue("\(error)".contains("after it ended"), "\(error)")
        }
        // A failed body rolls back what it wrote.
        try store.db.execute("INSERT INTO documents(id, path, kind) VALUES (7, '/in/b.pdf', 'pdf')")
        struct Stop: Error {}
        XCTAssertThrowsError(try store.write { try $0.execute("DELETE FROM documents WHERE id = 7"); throw Stop() })
        XCTAssertEqual(try store.db.queryOne("SELECT count(*) FROM documents WHERE id = 7") { $0.int(0) }, 1)
    }

    // MARK: Filling any declared table generically (so a new stage's tables are covered too)

    private var parentRow: [String: [Int64: Int64]] = [:]

    private func fill(_ tables: [StageTable], page: Int64) throws {
        for table in tables {
            switch table {
            case .pageRows(let name): parentRow[name, default: [:]][page] = try insertRow(name, page: page, parent: nil)
            case .childRows(let name, let parent, _): _ = try insertRow(name, page: page, parent: (parent, parentRow[parent]![page]!))
            case .pageColumns(let columns):
                for column in columns { try store.db.execute("UPDATE pages SET \"\(column)\" = 1 WHERE id = ?", page) }
            case .derived: continue
            }
        }
    }

    /// Inserts a row with every NOT NULL column given a plain value, `page_id` the page and the
    /// parent's key its row.
    private func insertRow(_ table: String, page: Int64, parent: (table: String, id: Int64)?) throws -> Int64 {
        let shape = try TableShape(table, in: store.db)
        var notNull: Set<String> = [], types: [String: String] = [:], hasDefault: Set<String> = []
        try store.db.query("PRAGMA table_info(\"\(table)\")") { row -> Void in
            types[row.string(1)] = row.string(2).uppercased()
            if row.int(3) == 1 { notNull.insert(row.string(1)) }
            if !row.isNull(4) { hasDefault.insert(row.string(1)) }
        }
        var columns: [String] = [], values: [SQLiteBindable?] = []
        for column in shape.columns where !(column == "id" && shape.hasOwnID) {
            if shape.references[column] == "pages" {
                columns.append(column); values.append(page)
            } else if let parent, shape.references[column] == parent.table {
                columns.append(column); values.append(parent.id)
            } else if notNull.contains(column) && !hasDefault.contains(column) {
                let type = types[column] ?? ""
                columns.append(column)
                values.append(type.contains("INT") ? 0 : type.contains("REAL") ? 0.5 : "x")
            }
        }
        let quoted = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try store.db.cachedStatement("INSERT INTO \"\(table)\"(\(quoted)) VALUES (\(marks))").execute(values)
        return store.db.lastInsertRowID
    }

    private func count(_ table: String, page: Int64) throws -> Int {
        try store.db.queryOne("SELECT count(*) FROM \"\(table)\" WHERE page_id = ?", [page]) { $0.int(0) } ?? -1
    }

    private func childCount(_ table: String, parent: String, page: Int64) throws -> Int {
        let shape = try TableShape(table, in: store.db)
        let key = shape.references.first { $0.value == parent }!.key
        return try store.db.queryOne("""
            SELECT count(*) FROM "\(table)" c JOIN "\(parent)" p ON p.id = c."\(key)" WHERE p.page_id = ?
            """, [page]) { $0.int(0) } ?? -1
    }

    private func value(_ column: String, page: Int64) throws -> Int? {
        try store.db.queryOne("SELECT \"\(column)\" FROM pages WHERE id = ?", [page]) { $0.optionalInt(0) } ?? nil
    }
}
