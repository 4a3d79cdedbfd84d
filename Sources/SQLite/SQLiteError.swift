import CSQLite

/// An error reported by SQLite: the database file, the extended result code, SQLite's own
/// message, and the SQL (or operation) it came from.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The database file the error concerns (every error from a ``Database`` names it).
    public let file: String
    /// Extended result code (https://sqlite.org/rescode.html).
    public let code: Int32
    public let message: String
    /// The SQL statement or operation, for context.
    public let context: String

    public init(code: Int32, message: String, context: String, file: String = "") {
        self.code = code; self.message = message; self.context = context; self.file = file
    }

    /// The primary result code (low byte of the extended code).
    public var primaryCode: Int32 { code & 0xFF }
    /// True for SQLITE_BUSY and SQLITE_LOCKED: another connection holds the database.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// `FILE: SQLite error CODE (NAME): MESSAGE — in: SQL`, the SQL cut to its first line
    /// (a migration's script is long; its first line says which statement it was).
    public var description: String { (file.isEmpty ? "" : "\(file): ") + detail }

    /// The description without the file: for a message that names the file already.
    public var detail: String {
        let name = String(cString: sqlite3_errstr(code))
        let firstLine = context.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        let sql = firstLine.count > 160 ? firstLine.prefix(160) + "…" : firstLine + (context.contains("\n") ? " …" : "")
        return "SQLite error \(code) (\(name)): \(message) — in: \(sql)"
    }
}
