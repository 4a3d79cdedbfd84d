import Foundation
import SQLite

/// Whether an existing file may be used as quire's database. quire stamps its databases with
/// `PRAGMA application_id` (https://sqlite.org/pragma.html#pragma_application_id) and never
/// opens for writing a file that is not one of them: an unrelated SQLite database, another
/// application's file, or an empty file named by mistake stays byte-identical.
extension Store {
    /// quire's `application_id`: "QUIR" in ASCII.
    public static let applicationID: Int32 = 0x5155_4952

    enum Ownership: Equatable {
        /// No file yet: quire creates it.
        case absent
        /// Stamped with quire's application_id.
        case quire
        /// Made by a quire from before application_id: recognised by its quire-only schema.
        case legacyQuire
    }

    /// Decides, without writing anything, whether the file at `path` is a quire database.
    /// Throws `OpenError.notQuire` (one line, naming what was found) when it is not.
    static func ownership(of path: String) throws -> Ownership {
        let file = FilePath(path)
        guard let st = file.statInfo() else { return .absent }
        func refuse(_ reason: String) -> OpenError { .notQuire(path: path, reason: reason) }
        if let kind = InputFile.notRegular(st.st_mode) { throw refuse("it is \(kind.hasPrefix("a") ? kind : "not a regular file")") }
        if st.st_size == 0 { throw refuse("it is an empty file (0 bytes)") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw OpenError.unusable(path: path, reason: "cannot read: \(String(cString: strerror(errno)))")
        }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        try? handle.close()
        guard header.count == 100, header.prefix(16) == Data("SQLite format 3\0".utf8) else {
            throw refuse("it is not an SQLite database")
        }
        do {
            return try ownership(ofSQLiteFile: path, refuse: refuse)
        } catch let error as SQLiteError where !error.isBusy {
            // A database quire cannot write to (a WAL database needs its -shm) is no foreign file.
            if let problem = writeProblem(path) {
                throw OpenError.unusable(path: path, reason: "cannot be opened (\(error.message)): it cannot be written: \(problem)")
            }
            throw refuse("it cannot be read as an SQLite database: \(error.message)")
        }
    }

    /// Why the database at `path` (and the -wal and -shm files SQLite keeps beside it) cannot be
    /// written, or nil: a read-only file system, no write permission on the file or its folder.
    static func writeProblem(_ path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        var fs = statvfs()
        if statvfs(access(path, F_OK) == 0 ? path : folder, &fs) == 0, fs.f_flag & UInt(ST_RDONLY) != 0 {
            return "it is on a read-only file system"
        }
        var st = stat()
        if stat(path, &st) == 0, access(path, W_OK) != 0 {
            return "no write permission (mode 0\(String(st.st_mode & 0o777, radix: 8)), owner uid \(st.st_uid), quire runs as uid \(geteuid()))"
        }
        if access(folder, W_OK | X_OK) != 0 {
            return "its folder \(folder) is not writable (uid \(geteuid())), and SQLite makes its -wal and -shm files there"
        }
        return nil
    }

    private static func ownership(ofSQLiteFile path: String, refuse: (String) -> OpenError) throws -> Ownership {
        var options = Database.OpenOptions()
        options.readOnly = true
        let db = try Database(path: path, options: options)
        let appID = try db.queryOne("PRAGMA application_id", [], { Int32(truncatingIfNeeded: $0.int64(0)) }) ?? 0
        let tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") {
            $0.string(0)
        }
        if appID == applicationID {
            // quire's id is no proof: another program may carry it. A stamped file holds no
            // table yet (just created) or quire's own tables, with quire's first migration.
            guard !tables.isEmpty else { return .quire }
            let foreign = tables.filter { !knownTables.contains($0) }.sorted()
            let initial = tables.contains("schema_migrations")
                ? try db.queryOne("SELECT name FROM schema_migrations WHERE id = 1", [], { $0.string(0) }) : nil
            guard foreign.isEmpty, initial == Schema.migrator.migrations.first?.name else {
                let shown = (foreign.isEmpty ? ["no schema_migrations of quire's"] : foreign).prefix(5).joined(separator: ", ")
                throw refuse("it carries quire's application_id but not quire's schema: \(shown)"
                             + (foreign.count > 5 ? ", …" : "") + " (made by another program, or a newer quire?)")
            }
            return .quire
        }
        if appID != 0 {
            throw refuse("it belongs to another application: application_id \(String(format: "0x%08X", UInt32(bitPattern: appID)))")
        }
        if tables.isEmpty { throw refuse("an SQLite database without quire's application_id and without tables") }
        let foreign = tables.filter { !knownTables.contains($0) }.sorted()
        let initial = tables.contains("schema_migrations")
            ? try db.queryOne("SELECT name FROM schema_migrations WHERE id = 1", [], { $0.string(0) }) : nil
        guard foreign.isEmpty, initial == Schema.migrator.migrations.first?.name else {
            let shown = (foreign.isEmpty ? tables.sorted() : foreign).prefix(5).joined(separator: ", ")
            throw refuse("an SQLite database with tables quire did not make: \(shown)"
                         + (max(foreign.count, 1) > 5 ? ", …" : ""))
        }
        return .legacyQuire
    }

    /// The temporary name a new database is made under (see `createStamped`).
    static func creationPath(for path: String) -> String { path + ".creating" }

    /// Creates a new database at `path` that is quire's from its first byte: made and stamped
    /// with the application id under a temporary name, then linked into place (`link(2)` never
    /// replaces a file that appeared meanwhile). A run killed while creating leaves no 0-byte
    /// `path` behind, which the next run would have to refuse.
    static func createStamped(_ path: String) throws {
        let temporary = creationPath(for: path)
        unlink(temporary)
        defer { unlink(temporary) }
        do {
            let db = try Database(path: temporary)
            // Stamped, then switched to WAL, without a rollback journal: nobody else opens the
            // file before it is linked into place, and one killed half-way is removed by the next
            // attempt (above), so each of the two writes needs only its own fsync. With the
            // journal, stamping and then switching to WAL in `init` cost eight fsyncs.
            try db.execute(script: "PRAGMA journal_mode = OFF; PRAGMA application_id = \(applicationID); PRAGMA journal_mode = WAL")
        }
        guard link(temporary, path) != 0 else { return }
        switch errno {
        case EEXIST: return   // made meanwhile: the caller checks it again
        case EPERM, EOPNOTSUPP:
            // A file system without hard links (FAT, some FUSE): a rename, which could replace
            // a file made in the instant since the check.
            if rename(temporary, path) == 0 { return }
        default: break
        }
        throw OpenError.unusable(path: path, reason: "cannot create: \(String(cString: strerror(errno)))")
    }

    /// Every table quire's migrations create (read from their SQL), with the shadow tables of
    /// its FTS5 tables and the migrations table itself.
    static let knownTables: Set<String> = {
        var names: Set<String> = ["schema_migrations"]
        let pattern = try! NSRegularExpression(
            pattern: #"CREATE\s+(VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?["`\[]?([A-Za-z_][A-Za-z0-9_]*)"#,
            options: [.caseInsensitive])
        for migration in Schema.migrator.migrations {
            let sql = migration.sql as NSString
            for match in pattern.matches(in: migration.sql, range: NSRange(location: 0, length: sql.length)) {
                let name = sql.substring(with: match.range(at: 2))
                names.insert(name)
                if match.range(at: 1).location != NSNotFound {
                    // The shadow tables of FTS5 and FTS3/4 virtual tables.
                    for shadow in ["data", "idx", "content", "docsize", "config", "segments", "segdir", "stat"] {
                        names.insert("\(name)_\(shadow)")
                    }
                }
            }
        }
        return names
    }()
}
