import SQLite
@testable import Pipeline

/// A database at `path` as quire wrote it before migration `id`: every migration older than it
/// applied, none from it on (for the tests of what a migration does to an existing archive).
func archiveBeforeMigration(_ id: Int, at path: String) throws -> Database {
    let db = try Database(path: path)
    var old = Migrator()
    for migration in Schema.migrator.migrations where migration.id < id {
        old.register(migration.id, migration.name, sql: migration.sql)
    }
    try old.migrate(db)
    return db
}
