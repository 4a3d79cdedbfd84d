import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The directory chain of a TIFF file (classic or BigTIFF): the offset and size of every page,
/// found in one walk that reads only the directories (TIFF 6.0 §2, BigTIFF design notes).
///
/// leptonica's `pixReadTiff(path, n)`, `readHeaderTiff(path, n)` and `tiffGetCount` each walk the
/// chain from the first directory, so reading page n costs O(n) and a whole file O(n²). With the
/// offsets known, `pixReadFromMultipageTiff` goes straight to a page's directory.
struct TIFFDirectories {
    struct Directory: Equatable {
        /// File offset of the directory (IFD).
        var offset: UInt64
        /// ImageWidth and ImageLength; 0 when the directory lacks them.
        var width: Int
        var height: Int
    }

    var directories: [Directory]

    /// Walks the chain of `path`. Stops at the end of the chain, at a loop, or at the first
    /// directory that cannot be read (as libtiff does); throws when not even one can be read.
    static func read(path: String) throws -> TIFFDirectories {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ImageError(path: path, reason: .notFound) }
        defer { close(fd) }
        var reader = Reader(fd: fd)
        guard let header = reader.bytes(at: 0, count: 16), header.count >= 8 else {
            throw ImageError(path: path, reason: .decodeFailed("TIFF header too short"))
        }
        switch (header[0], header[1]) {
        case (0x49, 0x49): reader.little = true
        case (0x4D, 0x4D): reader.little = false
        default: throw ImageError(path: path, reason: .decodeFailed("not a TIFF header"))
        }
        let magic = reader.uint(header, 2, 2)
        let big = magic == 43
        guard magic == 42 || (big && header.count >= 16) else {
            throw ImageError(path: path, reason: .decodeFailed("not a TIFF header"))
        }
        var next = big ? reader.uint(header, 8, 8) : reader.uint(header, 4, 4)
        var seen = Set<UInt64>()
        var found: [Directory] = []
        while next != 0, seen.insert(next).inserted, let directory = reader.directory(at: next, big: big) {
            found.append(directory.0)
            next = directory.next
        }
        guard !found.isEmpty else { throw ImageError(path: path, reason: .decodeFailed("cannot read the first TIFF directory")) }
        return TIFFDirectories(directories: found)
    }

    private struct Reader {
        let fd: Int32
        var little = true

        func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
            guard offset < UInt64(Int64.max) else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            guard n > 0 else { return nil }
            return Array(buffer.prefix(n))
        }

        func uint(_ b: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
            var value: UInt64 = 0
            for i in 0..<size {
                let byte = UInt64(b[at + (little ? size - 1 - i : i)])
                value = value << 8 | byte
            }
            return value
        }

        /// The directory at `offset` and the offset of the next one (0 at the end).
        func directory(at offset: UInt64, big: Bool) -> (Directory, next: UInt64)? {
            let countSize = big ? 8 : 2, entrySize = big ? 20 : 12, linkSize = big ? 8 : 4
            guard let head = bytes(at: offset, count: countSize), head.count == countSize else { return nil }
            let count = uint(head, 0, countSize)
            guard count > 0, count <= 65_535 else { return nil }
            let length = Int(count) * entrySize + linkSize
            guard let body = bytes(at: offset + UInt64(countSize), count: length), body.count == length else { return nil }
            var directory = Directory(offset: offset, width: 0, height: 0)
            for i in 0..<Int(count) {
                let e = i * entrySize
                let tag = uint(body, e, 2), type = uint(body, e + 2, 2)
                guard tag == 256 || tag == 257 else { continue }
                let field = e + (big ? 12 : 8)
                let value: UInt64
                switch type {
                case 3: value = uint(body, field, 2)                    // SHORT
                case 4: value = uint(body, field, 4)                    // LONG
                case 16 where big: value = uint(body, field, 8)         // LONG8
                default: continue
                }
                let size = Int(clamping: value)
                if tag == 256 { directory.width = size } else { directory.height = size }
            }
            return (directory, uint(body, Int(count) * entrySize, linkSize))
        }
    }
}
