import Foundation

/// The text of a file under /proc, read whole. Such files report a size of 0 and are made as
/// they are read; Foundation's `String(contentsOfFile:)` and `Data(contentsOf:)` stop after the
/// first read, about 4 KB, so a long `/proc/locks` (a busy server's) lost its later locks.
public enum ProcFile {
    public static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
