import DocumentModel
import SQLite

/// The statuses quire writes, as enums that bind to SQLite as their raw text (the values the
/// schema documents; see docs/schema.md).

/// `pages.status` (``DocumentModel/PageStatus``).
extension PageStatus: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .text(rawValue) }
}

/// `documents.status`.
public enum DocumentStatus: String, Sendable, Codable, CaseIterable, SQLiteBindable {
    case pending, done, failed, duplicate, missing
    /// Not a document quire reads (`documents.error` says what it is).
    case skipped
    public var sqliteValue: SQLiteValue { .text(rawValue) }
}

/// `page_stages.status`: a stored stage's state on one page.
public enum StageStatus: String, Sendable, Codable, CaseIterable, SQLiteBindable {
    /// Its output is stored, made with the row's fingerprint.
    case done
    case failed
    /// Not needed on this page (OCR of a page whose text comes from its text layer).
    case skipped
    public var sqliteValue: SQLiteValue { .text(rawValue) }
}

/// `documents.layout_pass`: the document's running header/footer pass.
public enum LayoutPassStatus: String, Sendable, Codable, CaseIterable, SQLiteBindable {
    case pending, done
    public var sqliteValue: SQLiteValue { .text(rawValue) }
}

extension Stage: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .text(rawValue) }
}

/// A status written inside SQL text (a fixed identifier, never user data): `\(PageStatus.done.sql)`.
protocol SQLStatusLiteral: RawRepresentable where RawValue == String {}

extension SQLStatusLiteral {
    /// The value as an SQL string literal.
    var sql: String { "'\(rawValue)'" }
}

extension PageStatus: SQLStatusLiteral {}
extension DocumentStatus: SQLStatusLiteral {}
extension StageStatus: SQLStatusLiteral {}
extension LayoutPassStatus: SQLStatusLiteral {}
extension RunStatus: SQLStatusLiteral {}
