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

    /// Applies every migration not yet recorded, each in its own transaction. Returns the ids applied.
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
        var done: [Int] = []
        for m in migrations where !applied.contains(m.id) {
            try db.transaction {
                try db.execute(script: m.sql)
                try db.execute("INSERT INTO schema_migrations(id, name) VALUES (?, ?)", m.id, m.name)
            }
            done.append(m.id)
        }
        return done
    }
}
