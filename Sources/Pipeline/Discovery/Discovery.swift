import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Walks a pipeline's inputs: include/exclude globs relative to each root, symlinks followed
/// only when asked (loops detected by device and inode), unreadable entries reported, never fatal.
///
/// Names are bytes (`FilePath`): a name that is not valid UTF-8 is listed, stat'ed and opened by
/// its exact bytes; globs match its display form (`\xNN` for each bad byte).
public struct Discovery {
    struct Result {
        var files: [DiscoveredFile] = []
        /// Files changed less than their input's `min_file_age` ago (still being copied in?):
        /// left for the next run.
        var tooYoung: [DiscoveredFile] = []
        /// Problems that are not documents (symlink loops, vanished entries).
        var warnings: [String] = []
        /// True when `shouldStop` ended the walk early.
        var interrupted = false
        /// What each input held, in the order of the pipeline's inputs.
        var tallies: [InputTally] = []
        /// Entries that are no files (FIFOs, sockets, devices), with what they are: skipped, named in the summary.
        var special: [(path: String, kind: String)] = []
        /// Files whose modification time is in the future: taken now (they would never reach `min_file_age`).
        var future: [String] = []
    }

    /// What one input root held: to tell an empty or unmounted share, or patterns that match
    /// nothing, from a quiet night.
    public struct InputTally: Equatable, Sendable {
        public var root: String
        /// False when the root does not exist (or cannot be stat'ed).
        public var found = false
        /// Regular files under the root (before include/exclude and junk names).
        public var files = 0
        /// Files the patterns selected (documents, too-young files and unreadable ones included).
        public var matched = 0
        /// Files skipped for their names (Thumbs.db, .DS_Store, ~$…, *.tmp, *.part…).
        public var junk = 0
    }

    /// What each of `spec`'s inputs holds and matches now, without reading any file (for `validate`).
    public static func survey(_ spec: PipelineSpec) -> [InputTally] {
        Discovery(ignoringDatabase: spec.database).walk(spec.inputs).tallies
    }

    init() {}

    /// A discovery that never takes the database `db` or its companion files (`-wal`, `-shm`,
    /// `-journal`, lock, the file being created) for inputs: by their paths, and by device and
    /// inode for the same files reached under another spelling (a symlinked root, a hard link).
    init(ignoringDatabase db: String) {
        let companions = [db, db + "-wal", db + "-shm", db + "-journal", db + ".lock", RunLock.lockPath(for: db),
                          Store.creationPath(for: db)]
        ignoredPaths = Set(companions)
        ignoredFiles = Set(companions.compactMap { FilePath($0).statInfo().map(FileID.init) })
    }

    /// Now, for `min_file_age` (a parameter for tests).
    var now = Date()

    /// A file's identity: device and inode.
    struct FileID: Hashable {
        var device: UInt64, inode: UInt64
        init(_ st: stat) { device = UInt64(st.st_dev); inode = UInt64(st.st_ino) }
    }

    /// Paths never treated as inputs (the database and its companions), as spelled.
    var ignoredPaths: Set<String> = []
    /// Files never treated as inputs, by device and inode: the database reached under another
    /// spelling (a symlinked root, a hard link) is still the database.
    var ignoredFiles: Set<FileID> = []
    /// Asked before each entry: true stops the walk (an interrupt).
    var shouldStop: () -> Bool = { false }

    func walk(_ inputs: [InputSpec]) -> Result {
        var result = Result()
        var seen = Set<FilePath>()
        for input in inputs {
            if shouldStop() { result.interrupted = true; break }
            result.tallies.append(InputTally(root: input.root))
            let includes = input.include.map { Glob($0) }, excludes = input.exclude.map { Glob($0) }
            var visitedDirs = Set<FileID>()
            let root = FilePath(input.root)
            guard let st = root.statInfo() else {
                result.warnings.append("\(input.root): input not found (\(String(cString: strerror(errno))))")
                continue
            }
            result.tallies[result.tallies.count - 1].found = true
            if isIgnored(root, st) { continue }
            if st.st_mode & S_IFMT != S_IFDIR {
                guard seen.insert(root).inserted else { continue }
                var file = Discovery.file(root, st)
                if let kind = InputFile.notRegular(st.st_mode) { file.problem = InputFile.refusal(kind) }
                result.tallies[result.tallies.count - 1].files += 1
                result.tallies[result.tallies.count - 1].matched += 1
                take(file, st, input: input, into: &result)
                continue
            }
            visitedDirs.insert(FileID(st))
            // Links may lead into the roots (any input's) and the input's `link_targets`, nowhere else.
            let links = (inputs.map(\.root) + input.linkTargets).compactMap { FilePath($0).resolved()?.display }
            walkDirectory(root, relative: [], input: input, includes: includes, excludes: excludes, links: links,
                          visited: &visitedDirs, seen: &seen, into: &result)
            if result.interrupted { break }
        }
        result.files = result.files.map { ($0.filePath, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        return result
    }

    /// True when `target` is inside one of the resolved folders `links` (where symbolic links may lead).
    private func isInside(_ links: [String], _ target: String) -> Bool {
        links.contains { target == $0 || target.hasPrefix($0 == "/" ? "/" : $0 + "/") }
    }

    private func isIgnored(_ path: FilePath, _ st: stat) -> Bool {
        ignoredFiles.contains(FileID(st)) || ignoredPaths.contains(path.display)
    }

    private func walkDirectory(_ dir: FilePath, relative: [UInt8], input: InputSpec, includes: [Glob], excludes: [Glob], links: [String],
                               visited: inout Set<FileID>, seen: inout Set<FilePath>, into result: inout Result) {
        guard let handle = dir.withCString({ opendir($0) }) else {
            result.files.append(DiscoveredFile(path: dir.display, pathBytes: dir.bytesIfNotUTF8, size: 0, mtimeNs: 0,
                                               problem: "cannot read folder: \(String(cString: strerror(errno)))"))
            return
        }
        var names: [[UInt8]] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        closedir(handle)
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            if shouldStop() { result.interrupted = true; return }
            let path = dir.appending(name)
            let relBytes = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            let rel = FilePath.display(relBytes)
            guard var st = path.lstatInfo() else {
                result.warnings.append("\(path.display): vanished while listing (\(String(cString: strerror(errno))))")
                continue
            }
            if st.st_mode & S_IFMT == S_IFLNK {
                guard input.followSymlinks else { continue }
                guard let target = path.statInfo() else {
                    result.warnings.append("\(path.display): broken symbolic link")
                    continue
                }
                guard let real = path.resolved()?.display, isInside(links, real) else {
                    result.warnings.append("\(path.display): symbolic link leads outside the input roots"
                                           + (path.resolved().map { " (to \($0.display))" } ?? "")
                                           + "; not followed (list its folder in link_targets to allow it)")
                    continue
                }
                st = target
            }
            if isIgnored(path, st) { continue }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                if excludes.contains(where: { $0.matches(rel) || $0.matches(rel + "/") }) { continue }
                guard visited.insert(FileID(st)).inserted else {
                    result.warnings.append("\(path.display): symbolic link loop (folder already visited), skipped")
                    continue
                }
                walkDirectory(path, relative: relBytes, input: input, includes: includes, excludes: excludes, links: links,
                              visited: &visited, seen: &seen, into: &result)
                if result.interrupted { return }
            case S_IFREG:
                result.tallies[result.tallies.count - 1].files += 1
                if input.excludeJunk && Discovery.isJunk(name) {
                    result.tallies[result.tallies.count - 1].junk += 1
                    continue
                }
                guard includes.contains(where: { $0.matches(rel) }), !excludes.contains(where: { $0.matches(rel) }) else { continue }
                guard seen.insert(path).inserted else { continue }
                result.tallies[result.tallies.count - 1].matched += 1
                var file = Discovery.file(path, st)
                if path.withCString({ access($0, R_OK) }) != 0 {
                    file.problem = "cannot read file: \(String(cString: strerror(errno)))"
                }
                take(file, st, input: input, into: &result)
            default:
                // Sockets, FIFOs, devices: never opened, but named (a FIFO may be a stuck transfer).
                let kind: String
                switch st.st_mode & S_IFMT {
                case S_IFIFO: kind = "a FIFO (named pipe)"
                case S_IFSOCK: kind = "a socket"
                case S_IFCHR: kind = "a character device"
                case S_IFBLK: kind = "a block device"
                default: kind = "not a regular file"
                }
                if includes.contains(where: { $0.matches(rel) }), !excludes.contains(where: { $0.matches(rel) }) {
                    result.special.append((path.display, kind))
                }
                continue
            }
        }
    }

    /// A file the patterns selected: a document to record now, or one too young to take yet.
    private func take(_ file: DiscoveredFile, _ st: stat, input: InputSpec, into result: inout Result) {
        let changed = Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
        // Only a regular, readable file can be half-copied; the others fail now with their reason.
        // A date in the future (a wrong clock where it was written) would never reach the age: taken now, and said.
        if changed > now.timeIntervalSince1970 + 1 {
            result.future.append(file.path)
            result.files.append(file)
        } else if file.problem == nil, input.minFileAge > 0, now.timeIntervalSince1970 - changed < input.minFileAge {
            result.tooYoung.append(file)
        } else {
            result.files.append(file)
        }
    }

    /// True for names in ``InputSpec/junkNames`` (shell patterns on the name alone).
    static func isJunk(_ name: [UInt8]) -> Bool {
        let text = FilePath.display(name)
        return InputSpec.junkNames.contains { pattern in fnmatch(pattern, text, 0) == 0 }
    }

    private static func file(_ path: FilePath, _ st: stat) -> DiscoveredFile {
        DiscoveredFile(path: path.display, pathBytes: path.bytesIfNotUTF8, size: Int64(st.st_size),
                       mtimeNs: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
    }
}
