import Foundation
import SQLite

/// The quire database: the only code that writes SQL. One `Store` per process; the coordinator
/// is the only writer (STYLE 16, 18). Not Sendable.
public final class Store {
    let db: Database
    public let path: String
    /// Set by ``pinIdentity(_:)``: the file every commit must still be (Store+Identity.swift).
    var identityWatch: IdentityWatch?
    /// Whether a ``write(_:)`` transaction is open (WriteTransaction.swift).
    var isWriting = false
    /// ``documentDateOrder(documentID:)``'s last sums, with the connection's change count they
    /// were summed at: one document's (a run sends a document's pages together), so that a run
    /// over a million documents keeps no memo per document.
    var documentDateOrderMemo: (documentID: Int64, changes: Int64, dayFirst: Int, monthFirst: Int)?
    /// Pages written ahead of their commit (Store+PageBatch.swift).
    var pageBatch: PageBatch?
    /// A run's writer copies its commits into the database file as it goes (``configureForRun()``).
    var checkpointer: WALCheckpointer?

    /// Errors that make the database unusable for a run.
    public enum OpenError: Error, CustomStringConvertible {
        case unusable(path: String, reason: String)
        case busy(path: String, holder: String)
        /// The file exists and is not a quire database: it is left exactly as it is.
        case notQuire(path: String, reason: String)
        /// The database file was deleted or replaced while a run wrote to it.
        case replaced(path: String, reason: String)

        public var description: String {
            switch self {
            case .unusable(let path, let reason): return "\(path): database unusable: \(reason)"
            case .notQuire(let path, let reason):
                return "\(path): not a quire database (\(reason)); quire leaves it untouched: name another database file"
            case .replaced(let path, let reason):
                return "\(path): the database file \(reason) during the run; nothing more is written to it, "
                    + "and this run's results since then are not in the file at that path"
            case .busy(let path, let holder):
                return "\(path): another quire run is using this database (\(holder)); wait for it to finish or stop it"
            }
        }
    }

    /// Opens (creating if needed) and migrates the database.
    public init(path: String, readOnly: Bool = false) throws {
        self.path = path
        do {
            if !readOnly {
                let dir = (path as NSString).deletingLastPathComponent
                if !dir.isEmpty { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
            } else if !FileManager.default.fileExists(atPath: path) {
                throw OpenError.unusable(path: path, reason: "no such file")
            }
            if !readOnly, FileManager.default.fileExists(atPath: path), let problem = Store.writeProblem(path) {
                throw OpenError.unusable(path: path, reason: "it cannot be written: \(problem)")
            }
            // Never take over a file quire did not create (checked without writing to it).
            var ownership = try Store.ownership(of: path)
            if ownership == .absent && !readOnly {
                try Store.createStamped(path)
                ownership = try Store.ownership(of: path)
            }
            var options = Database.OpenOptions()
            options.readOnly = readOnly
            db = try Database(path: path, options: options)
            try db.execute(script: "PRAGMA foreign_keys = ON")
            if !readOnly {
                // A database of a quire from before application_id is stamped now.
                if ownership != .quire { try db.execute(script: "PRAGMA application_id = \(Store.applicationID)") }
                try db.execute(script: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
                try Schema.migrator.migrate(db)
            } else {
                _ = try db.query("SELECT count(*) FROM schema_migrations") { $0.int(0) }
            }
        } catch let error as OpenError {
            throw error
        } catch let error as SQLiteError where error.file == path {
            throw OpenError.unusable(path: path, reason: error.detail)   // the path once, not twice
        } catch {
            throw OpenError.unusable(path: path, reason: "\(error)")
        }
    }

    /// Sets this connection's page cache (SQLite's default is 2 MiB): for a long bulk write
    /// into a large database (`quire merge`).
    func setCacheSize(mebibytes: Int) throws {
        try db.execute(script: "PRAGMA cache_size = -\(mebibytes * 1024)")
    }

    /// The page cache of a run's writer connection (SQLite's default: 2 MiB). A page's ≈ 500
    /// words go into three B-trees (the table and its two indexes) and a batch of pages shares
    /// one transaction: with 2 MiB the cache spilled dirty pages into the WAL in the middle of a
    /// transaction and read the same pages back (≈ 17,700 `pread`s and 25,000 `pwrite`s for a
    /// 200-page PDF, 14 MB of database). The writer does not checkpoint: its commits are copied
    /// into the database file by ``WALCheckpointer``, and what is left when it closes. Durability
    /// is unchanged: a commit is in the WAL when `COMMIT` returns, checkpoint or not (a process
    /// killed at any moment loses nothing committed).
    static let runCacheMiB = 8

    /// Sets the page cache of a run's writer (above), and has its commits copied into the
    /// database file once the log holds `backgroundCheckpointPages` (``WALCheckpointer``).
    func configureForRun() throws {
        try setCacheSize(mebibytes: Self.runCacheMiB)
        guard checkpointer == nil else { return }
        let checkpointer = try WALCheckpointer(path: path)
        self.checkpointer = checkpointer
        // In place of the writer's own checkpoints (`wal_autocheckpoint`, the same hook).
        db.watchLog { frames in if frames >= Self.backgroundCheckpointPages { checkpointer.logGrew() } }
    }

    /// How many pages the log holds before the run's commits are copied into the database file
    /// (``WALCheckpointer``): SQLite's own default. After each small commit (a real PDF's slow
    /// pages commit one by one) the copy and its two syncs cost more than they saved.
    static let backgroundCheckpointPages = 1_000

    deinit {
        // Before the writer's connection closes: its close is then the last, and deletes the log.
        checkpointer?.stop()
    }

    /// For tests and `status`: a raw query.
    public func query<T>(_ sql: String, _ values: [SQLiteBindable?] = [], _ transform: (Row) throws -> T) throws -> [T] {
        try db.query(sql, values, transform)
    }
}
