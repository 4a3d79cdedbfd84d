import CSQLite
import Foundation

/// Copies a WAL database's committed pages into the database file on a thread of its own, while
/// the writer goes on: a passive checkpoint (https://sqlite.org/c3ref/wal_checkpoint_v2.html)
/// after each ``request()``, on a second connection that only ever checkpoints.
///
/// Without it the writer's connection did the copying itself, all of it at its close when the
/// log had not reached `wal_autocheckpoint`: for a 200-page born-digital PDF (14 MB of database)
/// the run ended with 3,495 page copies and their `fdatasync`, ≈ 75 ms in which nothing else ran.
/// A passive checkpoint takes no lock a writer needs, so it runs beside the next transaction;
/// once it has copied the whole log, the writer's next transaction starts the log again from its
/// beginning, and the log stays about one transaction long.
///
/// Durability does not change: a transaction is safe in the log when its `COMMIT` returns. The
/// checkpointer's connection is opened, used and closed on its own thread (a connection is used
/// by one thread, ``Database``), and closed by ``stop()`` before the writer's closes, so that the
/// writer's close is the last one and removes the log as before.
public final class WALCheckpointer: @unchecked Sendable {
    private let path: String
    private let condition = NSCondition()
    private var pending = false
    private var stopping = false
    private var finished = false
    /// Checkpoints that ran, and the first error one returned (a checkpoint that fails leaves the
    /// log to the writer's own checkpoints: nothing is lost, nothing is reported to the run).
    private var runs = 0
    private var firstError: SQLiteError?

    /// Starts the thread, which opens its connection to the database at `path` (in WAL mode).
    public init(path: String) {
        self.path = path
        let thread = Thread { [self] in loop() }
        thread.name = "quire.checkpoint"
        thread.start()
    }

    /// Asks for a checkpoint (after a commit). Requests made while one runs become one more.
    public func request() {
        condition.lock()
        pending = true
        condition.signal()
        condition.unlock()
    }

    /// Checkpoints that ran so far.
    public var completed: Int {
        condition.lock()
        defer { condition.unlock() }
        return runs
    }

    /// Ends the thread after the checkpoint it may be running (one only requested is dropped:
    /// the writer's close copies what is left), and closes its connection. Returns how many
    /// checkpoints ran and the first error one returned.
    @discardableResult
    public func stop() -> (checkpoints: Int, error: SQLiteError?) {
        condition.lock()
        stopping = true
        condition.signal()
        while !finished { condition.wait() }
        let result = (runs, firstError)
        condition.unlock()
        return result
    }

    private func loop() {
        var database: Database?
        do {
            let connection = try Database(path: path)
            // A connection knows the database is in WAL mode once it has read it: before, a
            // checkpoint does nothing (and reports -1 frames).
            _ = try connection.queryOne("SELECT count(*) FROM sqlite_schema") { $0.int(0) }
            database = connection
        } catch {
            record(error as? SQLiteError)
        }
        while true {
            condition.lock()
            while !pending && !stopping { condition.wait() }
            let stop = stopping
            pending = false
            condition.unlock()
            if stop { break }
            guard let database else { continue }
            do {
                try database.checkpoint(.passive)
                record(nil)
            } catch let error as SQLiteError where error.code & 0xff == SQLITE_BUSY {
                continue   // the writer's own checkpoint runs: the next request copies the rest
            } catch {
                record(error as? SQLiteError)
            }
        }
        database = nil   // closed here, on the thread that used it
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func record(_ error: SQLiteError?) {
        condition.lock()
        if let error { if firstError == nil { firstError = error } } else { runs += 1 }
        condition.unlock()
    }
}

extension Database {
    public enum CheckpointMode {
        /// Copies what it can without waiting for readers or writers.
        case passive
        /// Waits for the writer and readers, copies the whole log and empties it.
        case truncate

        var sqlite: Int32 {
            switch self {
            case .passive: return SQLITE_CHECKPOINT_PASSIVE
            case .truncate: return SQLITE_CHECKPOINT_TRUNCATE
            }
        }
    }

    /// Copies the write-ahead log's committed pages into the database file
    /// (`sqlite3_wal_checkpoint_v2`). Returns the log's frames and those copied.
    @discardableResult
    public func checkpoint(_ mode: CheckpointMode) throws -> (logFrames: Int, copied: Int) {
        var log: Int32 = 0
        var copied: Int32 = 0
        let rc = withHandle { sqlite3_wal_checkpoint_v2($0, nil, mode.sqlite, &log, &copied) }
        guard rc == SQLITE_OK else { throw error(code: rc, context: "checkpoint") }
        return (Int(log), Int(copied))
    }
}
