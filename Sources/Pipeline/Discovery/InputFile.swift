#if canImport(Glibc)
import Glibc
#endif

/// One input document, open for reading. Only a regular file is ever opened: the path is
/// checked with `stat(2)`, opened with `O_NONBLOCK` (so a FIFO swapped in after the check
/// cannot block the open), and the open descriptor is checked again with `fstat(2)`. Reads are
/// bounded by the size `fstat` reported. Owns the descriptor (closed in `deinit`).
final class InputFile {
    let path: FilePath
    /// Size in bytes when opened.
    let size: Int64
    private let fd: Int32

    /// Why a document's file cannot be read; the message names the file.
    struct Failure: Error, CustomStringConvertible {
        var path: FilePath
        var reason: String
        var description: String { "\(path.display): \(reason)" }
    }

    /// Stopped by an interrupt (SIGINT/SIGTERM) while reading.
    struct Interrupted: Error {}

    init(_ path: FilePath) throws {
        self.path = path
        guard let st = path.statInfo() else { throw Failure(path: path, reason: "cannot read file: \(InputFile.errnoText())") }
        if let kind = InputFile.notRegular(st.st_mode) { throw Failure(path: path, reason: InputFile.refusal(kind)) }
        let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else { throw Failure(path: path, reason: "cannot read file: \(InputFile.errnoText())") }
        var fst = stat()
        guard fstat(fd, &fst) == 0 else {
            let text = InputFile.errnoText()
            close(fd)
            throw Failure(path: path, reason: "cannot read file: \(text)")
        }
        if let kind = InputFile.notRegular(fst.st_mode) {
            close(fd)
            throw Failure(path: path, reason: InputFile.refusal(kind))
        }
        // A regular file never blocks; blocking reads are the plain kind.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        self.fd = fd
        size = Int64(fst.st_size)
    }

    deinit { close(fd) }

    /// A path naming this open file (`/proc/self/fd/N`), for C libraries that take a file name:
    /// they read the very file that was checked, whatever its name's bytes are.
    var descriptorPath: String { "/proc/self/fd/\(fd)" }

    /// Up to `count` bytes from the start of the file.
    func head(_ count: Int = 1024) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, 0) }
        guard n >= 0 else { throw Failure(path: path, reason: "cannot read file: \(InputFile.errnoText())") }
        return Array(buffer.prefix(n))
    }

    /// SHA-256 of exactly the `size` bytes `fstat` reported, in 1 MiB chunks; `shouldStop` is
    /// asked between chunks. A file that grows or shrinks while it is read fails (it is still
    /// being written: the next run will see it complete).
    func sha256(shouldStop: () -> Bool = { false }) throws -> String {
        let hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var left = size, offset: Int64 = 0
        while left > 0 {
            if shouldStop() { throw Interrupted() }
            let want = Int(min(Int64(buffer.count), left))
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t(offset)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: "cannot read file: \(InputFile.errnoText())")
            }
            if n == 0 { throw Failure(path: path, reason: "the file shrank while it was read (still being written?)") }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0.prefix(n))) }
            left -= Int64(n)
            offset += Int64(n)
        }
        var extra: UInt8 = 0
        if pread(fd, &extra, 1, off_t(offset)) > 0 {
            throw Failure(path: path, reason: "the file grew while it was read (still being written?)")
        }
        return hasher.hexDigest()
    }

    /// A description of a file type quire does not read, or nil for a regular file.
    static func notRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "not a regular file"
        }
    }

    static func refusal(_ kind: String) -> String {
        "not a regular file (\(kind)); quire reads only regular files"
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
