import BinaryCoding
import Foundation

/// Length-prefixed binary frames over a file descriptor, one `Codable` value a frame: a `UInt32`
/// little-endian byte count, then the value in ``BinaryEncoder``'s form. The coordinator and its
/// workers are one executable, so both ends read the same form (nothing of it is stored: what
/// the database and the exports hold stays JSON).
enum Frame {
    /// The largest frame either end accepts (a page's outputs are tens of kilobytes).
    static let maximumSize = 1 << 30
    static let headerSize = 4
}

/// Writes one frame per value, in a single `write` where the pipe allows.
final class FrameWriter {
    private let fd: Int32
    private let encoder = BinaryEncoder()

    struct TooLarge: Error, CustomStringConvertible {
        let size: Int
        var description: String { "a message of \(size) bytes exceeds the frame limit of \(Frame.maximumSize)" }
    }

    init(fd: Int32) { self.fd = fd }

    /// The last frame's buffer, kept for the next (a page's outputs are tens of kilobytes: a
    /// new buffer grew by doubling for each); one sender at a time, as each end has (the
    /// coordinator's run loop, the worker's page loop). A buffer grown past
    /// `retainedCapacity` by an odd page is let go after its frame.
    private var frame: [UInt8] = []
    private static let retainedCapacity = 1 << 22

    func send<T: Encodable>(_ value: T) throws {
        frame.removeAll(keepingCapacity: true)
        frame.append(contentsOf: [0, 0, 0, 0])
        try encoder.encode(value, appendingTo: &frame)
        let size = frame.count - Frame.headerSize
        guard size <= Frame.maximumSize else { throw TooLarge(size: size) }
        frame.withUnsafeMutableBytes { $0.storeBytes(of: UInt32(size).littleEndian, as: UInt32.self) }
        try frame.withUnsafeBytes { (buf: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buf.count {
                let n = write(fd, buf.baseAddress! + offset, buf.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                offset += n
            }
        }
        if frame.capacity > Self.retainedCapacity { frame = [] }
    }
}

/// A frame that cannot be read: the stream ended inside it, or its header is not one.
enum FrameError: Error, Equatable, CustomStringConvertible {
    /// End of file inside a frame (the writer died mid-message): the bytes of it that came,
    /// header included, and its payload size when the header was whole.
    case truncated(received: Int, size: Int?)
    /// A header announcing more than ``Frame/maximumSize`` bytes: the stream is not frames.
    case oversized(size: Int)

    var description: String {
        switch self {
        case .truncated(let received, let size):
            return "a message cut short: \(received) bytes of " + (size.map { "\(Frame.headerSize + $0)" } ?? "a 4-byte header")
        case .oversized(let size):
            return "a frame header announcing \(size) bytes (the limit is \(Frame.maximumSize))"
        }
    }
}

/// Reads frames from a file descriptor (blocking).
final class FrameReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Where the next frame starts in `buffer`.
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32) { self.fd = fd }

    /// The next frame's payload, or nil at end of file between frames.
    func next() throws(FrameError) -> [UInt8]? {
        while true {
            let available = buffer.count - start
            var size: Int?
            if available >= Frame.headerSize {
                let header = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: UInt32.self) }
                let announced = Int(UInt32(littleEndian: header))
                guard announced <= Frame.maximumSize else { throw .oversized(size: announced) }
                let end = start + Frame.headerSize + announced
                if buffer.count >= end {
                    defer { start = end }
                    return Array(buffer[(start + Frame.headerSize)..<end])
                }
                size = announced
            }
            if start > 0 { buffer.removeSubrange(..<start); start = 0 }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                defer { buffer.removeAll() }
                if buffer.isEmpty { return nil }
                throw .truncated(received: buffer.count, size: size)
            }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    /// Reads and drops everything up to the end of file (after an oversized header: the writer
    /// must not block on a full pipe).
    func drain() {
        buffer.removeAll(); start = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
        }
    }
}
