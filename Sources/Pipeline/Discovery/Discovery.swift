import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Walks a pipeline's inputs: include/exclude globs relative to each root, symlinks followed
/// only when asked (loops detected by device and inode), unreadable entries reported, never fatal.
struct Discovery {
    struct Result {
        var files: [DiscoveredFile] = []
        /// Problems that are not documents (symlink loops, vanished entries).
        var warnings: [String] = []
    }

    /// Paths never treated as inputs (the database and its companions when they sit in a root).
    var ignoredPaths: Set<String> = []

    func walk(_ inputs: [InputSpec]) -> Result {
        var result = Result()
        var seen = Set<String>()
        for input in inputs {
            let includes = input.include.map { Glob($0) }, excludes = input.exclude.map { Glob($0) }
            var visitedDirs = Set<FileID>()
            var st = stat()
            guard stat(input.root, &st) == 0 else {
                result.warnings.append("\(input.root): input not found (\(String(cString: strerror(errno))))")
                continue
            }
            if st.st_mode & S_IFMT != S_IFDIR {
                if seen.insert(input.root).inserted { result.files.append(Discovery.file(input.root, st)) }
                continue
            }
            visitedDirs.insert(FileID(st))
            walkDirectory(input.root, relative: "", input: input, includes: includes, excludes: excludes,
                          visited: &visitedDirs, seen: &seen, into: &result)
        }
        result.files.sort { $0.path < $1.path }
        return result
    }

    private struct FileID: Hashable {
        var device: UInt64, inode: UInt64
        init(_ st: stat) { device = UInt64(st.st_dev); inode = UInt64(st.st_ino) }
    }

    private func walkDirectory(_ dir: String, relative: String, input: InputSpec, includes: [Glob], excludes: [Glob],
                               visited: inout Set<FileID>, seen: inout Set<String>, into result: inout Result) {
        guard let handle = opendir(dir) else {
            result.files.append(DiscoveredFile(path: dir, size: 0, mtimeNs: 0,
                                               problem: "cannot read folder: \(String(cString: strerror(errno)))"))
            return
        }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(handle)
        for name in names.sorted() {
            let path = dir + "/" + name, rel = relative.isEmpty ? name : relative + "/" + name
            if ignoredPaths.contains(path) { continue }
            var st = stat()
            guard lstat(path, &st) == 0 else {
                result.warnings.append("\(path): vanished while listing (\(String(cString: strerror(errno))))")
                continue
            }
            if st.st_mode & S_IFMT == S_IFLNK {
                guard input.followSymlinks else { continue }
                guard stat(path, &st) == 0 else {
                    result.warnings.append("\(path): broken symbolic link")
                    continue
                }
            }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                if excludes.contains(where: { $0.matches(rel) || $0.matches(rel + "/") }) { continue }
                guard visited.insert(FileID(st)).inserted else {
                    result.warnings.append("\(path): symbolic link loop (folder already visited), skipped")
                    continue
                }
                walkDirectory(path, relative: rel, input: input, includes: includes, excludes: excludes,
                              visited: &visited, seen: &seen, into: &result)
            case S_IFREG:
                guard includes.contains(where: { $0.matches(rel) }), !excludes.contains(where: { $0.matches(rel) }) else { continue }
                guard seen.insert(path).inserted else { continue }
                var file = Discovery.file(path, st)
                if access(path, R_OK) != 0 { file.problem = "cannot read file: \(String(cString: strerror(errno)))" }
                result.files.append(file)
            default:
                continue   // sockets, fifos, devices
            }
        }
    }

    private static func file(_ path: String, _ st: stat) -> DiscoveredFile {
        DiscoveredFile(path: path, size: Int64(st.st_size),
                       mtimeNs: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
    }
}
