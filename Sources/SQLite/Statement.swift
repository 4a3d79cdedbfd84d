import CSQLite

/// `SQLITE_TRANSIENT` does not import into Swift: SQLite copies the bound bytes (also ``ParameterBinder``'s).
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement: owns one `sqlite3_stmt`, finalized in `deinit`.
///
/// "The application must finalize every prepared statement in order to avoid resource leaks"
/// (https://sqlite.org/c3ref/finalize.html). Not Sendable: it belongs to its connection.
public final class Statement {
    private let handle: OpaquePointer
    private unowned let database: Database
    public let sql: String

    init(database: Database, sql: String) throws {
        var stmt: OpaquePointer?
        let rc = database.withHandle { sqlite3_prepare_v2($0, sql, -1, &stmt, nil) }
        guard rc == SQLITE_OK, let stmt else {
            throw database.error(code: rc, context: sql)
        }
        self.handle = stmt
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to its parameters (1-based, in order).
    public func bind(_ values: [SQLiteBindable?]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value?.sqliteValue ?? .null {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
            case .real(let v): rc = sqlite3_bind_double(handle, index, v)
            case .text(let v): rc = sqlite3_bind_text(handle, index, v, -1, SQLITE_TRANSIENT)
            case .blob(let v):
                rc = v.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT) }
            }
            guard rc == SQLITE_OK else { throw database.error(code: rc, context: sql) }
        }
    }

    /// Runs the statement to completion (for INSERT/UPDATE/DELETE/DDL).
    public func execute(_ values: [SQLiteBindable?] = []) throws {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Runs the statement to completion with its parameters bound by `bind`, in order, with their
    /// own types (``ParameterBinder``): for the rows of a bulk insert.
    public func execute(binding bind: (inout ParameterBinder) throws -> Void) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        var binder = ParameterBinder(handle: handle, statement: self)
        try bind(&binder)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Runs a query and hands each row to `body`; the row is valid only inside the call.
    public func forEachRow(_ values: [SQLiteBindable?] = [], _ body: (Row) throws -> Void) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() {
            try body(Row(statement: handle))
        }
    }

    /// Runs a query and maps every row to a value.
    public func map<T>(_ values: [SQLiteBindable?] = [], _ transform: (Row) throws -> T) throws -> [T] {
        var out: [T] = []
        try forEachRow(values) { out.append(try transform($0)) }
        return out
    }

    /// The error of a failed bind, with this statement's SQL.
    func failure(_ rc: Int32) -> SQLiteError { database.error(code: rc, context: sql) }

    private func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)
            throw database.error(code: rc, context: sql)
        }
    }
}

/// A view of the current row of a running statement: read its columns inside the closure
/// that received it, never keep it.
public struct Row {
    fileprivate let statement: OpaquePointer

    fileprivate init(statement: OpaquePointer) { self.statement = statement }

    public var columnCount: Int { Int(sqlite3_column_count(statement)) }
    public func isNull(_ i: Int) -> Bool { sqlite3_column_type(statement, Int32(i)) == SQLITE_NULL }
    public func int(_ i: Int) -> Int { Int(sqlite3_column_int64(statement, Int32(i))) }
    public func int64(_ i: Int) -> Int64 { sqlite3_column_int64(statement, Int32(i)) }
    public func double(_ i: Int) -> Double { sqlite3_column_double(statement, Int32(i)) }
    public func string(_ i: Int) -> String {
        guard let text = sqlite3_column_text(statement, Int32(i)) else { return "" }
        return String(cString: text)
    }
    public func optionalString(_ i: Int) -> String? { isNull(i) ? nil : string(i) }
    public func optionalInt(_ i: Int) -> Int? { isNull(i) ? nil : int(i) }
    public func optionalDouble(_ i: Int) -> Double? { isNull(i) ? nil : double(i) }
    public func optionalBlob(_ i: Int) -> [UInt8]? { isNull(i) ? nil : blob(i) }
    public func blob(_ i: Int) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, Int32(i)))
        guard count > 0, let bytes = sqlite3_column_blob(statement, Int32(i)) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
