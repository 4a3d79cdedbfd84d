import Foundation
import SQLite

/// An exclusive lock on `<database>.lock` held for the duration of a run (flock(2): released by
/// the kernel when the process ends, even on SIGKILL, so a killed run never leaves it stuck), and
/// one on the database file itself: that one belongs to the file's inode, so a hard link, a bind
/// mount or a deleted lock file does not let a second writer in.
public final class RunLock {
    private let fd: Int32
    public let path: String
    private let databasePath: String
    /// A descriptor on the database file, flocked; open for as long as the run (closing a
    /// descriptor would drop SQLite's POSIX locks on the file, so it is closed only in deinit).
    private var fileFD: Int32 = -1
    /// The device and inode of the database file the lock holds.
    private(set) var identity: Discovery.FileID?
    /// Names the run recorded as running in a database, for the refusal's message.
    private let runningRun: (String) -> String?

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

    public convenience init(databasePath: String) throws {
        try self.init(databasePath: databasePath, runningRun: RunLock.runningRun(in:))
    }

    /// `runningRun` names the run holding the database; tests pass one that lets the lock go while
    /// it looks, as a run that ends at that moment does.
    init(databasePath: String, runningRun: @escaping (String) -> String?) throws {
        self.runningRun = runningRun
        let dir = (databasePath as NSString).deletingLastPathComponent
        if !dir.isEmpty { try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        path = RunLock.lockPath(for: databasePath)
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw Store.OpenError.unusable(path: databasePath, reason: Store.writeProblem(databasePath).map { "it cannot be written: \($0)" }
                                           ?? "cannot create lock file \(path): \(reason)")
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let running = runningRun(databasePath)
            // The run that held the lock may have ended while it was being named (a run finishing
            // as this one starts; the lock file and the runs table still name it): the lock is
            // free then, and this run takes it. Only a lock held now refuses the run.
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                close(fd)
                throw Store.OpenError.busy(path: databasePath, holder: running ?? (holder.isEmpty ? "unknown process" : holder))
            }
        }
        self.databasePath = databasePath
        ftruncate(fd, 0)
        let note = "pid \(getpid())\n"
        let lockFD = fd
        _ = note.withCString { write(lockFD, $0, strlen($0)) }
        if access(databasePath, F_OK) == 0 {
            try holdDatabaseFile()   // on failure deinit releases the path lock
        }
    }

    /// Locks the database file itself (once it exists: a new database is created under the
    /// path lock, then locked). Refused with `busy`, naming the run that holds it, when another
    /// process holds the file through any path.
    public func holdDatabaseFile() throws {
        guard fileFD < 0 else { return }
        let file = open(databasePath, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else {
            throw Store.OpenError.unusable(path: databasePath, reason: "cannot open it to lock it: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        fstat(file, &info)
        if flock(file, LOCK_EX | LOCK_NB) != 0 {
            // Through another path (a hard link) the database cannot be read without its WAL: the
            // kernel's lock table names the process, its command line the run.
            let holder = runningRun(databasePath) ?? RunLock.flockHolder(of: info)
            // As for the lock file: a holder that ended in between leaves the file free to take.
            if flock(file, LOCK_EX | LOCK_NB) != 0 {
                close(file)
                throw Store.OpenError.busy(path: databasePath, holder: holder ?? "unknown process")
            }
        }
        fileFD = file
        identity = Discovery.FileID(info)
    }

    /// The run recorded as running in the database at `path` ("run #3, pid 812, started …").
    static func runningRun(in path: String) -> String? {
        var options = Database.OpenOptions()
        options.readOnly = true
        options.busyTimeoutMS = 1_000
        guard let db = try? Database(path: path, options: options),
              let row = try? db.queryOne("SELECT id, pid, started_at FROM runs WHERE status = 'running' ORDER BY id DESC LIMIT 1", [],
                                         { "run #\($0.int64(0)), pid \($0.optionalInt(1).map(String.init) ?? "?"), started \($0.string(2))" })
        else { return nil }
        return row
    }

    /// The process holding a flock on the file `info` describes, from /proc/locks
    /// ("1: FLOCK  ADVISORY  WRITE 812 08:01:1234 0 EOF"), with its command line.
    static func flockHolder(of info: stat) -> String? {
        guard let table = ProcFile.read("/proc/locks") else { return nil }
        let dev = UInt64(info.st_dev)
        let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & ~0xfff), minor = (dev & 0xff) | ((dev >> 12) & ~0xff)
        for line in table.split(separator: "\n") {
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count >= 6, f[1] == "FLOCK", f[3] == "WRITE", let pid = Int32(f[4]) else { continue }
            let id = f[5].split(separator: ":")
            guard id.count == 3, UInt64(id[0], radix: 16) == major, UInt64(id[1], radix: 16) == minor,
                  UInt64(id[2]) == UInt64(info.st_ino) else { continue }
            let command = ProcFile.read("/proc/\(pid)/cmdline")?.split(separator: "\0").joined(separator: " ") ?? ""
            return "pid \(pid)" + (command.isEmpty ? "" : ": \(TerminalText.safe(command))")
        }
        return nil
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
        if fileFD >= 0 { close(fileFD) }
    }
}
