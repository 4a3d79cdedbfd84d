import CSQLite

/// Binds a statement's parameters one after the other (1-based, in call order) with their
/// own types: a bulk insert's row (a page's ≈ 500 words) without the `[SQLiteBindable?]` array
/// of existentials that ``Statement/execute(_:)`` builds, boxes and unboxes for every row.
/// The values stored are those `execute(_:)` stores: `Bool` as 0/1, nil as NULL.
public struct ParameterBinder {
    private let handle: OpaquePointer
    private let statement: Statement
    private var index: Int32 = 1

    init(handle: OpaquePointer, statement: Statement) {
        self.handle = handle
        self.statement = statement
    }

    private mutating func next(_ rc: Int32) throws {
        guard rc == SQLITE_OK else { throw statement.failure(rc) }
        index += 1
    }

    public mutating func bind(_ v: Int) throws { try next(sqlite3_bind_int64(handle, index, Int64(v))) }
    public mutating func bind(_ v: Int64) throws { try next(sqlite3_bind_int64(handle, index, v)) }
    public mutating func bind(_ v: Double) throws { try next(sqlite3_bind_double(handle, index, v)) }
    public mutating func bind(_ v: Bool) throws { try next(sqlite3_bind_int64(handle, index, v ? 1 : 0)) }
    public mutating func bind(_ v: String) throws { try next(sqlite3_bind_text(handle, index, v, -1, SQLITE_TRANSIENT)) }
    public mutating func bind(_ v: Int?) throws {
        if let v { try bind(v) } else { try next(sqlite3_bind_null(handle, index)) }
    }
    public mutating func bind(_ v: Double?) throws {
        if let v { try bind(v) } else { try next(sqlite3_bind_null(handle, index)) }
    }
}
