import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// One SQLite connection: owns the `sqlite3*`, closed in `deinit`.
///
/// "Applications should finalize all prepared statements … associated with the sqlite3 object
/// prior to attempting to close the object" (https://sqlite.org/c3ref/close.html): the statement
/// cache is emptied before `sqlite3_close_v2`. Not Sendable: one thread uses a connection.
public final class Database {
    private var handle: OpaquePointer?
    private var statementCache: [String: Statement] = [:]
    private var commitGuard: Unmanaged<CommitGuard>?
    private var logWatcher: Unmanaged<LogWatcher>?
    public let path: String

    public struct OpenOptions: Sendable {
        public var readOnly = false
        /// Milliseconds to wait for a lock held by another connection.
        public var busyTimeoutMS: Int32 = 5_000
        public init() {}
    }

    public init(path: String, options: OpenOptions = .init()) throws {
        self.path = path
        if !options.readOnly { try Self.restoreWriteAccess(toSidecarsOf: path) }
        var db: OpaquePointer?
        let flags = (options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            // "Whether or not an error occurs when it is opened, resources associated with the
            // database connection handle should be released by passing it to sqlite3_close()".
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: message, context: "open", file: path)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, options.busyTimeoutMS)
    }

    /// A `-wal` or `-shm` file left without write permission (by a failed attempt under another
    /// umask, or a restored copy) makes every write fail with "attempt to write a readonly
    /// database", even once the database itself is writable again. Its owner gets the write bit
    /// back (a chmod keeps the inode that other connections may have mapped); when that is not
    /// possible, the error names the file.
    static func restoreWriteAccess(toSidecarsOf path: String) throws {
        for sidecar in [path + "-wal", path + "-shm"] {
            var info = stat()
            guard lstat(sidecar, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if info.st_uid == geteuid(), info.st_mode & S_IWUSR == 0 {
                _ = chmod(sidecar, (info.st_mode & 0o7777) | S_IWUSR)
            }
            if access(sidecar, W_OK) == 0 { continue }
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw SQLiteError(code: SQLITE_READONLY,
                              message: "\(sidecar) is not writable (mode 0\(mode), owner uid \(info.st_uid)) and cannot be made so; "
                                + "remove it when no process uses the database",
                              context: "open", file: path)
        }
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
        commitGuard?.release()
        logWatcher?.release()
    }

    private final class LogWatcher {
        let committed: (Int) -> Void
        init(_ committed: @escaping (Int) -> Void) { self.committed = committed }
    }

    /// Calls `committed` after every commit in WAL mode with the number of frames the log now
    /// holds (sqlite3_wal_hook). It takes the place of `PRAGMA wal_autocheckpoint`, which uses
    /// the same hook: the connection no longer checkpoints on its own.
    public func watchLog(_ committed: @escaping (_ frames: Int) -> Void) {
        let box = Unmanaged.passRetained(LogWatcher(committed))
        _ = sqlite3_wal_hook(handle, { context, _, _, frames in
            if let context { Unmanaged<LogWatcher>.fromOpaque(context).takeUnretainedValue().committed(Int(frames)) }
            return SQLITE_OK
        }, box.toOpaque())
        logWatcher?.release()
        logWatcher = box
    }

    private final class CommitGuard {
        let allow: () -> Bool
        init(_ allow: @escaping () -> Bool) { self.allow = allow }
    }

    /// Asks `allow` before every commit, explicit or autocommit (sqlite3_commit_hook): when it
    /// returns false the commit becomes a rollback and the statement fails with
    /// SQLITE_CONSTRAINT_COMMITHOOK.
    public func guardCommits(_ allow: @escaping () -> Bool) {
        let box = Unmanaged.passRetained(CommitGuard(allow))
        _ = sqlite3_commit_hook(handle, { context in
            guard let context else { return 0 }
            return Unmanaged<CommitGuard>.fromOpaque(context).takeUnretainedValue().allow() ? 0 : 1
        }, box.toOpaque())
        commitGuard?.release()
        commitGuard = box
    }

    func withHandle<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try body(handle!)
    }

    func error(code: Int32, context: String) -> SQLiteError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? ""
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        return SQLiteError(code: extended, message: message, context: context, file: path)
    }

    /// Runs one or more SQL statements without parameters (DDL, pragmas).
    public func execute(script sql: String) throws {
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errmsg)
        if rc != SQLITE_OK {
            let message = errmsg.map { String(cString: $0) } ?? ""
            sqlite3_free(errmsg)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: message, context: sql, file: path)
        }
    }

    /// A cached prepared statement for `sql` (prepared once per connection).
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let stmt = statementCache[sql] { return stmt }
        let stmt = try Statement(database: self, sql: sql)
        statementCache[sql] = stmt
        return stmt
    }

    /// Runs one statement with parameters.
    public func execute(_ sql: String, _ values: SQLiteBindable?...) throws {
        try cachedStatement(sql).execute(values)
    }

    /// Runs a query and maps its rows.
    public func query<T>(_ sql: String, _ values: [SQLiteBindable?] = [], _ transform: (Row) throws -> T) throws -> [T] {
        try cachedStatement(sql).map(values, transform)
    }

    /// The first row of a query, mapped; nil when there is none.
    public func queryOne<T>(_ sql: String, _ values: [SQLiteBindable?] = [], _ transform: (Row) throws -> T) throws -> T? {
        var result: T?
        let stmt = try cachedStatement(sql)
        try stmt.forEachRow(values) { row in
            if result == nil { result = try transform(row) }
        }
        return result
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }
    /// Rows this connection inserted, updated or deleted since it opened (a transaction rolled
    /// back counts too): unchanged, nothing this connection can see has changed unless another
    /// connection wrote.
    public var totalChanges: Int64 { sqlite3_total_changes64(handle) }

    public enum TransactionKind: String { case deferred = "DEFERRED", immediate = "IMMEDIATE", exclusive = "EXCLUSIVE" }

    /// Runs `body` in a transaction: commits when it returns, rolls back and rethrows the first
    /// error when it throws.
    public func transaction<R>(_ kind: TransactionKind = .immediate, _ body: () throws -> R) throws -> R {
        try execute(script: "BEGIN \(kind.rawValue)")
        do {
            let result = try body()
            try execute(script: "COMMIT")
            return result
        } catch {
            try? execute(script: "ROLLBACK")
            throw error
        }
    }

    /// SQLite's library version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}
