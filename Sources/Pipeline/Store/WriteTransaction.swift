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
    fileprivate let state: State

    fileprivate final class State { var isOpen = true }

    fileprivate init(store: Store) {
        self.store = store
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

    var description: String {
        switch self {
        case .transactionEnded: return "internal error: a write transaction was used after it ended"
        case .nestedWrite: return "internal error: a write transaction was opened inside another"
        }
    }
}

extension Store {
    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`): commits when it returns, rolls
    /// back and rethrows when it throws. Every stage's output, and every change of more than one
    /// statement, goes through here; what is left outside is one-statement bookkeeping that
    /// commits on its own (a run's row, a document's status). A write inside a write is refused
    /// (the outer one's transaction is the one to use).
    func write<R>(_ body: (WriteTransaction) throws -> R) throws -> R {
        guard !isWriting else { throw StoreUsageError.nestedWrite }
        isWriting = true
        defer { isWriting = false }
        let transaction = WriteTransaction(store: self)
        defer { transaction.state.isOpen = false }
        return try db.transaction(.immediate) { try body(transaction) }
    }

    /// Writes several items in one transaction (`each`, then `after` once for them all); when
    /// that transaction fails, each item in a transaction of its own (`alone`), in order, so that
    /// those before a failing one are kept and its error is the one thrown. Many small pages, or
    /// a long document's pass tasks, share one commit this way; each item is still written wholly
    /// or not at all.
    func writeTogether<Item, R>(_ items: [Item], each: (Item, WriteTransaction) throws -> R, alone: (Item) throws -> R,
                                after: () throws -> Void = {}) throws -> [R] {
        if items.count == 1 { return [try alone(items[0])] }
        do {
            return try write { transaction in
                let results = try items.map { try each($0, transaction) }
                try after()
                return results
            }
        } catch {
            return try items.map(alone)
        }
    }
}
