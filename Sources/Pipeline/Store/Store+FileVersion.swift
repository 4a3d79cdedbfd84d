import Foundation
import SQLite

extension Store {
    /// The file version a document was recorded with: its size, mtime and content hash.
    struct FileVersion: Equatable { var size: Int64; var mtimeNs: Int64; var sha256: String? }

    func fileVersion(documentID: Int64) throws -> FileVersion? {
        try db.queryOne("SELECT size_bytes, mtime_ns, sha256 FROM documents WHERE id = ?", [documentID]) {
            FileVersion(size: Int64($0.optionalInt(0) ?? -1), mtimeNs: Int64($0.optionalInt(1) ?? -1), sha256: $0.optionalString(2))
        }
    }
}
