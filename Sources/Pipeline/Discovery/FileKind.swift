import Foundation

/// A document's file format, detected from its first bytes (never from its name).
public enum FileKind: String, Codable, Sendable, CaseIterable {
    case pdf, png, jpeg, tiff, gif, bmp, webp, jp2, pnm
    /// Not a format quire reads (the document fails with a clear message).
    case unknown

    /// True for formats read by leptonica.
    public var isImage: Bool { self != .pdf && self != .unknown }

    /// Detects the kind from the file's leading bytes (at least 12 are needed for WebP and JP2).
    public static func sniff(_ head: [UInt8]) -> FileKind {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if starts(Array("%PDF-".utf8)) { return .pdf }
        // A PDF may carry junk before its header (the spec allows up to 1024 bytes in practice).
        if let range = head.prefix(1024).firstRange(of: Array("%PDF-".utf8)), range.lowerBound < 1024 { return .pdf }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("BM".utf8)) { return .bmp }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts([0xFF, 0x4F, 0xFF, 0x51]) { return .jp2 }
        if head.count >= 2, head[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(head[1]) { return .pnm }
        return .unknown
    }

    /// Reads the first 1 KiB of the file at `path` and sniffs it.
    public static func sniff(path: String) throws -> FileKind {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: 1024) ?? Data()
        return sniff([UInt8](data))
    }
}

/// What a worker needs to open one document.
public struct DocumentRef: Codable, Sendable, Hashable {
    public var id: Int64
    /// The path as text (`FilePath.display`); exact unless `pathBytes` is set.
    public var path: String
    public var kind: FileKind
    /// Names of environment variables holding candidate PDF passwords (values never stored).
    /// Messages never show these names (a user may have written a password there by mistake):
    /// they say "variable #2 of input 1".
    public var passwordEnv: [String]
    /// The path's exact bytes when they are not valid UTF-8 (`documents.path_bytes`).
    public var pathBytes: [UInt8]?
    /// 1-based number, in the pipeline file, of the input the password variables belong to.
    public var passwordInput = 0

    public init(id: Int64, path: String, kind: FileKind, passwordEnv: [String] = [], pathBytes: [UInt8]? = nil) {
        self.id = id; self.path = path; self.kind = kind; self.passwordEnv = passwordEnv; self.pathBytes = pathBytes
    }

    /// The file's exact path, to open it by.
    public var filePath: FilePath { FilePath(display: path, bytes: pathBytes) }
}
