import Foundation

/// Where a document's exports go under `--out`: its path relative to a common root, with every
/// component made safe, so that no name taken from a document can leave the output folder.
public struct OutputPaths: Sendable {
    /// The absolute, symlink-resolved output folder.
    public let root: String
    /// The folder document paths are taken relative to (their common parent folder).
    public let base: String

    public init(root: String, documentPaths: [String], inputRoots: [String] = []) {
        self.root = root
        let folders = inputRoots.isEmpty ? documentPaths.map { ($0 as NSString).deletingLastPathComponent } : inputRoots
        base = Self.commonFolder(folders)
    }

    /// The document's path relative to `base` (what `--document GLOB` matches).
    public func relativePath(of documentPath: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return documentPath.hasPrefix(prefix) ? String(documentPath.dropFirst(prefix.count))
            : (documentPath as NSString).lastPathComponent
    }

    /// The output file for a document and a suffix: `root/<safe relative path><suffix>`.
    public func file(for documentPath: String, suffix: String) -> String {
        let parts = relativePath(of: documentPath).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var safe = parts.map(Self.safeComponent)
        if safe.isEmpty { safe = ["document"] }
        safe[safe.count - 1] = Self.safeComponent(safe[safe.count - 1] + suffix)
        return ([root] + safe).joined(separator: "/")
    }

    /// One path component that is a plain name: no `/`, no NUL or control characters, not `.`
    /// or `..`, not hidden, at most 255 bytes (long names keep their end, where the suffix is).
    static func safeComponent(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for s in name.unicodeScalars {
            let bad = s == "/" || s == "\\" || s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value)
            scalars.append(bad ? "_" : s)
        }
        var out = String(scalars)
        while out.hasPrefix(".") { out = "_" + out.dropFirst() }
        if out.isEmpty { out = "_" }
        while out.utf8.count > 255 { out.removeFirst() }
        return out
    }

    static func commonFolder(_ folders: [String]) -> String {
        guard var common = folders.first?.split(separator: "/").map(String.init) else { return "/" }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/").map(String.init)
            var n = 0
            while n < min(common.count, parts.count) && common[n] == parts[n] { n += 1 }
            common = Array(common.prefix(n))
        }
        return "/" + common.joined(separator: "/")
    }
}

/// Writes a file atomically: a temporary file in the same folder, flushed, then renamed over
/// the destination, so a reader never sees half a file and a crash leaves the old one.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        var path: String, reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `bytes` to `path` under `root`, creating folders; refuses to write through a
    /// symlink that leads out of `root`.
    static func write(_ bytes: [UInt8], to path: String, under root: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw WriteError(path: path, reason: "\(error.localizedDescription)")
        }
        let resolved = (folder as NSString).resolvingSymlinksInPath
        guard resolved == root || resolved.hasPrefix(root + "/") else {
            throw WriteError(path: path, reason: "the folder leads outside the output folder \(root)")
        }
        let temp = folder + "/.quire-tmp-\(getpid())-\(UUID().uuidString.prefix(8))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var ok = true
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; ok = false; return }
                offset += n
            }
        }
        let reason = String(cString: strerror(errno))
        if ok && fsync(fd) != 0 { ok = false }
        close(fd)
        guard ok, rename(temp, path) == 0 else {
            let why = ok ? String(cString: strerror(errno)) : reason
            unlink(temp)
            throw WriteError(path: path, reason: why)
        }
    }
}
