import Foundation
import SQLite

/// The quire database: the only code that writes SQL. One `Store` per process; the coordinator
/// is the only writer (STYLE 16, 18). Not Sendable.
public final class Store {
    let db: Database
    public let path: String

    /// Errors that make the database unusable for a run.
    public enum OpenError: Error, CustomStringConvertible {
        case unusable(path: String, reason: String)
        case busy(path: String, holder: String)
        /// The file exists and is not a quire database: it is left exactly as it is.
        case notQuire(path: String, reason: String)

        public var description: String {
            switch self {
            case .unusable(let path, let reason): return "\(path): database unusable: \(reason)"
            case .notQuire(let path, let reason):
                return "\(path): not a quire database (\(reason)); quire leaves it untouched: name another database file"
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

    /// Runs `body` in one transaction.
    func transaction<R>(_ body: () throws -> R) throws -> R { try db.transaction(.immediate, body) }

    /// For tests and `status`: a raw query.
    public func query<T>(_ sql: String, _ values: [SQLiteBindable?] = [], _ transform: (Row) throws -> T) throws -> [T] {
        try db.query(sql, values, transform)
    }
}

/// An exclusive lock on `<database>.lock` held for the duration of a run (flock(2): released by
/// the kernel when the process ends, even on SIGKILL, so a killed run never leaves it stuck).
public final class RunLock {
    private let fd: Int32
    public let path: String

    /// The lock file of the database at `databasePath`: next to the file the path resolves to
    /// (symbolic links followed), so two spellings of one database share one lock.
    public static func lockPath(for databasePath: String) -> String {
        resolvedDatabasePath(databasePath) + ".lock"
    }

    /// `path` with symbolic links resolved, also when the file (or the link's target) does not
    /// exist yet: then its folder is resolved.
    static func resolvedDatabasePath(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            if let real = FilePath(current).resolved() { return real.display }
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { break }
            current = target.hasPrefix("/") ? target : (current as NSString).deletingLastPathComponent + "/" + target
        }
        let folder = (current as NSString).deletingLastPathComponent
        let name = (current as NSString).lastPathComponent
        guard let real = FilePath(folder.isEmpty ? "." : folder).resolved() else { return current }
        return real.display + "/" + name
    }

    public init(databasePath: String) throws {
        let dir = (databasePath as NSString).deletingLastPathComponent
        if !dir.isEmpty { try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        path = RunLock.lockPath(for: databasePath)
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw Store.OpenError.unusable(path: databasePath, reason: "cannot create lock file \(path): \(String(cString: strerror(errno)))")
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            close(fd)
            throw Store.OpenError.busy(path: databasePath, holder: holder.isEmpty ? "unknown process" : holder)
        }
        ftruncate(fd, 0)
        let note = "pid \(getpid())\n"
        _ = note.withCString { write(fd, $0, strlen($0)) }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
