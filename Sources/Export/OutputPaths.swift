import Foundation

/// Where a document's exports go under `--out`: its path relative to a common root, with every
/// component made safe, so that no name taken from a document can leave the output folder.
public struct OutputPaths: Sendable {
    /// The absolute, symlink-resolved output folder.
    public let root: String
    /// The folder document paths are taken relative to (their common parent folder).
    public let base: String
    /// Documents whose safe output name another document also has: their name with a stable tag.
    private var renamed: [String: [String]] = [:]
    /// Documents whose output name cannot be told apart from another's (same displayed path).
    public private(set) var collisions: [String: String] = [:]

    public init(root: String, documentPaths: [String], inputRoots: [String] = []) {
        self.root = root
        let folders = inputRoots.isEmpty ? documentPaths.map { ($0 as NSString).deletingLastPathComponent } : inputRoots
        base = Self.commonFolder(folders)
        separateCollisions(documentPaths)
    }

    /// Two documents whose names become the same once made safe (`a\nb.pdf`, `a_b.pdf`), or the
    /// same name outside the common folder: the one whose name is unchanged keeps it, the others
    /// get `~` and 10 hex digits of a hash of their relative path before the suffix
    /// (`a_b.pdf~3f2c9e01ab.json`): unique, and the same at every export. Documents that still
    /// collide (the same displayed path) are listed in ``collisions``.
    private mutating func separateCollisions(_ documentPaths: [String]) {
        var claims: [[String]: [String]] = [:]
        for path in Set(documentPaths) { claims[safeParts(of: path), default: []].append(path) }
        var taken = Set(claims.keys)
        for (parts, paths) in claims where paths.count > 1 {
            let ordered = paths.sorted { (relativePath(of: $0) == parts.joined(separator: "/") ? 0 : 1, $0)
                < (relativePath(of: $1) == parts.joined(separator: "/") ? 0 : 1, $1) }
            for path in ordered.dropFirst() {
                var tagged = parts
                tagged[tagged.count - 1] = Self.safeComponent(tagged[tagged.count - 1] + "~" + Self.tag(relativePath(of: path)))
                if taken.insert(tagged).inserted { renamed[path] = tagged } else { collisions[path] = ordered[0] }
            }
        }
    }

    /// FNV-1a (64 bits) of `text`'s UTF-8, as 10 hex digits: stable across runs and machines.
    static func tag(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(10))
    }

    /// The safe components of a document's output path, before any suffix.
    private func safeParts(of documentPath: String) -> [String] {
        let parts = relativePath(of: documentPath).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let safe = parts.map(Self.safeComponent)
        return safe.isEmpty ? ["document"] : safe
    }

    /// The document's path relative to `base` (what `--document GLOB` matches).
    public func relativePath(of documentPath: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return documentPath.hasPrefix(prefix) ? String(documentPath.dropFirst(prefix.count))
            : (documentPath as NSString).lastPathComponent
    }

    /// The output file for a document and a suffix: `root/<safe relative path><suffix>`.
    public func file(for documentPath: String, suffix: String) -> String {
        var safe = renamed[documentPath] ?? safeParts(of: documentPath)
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
/// Every folder below the output folder is opened one component at a time with `O_NOFOLLOW`
/// (`openat`, `mkdirat`, `renameat`, `unlinkat` relative to it): a symbolic link inside `--out`
/// is refused, never followed, so nothing is created, written, replaced or removed outside it.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        var path: String, reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// The prefix of the temporary files (`.quire-tmp-PID-XXXXXXXX`).
    static let temporaryPrefix = ".quire-tmp-"

    /// Writes `bytes` to `path` under `root` (absolute and resolved), creating folders.
    static func write(_ bytes: [UInt8], to path: String, under root: String) throws {
        var components = try self.components(of: path, under: root)
        let name = components.removeLast()
        let dir = try openFolder(components, under: root, for: path)
        defer { close(dir) }
        let temp = temporaryPrefix + "\(getpid())-\(UUID().uuidString.prefix(8))"
        let fd = openat(dir, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
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
        // renameat replaces a link at `name` itself, never what it points to.
        guard ok, renameat(dir, temp, dir, name) == 0 else {
            let why = ok ? String(cString: strerror(errno)) : reason
            unlinkat(dir, temp, 0)
            throw WriteError(path: path, reason: why)
        }
    }

    /// Removes the entries of the folder holding `path` (under `root`) whose names `remove`
    /// selects; a link among them is removed itself, never its target.
    @discardableResult
    static func removeFiles(besides path: String, under root: String, where remove: (String) -> Bool) throws -> Int {
        let dir = try openFolder(components(of: path, under: root).dropLast(), under: root, for: path)
        defer { close(dir) }
        var removed = 0
        for name in entries(of: dir) where remove(name) { if unlinkat(dir, name, 0) == 0 { removed += 1 } }
        return removed
    }

    /// Temporary files an export killed mid-write left anywhere under `root` (their process is
    /// gone) are removed; links are not followed. Returns how many.
    @discardableResult
    static func removeLeftoverTemporaries(under root: String) -> Int {
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        return removeLeftovers(in: fd, depth: 0)
    }

    private static func removeLeftovers(in dir: Int32, depth: Int) -> Int {
        defer { close(dir) }
        var removed = 0
        for name in entries(of: dir) {
            if name.hasPrefix(temporaryPrefix) {
                let pid = name.dropFirst(temporaryPrefix.count).split(separator: "-").first.flatMap { Int32($0) } ?? 0
                if pid != getpid() && (pid <= 0 || (kill(pid, 0) != 0 && errno == ESRCH)) && unlinkat(dir, name, 0) == 0 { removed += 1 }
                continue
            }
            guard depth < 64 else { continue }
            let child = openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child >= 0 { removed += removeLeftovers(in: child, depth: depth + 1) }
        }
        return removed
    }

    /// The components of `path` below `root`.
    private static func components(of path: String, under root: String) throws -> [String] {
        guard path.hasPrefix(root + "/") else { throw WriteError(path: path, reason: "outside the output folder \(root)") }
        let parts = path.dropFirst(root.count + 1).split(separator: "/").map(String.init)
        guard !parts.isEmpty, !parts.contains(where: { $0 == "." || $0 == ".." }) else {
            throw WriteError(path: path, reason: "not a file name below the output folder \(root)")
        }
        return parts
    }

    /// Opens (creating) the folder `components` below `root` without following any link.
    private static func openFolder<C: Collection>(_ components: C, under root: String, for path: String) throws -> Int32 where C.Element == String {
        var fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw WriteError(path: path, reason: "cannot open the output folder \(root): \(String(cString: strerror(errno)))") }
        var reached = root
        for component in components {
            reached += "/" + component
            if mkdirat(fd, component, 0o755) != 0 && errno != EEXIST {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw WriteError(path: path, reason: "cannot create \(reached): \(reason)")
            }
            let next = openat(fd, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let error = errno
            close(fd)
            guard next >= 0 else {
                throw WriteError(path: path, reason: error == ELOOP || error == ENOTDIR
                    ? "\(reached) is a symbolic link or not a folder; quire writes nothing outside the output folder \(root)"
                    : "cannot open \(reached): \(String(cString: strerror(error)))")
            }
            fd = next
        }
        return fd
    }

    /// The names in the folder `dir` (without `.` and `..`); `dir` stays open.
    private static func entries(of dir: Int32) -> [String] {
        let copy = dup(dir)
        guard copy >= 0, let stream = fdopendir(copy) else { if copy >= 0 { close(copy) }; return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
