import Foundation
import SQLite

/// Copies a run's commits from the WAL into the database file on a thread and a connection of
/// its own, after each commit that leaves the log at `Store.backgroundCheckpointPages` or more
/// (`PRAGMA wal_checkpoint(PASSIVE)`: it never waits for the writer, which goes on appending to
/// the log meanwhile).
///
/// Without it the whole log was copied when the run's connection closed, after the last page:
/// for 200 born-digital pages a 14 MB log synced, copied and the database synced again,
/// ≈ 50 ms at the end of a 0.55 s run with the workers already idle; on 2,000 pages the
/// writer's own checkpoints every 64 MiB of log held up the commits. Whenever a checkpoint has
/// caught up with the writer, the log also starts over from its beginning. What is
/// durable when is unchanged: a commit is in the log when it returns; a page copied into the
/// database file is synced there before the log is reused or deleted (SQLite's checkpoint).
/// `@unchecked Sendable`: its flags are read and written under `condition`; its connection is
/// used by its thread alone once started.
final class WALCheckpointer: @unchecked Sendable {
    /// Closed by ``stop()``, so that the writer's close is the last and copies what is left.
    private var connection: Database?
    private let condition = NSCondition()
    private var commitsPending = false
    private var copying = false
    private var stopping = false
    private var failed: (any Error)?
    private let finished = DispatchSemaphore(value: 0)

    /// Opens its own connection to the database at `path` and starts its thread.
    init(path: String) throws {
        let connection = try Database(path: path)
        try connection.execute(script: "PRAGMA cache_size = -512")
        self.connection = connection
        let thread = Thread { [self] in run() }
        thread.name = "quire-checkpoint"
        thread.start()
    }

    /// The log has grown: what it holds is copied soon.
    func logGrew() {
        condition.lock()
        commitsPending = true
        condition.signal()
        condition.unlock()
    }

    /// Whether a copy is asked for or under way. The writer's next transaction waits for it
    /// when it can (``PageBatch``): a transaction begun before the copy has caught up keeps the
    /// log from starting over at its commit.
    var isCopying: Bool {
        condition.lock()
        defer { condition.unlock() }
        return commitsPending || copying
    }

    /// The error a checkpoint failed with (the disk full, the file over its size limit, an I/O
    /// error), once one has: the writer refuses its next transactions with it
    /// (``Store/write(foreignKeys:_:)``) rather than a run going on to fill a log it cannot empty.
    var failure: (any Error)? {
        condition.lock()
        defer { condition.unlock() }
        return failed
    }

    /// Ends the thread (after the checkpoint it is making), waits for it and closes its
    /// connection: the writer's own close is then the last, which copies what is left and
    /// deletes the log. (Left to this object's release, the connection could outlive the
    /// process's end, held by the thread's closure: the log stayed beside the database.)
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
        finished.wait()
        connection = nil
    }

    private func run() {
        while true {
            condition.lock()
            while !commitsPending && !stopping { condition.wait() }
            let stop = stopping
            commitsPending = false
            copying = !stop
            condition.unlock()
            if stop { break }
            defer {
                condition.lock()
                copying = false
                condition.unlock()
            }
            do {
                try connection?.execute(script: "PRAGMA wal_checkpoint(PASSIVE)")
            } catch let error as SQLiteError where error.isBusy {
                continue   // another connection checkpointing: the next commit tries again
            } catch {
                condition.lock()
                failed = error
                condition.unlock()
                break
            }
        }
        finished.signal()
    }
}
