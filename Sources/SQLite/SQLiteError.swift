import CSQLite

/// An error reported by SQLite: the extended result code, SQLite's own message, and the SQL
/// (or operation) it came from.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// Extended result code (https://sqlite.org/rescode.html).
    public let code: Int32
    public let message: String
    /// The SQL statement or operation, for context.
    public let context: String

    public init(code: Int32, message: String, context: String) {
        self.code = code; self.message = message; self.context = context
    }

    /// The primary result code (low byte of the extended code).
    public var primaryCode: Int32 { code & 0xFF }
    /// True for SQLITE_BUSY and SQLITE_LOCKED: another connection holds the database.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

    public var description: String {
        let name = String(cString: sqlite3_errstr(code))
        return "SQLite error \(code) (\(name)): \(message) — in: \(context)"
    }
}
