/// Numbered schema migrations, recorded in `schema_migrations` and applied once, in order.
/// A migration that has shipped is never edited: changes are new migrations.
public struct Migrator {
    public struct Migration {
        public let id: Int
        public let name: String
        public let sql: String
        public init(id: Int, name: String, sql: String) { self.id = id; self.name = name; self.sql = sql }
    }

    public private(set) var migrations: [Migration] = []
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
        try db.transaction {
            for m in pending {
                try db.execute(script: m.sql)
                try db.execute("INSERT INTO schema_migrations(id, name) VALUES (?, ?)", m.id, m.name)
            }
        }
        return pending.map(\.id)
    }
}
