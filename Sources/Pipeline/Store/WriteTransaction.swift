import SQLite

/// An open write transaction on the store: what ``Store/write(_:)`` hands its body, and the only
/// handle through which a stage writes (``PageStage/store(_:_:)``, ``PageStage/clear(pageID:in:)``).
///
/// It is valid only while the transaction is open: used after `write` returned (kept past the
/// closure), every call throws ``StoreUsageError/transactionEnded`` instead of writing outside
/// a transaction.
struct WriteTransaction {
    /// The store, for its readers and its own write helpers (called inside this transaction).
    let store: Store
    /// Whether SQLite checks this transaction's rows against their foreign keys.
    let foreignKeys: ForeignKeyChecks
    fileprivate let state: State

    fileprivate final class State { var isOpen = true }

    fileprivate init(store: Store, foreignKeys: ForeignKeyChecks) {
        self.store = store
        self.foreignKeys = foreignKeys
        self.state = State()
    }

    /// Runs one statement with `values` bound.
    func execute(_ sql: String, _ values: SQLiteBindable?...) throws {
        try statement(sql).execute(values)
    }

    /// A prepared statement (cached by the connection) to run many times in this transaction.
    func statement(_ sql: String) throws -> Statement {
        try checkOpen()
        return try store.db.cachedStatement(sql)
    }

    func query<T>(_ sql: String, _ values: [SQLiteBindable?] = [], _ transform: (Row) throws -> T) throws -> [T] {
        try checkOpen()
        return try store.db.query(sql, values, transform)
    }

    func queryOne<T>(_ sql: String, _ values: [SQLiteBindable?] = [], _ transform: (Row) throws -> T) throws -> T? {
        try checkOpen()
        return try store.db.queryOne(sql, values, transform)
    }

    /// Throws unless page `pageID` is in the database. A page's results refer to it: in a
    /// ``ForeignKeyChecks/trusted`` transaction this one look-up stands for the ones each of
    /// their rows made.
    func requirePage(_ pageID: Int64) throws {
        guard try queryOne("SELECT 1 FROM pages WHERE id = ?", [pageID], { $0.int(0) }) != nil else {
            throw StoreUsageError.pageMissing(pageID)
        }
    }

    /// The rowid of the last row inserted (in this transaction, by this connection).
    var lastInsertRowID: Int64 { store.db.lastInsertRowID }

    private func checkOpen() throws {
        guard state.isOpen else { throw StoreUsageError.transactionEnded }
    }
}

/// A bug in quire's use of the store, never a user's problem.
enum StoreUsageError: Error, CustomStringConvertible {
    case transactionEnded
    case nestedWrite
    case pageMissing(Int64)

    var description: String {
        switch self {
        case .transactionEnded: return "internal error: a write transaction was used after it ended"
        case .nestedWrite: return "internal error: a write transaction was opened inside another"
        case .pageMissing(let id): return "internal error: page \(id) is not in the database; its results were not stored"
        }
    }
}

/// Whether SQLite checks a write transaction's rows against their foreign keys.
enum ForeignKeyChecks {
    /// Every insert looks up its parents, every delete cascades (`PRAGMA foreign_keys = ON`, the
    /// store's setting).
    case enforced
    /// Neither (`PRAGMA foreign_keys = OFF` for the transaction): for a page's results only
    /// (``Store/commit(_:fingerprints:runID:)``, ``Store/commitDocumentPass(_:fingerprints:runID:)``),
    /// whose every row refers to the page (looked up once: ``WriteTransaction/requirePage(_:)``)
    /// or to a row inserted just before it, and whose every delete names the rows it removes,
    /// children first (``PageStage/clear(pageID:in:)``). The
    /// parents' look-ups cost a born-digital page's ≈ 500 words more than a tenth of a run's CPU
    /// (bench/RESULTS.md, "round27"); the tests check every database they fill with
    /// `PRAGMA foreign_key_check`.
    case trusted
}

extension Store {
    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`): commits when it returns, rolls
    /// back and rethrows when it throws. Every stage's output, and every change of more than one
    /// statement, goes through here; what is left outside is one-statement bookkeeping that
    /// commits on its own (a run's row, a document's status). A write inside a write is refused
    /// (the outer one's transaction is the one to use).
    func write<R>(foreignKeys: ForeignKeyChecks = .enforced, _ body: (WriteTransaction) throws -> R) throws -> R {
        let transaction = try beginWrite(foreignKeys: foreignKeys)
        let result: R
        do {
            result = try body(transaction)
        } catch {
            try? endWrite(transaction, commit: false)
            throw error
        }
        try endWrite(transaction, commit: true)
        return result
    }

    /// Opens the write transaction that ``write(foreignKeys:_:)`` runs its body in, for a caller
    /// that keeps it open across calls (``PageBatch``): it is the store's only one until
    /// ``endWrite(_:commit:)`` ends it.
    func beginWrite(foreignKeys: ForeignKeyChecks) throws -> WriteTransaction {
        guard !isWriting else { throw StoreUsageError.nestedWrite }
        if let failure = checkpointer?.failure { throw failure }
        // The pragma is a no-op inside a transaction: it is set around it, and set back however it ends.
        if foreignKeys == .trusted { try db.execute(script: "PRAGMA foreign_keys = OFF") }
        do {
            try db.execute(script: "BEGIN IMMEDIATE")
        } catch {
            if foreignKeys == .trusted { try? db.execute(script: "PRAGMA foreign_keys = ON") }
            throw error
        }
        isWriting = true
        return WriteTransaction(store: self, foreignKeys: foreignKeys)
    }

    /// Commits (`commit`) or rolls back `transaction`; a failed commit is rolled back and its
    /// error thrown. Ending a transaction that has ended does nothing.
    func endWrite(_ transaction: WriteTransaction, commit: Bool) throws {
        guard transaction.state.isOpen else { return }
        transaction.state.isOpen = false
        isWriting = false
        var failure: Error?
        if commit {
            do { try db.execute(script: "COMMIT") } catch {
                failure = error
                try? db.execute(script: "ROLLBACK")
            }
        } else {
            try? db.execute(script: "ROLLBACK")
        }
        if transaction.foreignKeys == .trusted {
            do { try db.execute(script: "PRAGMA foreign_keys = ON") } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    /// Writes several items in one transaction (`each`, then `after` once for them all); when
    /// that transaction fails, each item in a transaction of its own (`alone`), in order, so that
    /// those before a failing one are kept and its error is the one thrown. Many small pages, or
    /// a long document's pass tasks, share one commit this way; each item is still written wholly
    /// or not at all.
    func writeTogether<Item, R>(_ items: [Item], foreignKeys: ForeignKeyChecks = .enforced,
                                each: (Item, WriteTransaction) throws -> R, alone: (Item) throws -> R,
                                after: () throws -> Void = {}) throws -> [R] {
        if items.count == 1 { return [try alone(items[0])] }
        do {
            return try write(foreignKeys: foreignKeys) { transaction in
                let results = try items.map { try each($0, transaction) }
                try after()
                return results
            }
        } catch {
            return try items.map(alone)
        }
    }
}
