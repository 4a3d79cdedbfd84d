#if canImport(Glibc)
import Glibc
#endif

/// A regular file's bytes, read whole into memory that the caller then owns (deallocate it
/// after the last use). nil when the file cannot be opened or stat'ed, is not a regular file, is
/// empty or is larger than `limit`: the caller reads it another way.
struct FileContents {
    let bytes: UnsafeMutableBufferPointer<CChar>

    init?(path: String, limit: Int) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size <= limit
        else { return nil }
        let size = Int(info.st_size)
        let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: size)
        var filled = 0
        while filled < size {
            let got = read(fd, buffer.baseAddress! + filled, size - filled)
            if got > 0 { filled += got; continue }
            if got < 0 && errno == EINTR { continue }
            break
        }
        // A file that shrank or could not be read to its end is left to qpdf to read.
        guard filled == size else {
            buffer.deallocate()
            return nil
        }
        bytes = buffer
    }
}
