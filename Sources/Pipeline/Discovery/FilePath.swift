#if canImport(Glibc)
import Glibc
#endif

/// A file system path as the exact bytes the kernel knows it by. Linux names are bytes, not
/// text: a folder copied from an old Latin-1 share holds names that are not valid UTF-8, and a
/// Swift `String` made from them no longer names the file. Everything that opens, stats or
/// hashes a document goes through these bytes; `display` is only for people and for the
/// `documents.path` column.
public struct FilePath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { bytes = Array(string.utf8) }

    /// The path as text: itself when it is valid UTF-8, else every byte that is not part of a
    /// valid UTF-8 sequence written as `\xNN` (e.g. Latin-1 "café" → `caf\xE9`).
    public var display: String { FilePath.display(bytes) }

    /// True when the bytes are valid UTF-8 (then `display` names the file exactly).
    public var isUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// The exact bytes when `display` does not give them back (stored in `documents.path_bytes`).
    public var bytesIfNotUTF8: [UInt8]? { isUTF8 ? nil : bytes }

    public var description: String { display }

    public static func < (a: FilePath, b: FilePath) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

    /// This path followed by `/` and `name`.
    public func appending(_ name: [UInt8]) -> FilePath { FilePath(bytes: bytes + [UInt8(ascii: "/")] + name) }

    /// The last component's bytes.
    public var lastComponent: [UInt8] {
        bytes.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? bytes
    }

    /// Calls `body` with the path as a NUL-terminated C string (for open(2), lstat(2)…).
    public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// `lstat(2)` of the path; nil (with `errno` set) when it fails.
    public func lstatInfo() -> Glibc.stat? {
        var st = Glibc.stat()
        return withCString { fstatat(AT_FDCWD, $0, &st, AT_SYMLINK_NOFOLLOW) } == 0 ? st : nil
    }

    /// `stat(2)` (following symbolic links); nil (with `errno` set) when it fails.
    public func statInfo() -> Glibc.stat? {
        var st = Glibc.stat()
        return withCString { fstatat(AT_FDCWD, $0, &st, 0) } == 0 ? st : nil
    }

    /// True when nothing exists at this path any more (a dangling symbolic link counts as gone).
    public var isGone: Bool {
        guard statInfo() == nil else { return false }
        return errno == ENOENT || errno == ENOTDIR
    }

    /// The path with symbolic links, `.` and `..` resolved (`realpath(3)`), or nil when it does
    /// not exist.
    public func resolved() -> FilePath? {
        withCString { path -> FilePath? in
            guard let real = realpath(path, nil) else { return nil }
            defer { free(real) }
            return FilePath(bytes: Array(UnsafeRawBufferPointer(start: real, count: strlen(real))))
        }
    }

    static func display(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var out = ""
        var i = 0
        while i < bytes.count {
            let n = sequenceLength(bytes, at: i)
            if n > 0, let text = String(validating: bytes[i..<i + n], as: UTF8.self) {
                out += text
                i += n
            } else {
                out += "\\x" + String(bytes[i], radix: 16, uppercase: true).leftPadded(to: 2)
                i += 1
            }
        }
        return out
    }

    /// Length of the UTF-8 sequence the lead byte at `i` announces, when all its continuation
    /// bytes are present; 0 otherwise.
    private static func sequenceLength(_ bytes: [UInt8], at i: Int) -> Int {
        let lead = bytes[i]
        let n: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: n = 2
        case 0xE0...0xEF: n = 3
        case 0xF0...0xF4: n = 4
        default: return 0
        }
        guard i + n <= bytes.count, bytes[i + 1..<i + n].allSatisfy({ $0 & 0xC0 == 0x80 }) else { return 0 }
        return n
    }
}

extension FilePath {
    /// The file at `path`, or (when `bytes` is given) at those exact bytes.
    public init(display path: String, bytes: [UInt8]?) {
        self = bytes.map(FilePath.init(bytes:)) ?? FilePath(path)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
