/// Numbered schema migrations, recorded in `schema_migrations` and applied once, in order.
/// A migration that has shipped is never edited: changes are new migrations.
public struct Migrator {
    public struct Migration {
        public let id: Int
        public let name: String
        public let sql: String
        public init(id: Int, name: String, sql: String) { self.id = id; self.name = name; self.sql = sql }
    }

    /// The schema that the migrations up to `through` leave, as the statements that make it at
    /// once: the `sql` of every table, index, view and trigger of a database migrated that far
    /// (``schemaScript(of:)``). A new database is given it instead of each of those migrations
    /// (which are recorded as applied), then the later ones. Replaying them made SQLite parse
    /// the whole schema again after every `ALTER TABLE`: a quire run over no files into a new
    /// database took 173 ms, 137 ms with the baseline. A database with any migration applied,
    /// or with a table of its own, is migrated step by step as before.
    public struct Baseline: Sendable {
        public let through: Int
        public let sql: String
        public init(through: Int, sql: String) { self.through = through; self.sql = sql }
    }

    public private(set) var migrations: [Migration] = []
    public var baseline: Baseline? {
        willSet {
            if let id = newValue?.through {
                precondition(migrations.contains { $0.id == id }, "a baseline through migration \(id), which is not registered")
            }
        }
    }
    public init() {}

    public mutating func register(_ id: Int, _ name: String, sql: String) {
        precondition(migrations.last.map { $0.id < id } ?? true, "migrations must be registered in increasing order")
        migrations.append(Migration(id: id, name: name, sql: sql))
    }

    /// Applies every migration not yet recorded, in order, all in one transaction: a new quire
    /// database gets its 18 migrations in one commit instead of one each (each commit rewrites
    /// the schema pages in the WAL), and a migration that fails leaves the database as it was,
    /// none of them recorded. Returns the ids applied.
    @discardableResult
    public func migrate(_ db: Database) throws -> [Int] {
        try db.execute(script: """
            CREATE TABLE IF NOT EXISTS schema_migrations(
              id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT (datetime('now')))
            """)
        let applied = Set(try db.query("SELECT id FROM schema_migrations") { $0.int(0) })
        if let newest = applied.max(), let known = migrations.last?.id, newest > known {
            throw SQLiteError(code: 1, message: "database schema version \(newest) is newer than this quire knows (\(known))",
                              context: "migrate", file: db.path)
        }
        let pending = migrations.filter { !applied.contains($0.id) }
        guard !pending.isEmpty else { return [] }
        // A baseline only for a database with nothing in it yet.
        let base = try baseline.flatMap { baseline in
            try applied.isEmpty && db.queryOne("SELECT count(*) FROM sqlite_master WHERE name <> 'schema_migrations'") { $0.int(0) } == 0
                ? baseline : nil
        }
        try db.transaction {
            if let base { try db.execute(script: base.sql) }
            for m in pending {
                if m.id > base?.through ?? Int.min { try db.execute(script: m.sql) }
                try db.execute("INSERT INTO schema_migrations(id, name) VALUES (?, ?)", m.id, m.name)
            }
        }
        return pending.map(\.id)
    }

    /// The statements that make `db`'s schema at once, for a ``Baseline``: each table (FTS5
    /// tables by their `CREATE VIRTUAL TABLE`, which makes their shadow tables), then each
    /// index, view and trigger, in the order they were made, as `sqlite_master` holds them.
    /// `schema_migrations` and SQLite's own tables are left out.
    public static func schemaScript(of db: Database) throws -> String {
        try db.query("""
            SELECT sql FROM sqlite_master
            WHERE sql IS NOT NULL AND name <> 'schema_migrations' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
              AND name NOT IN (SELECT name FROM pragma_table_list WHERE type = 'shadow')
            ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid
            """) { $0.string(0) }.joined(separator: ";\n") + ";"
    }
}
