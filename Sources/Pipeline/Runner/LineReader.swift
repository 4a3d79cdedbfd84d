import Foundation

/// Reads lines from a file descriptor (blocking), handing each complete line to the caller: a
/// worker's stderr (its messages to the coordinator are frames, `FrameChannel.swift`).
final class LineReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32) { self.fd = fd }

    /// The next line without its newline, or nil at end of file.
    func nextLine() -> [UInt8]? {
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<nl])
                buffer.removeSubrange(...nl)
                return line
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if buffer.isEmpty { return nil }
                defer { buffer.removeAll() }
                return buffer
            }
            buffer.append(contentsOf: chunk[..<n])
        }
    }
}
