import Foundation

/// Writes a multi-page TIFF whose pages are pages of another (little-endian, classic) TIFF in a
/// chosen order, repeated: each new page's IFD is a copy of the source page's, pointing at one
/// shared copy of its image strips. A 300-page batch costs the bytes of its distinct sheets.
enum BatchTIFF {
    struct Failure: Error, CustomStringConvertible { var description: String }

    private struct Entry { var tag: UInt16, type: UInt16, count: UInt32, data: [UInt8] }
    private struct Page { var entries: [Entry]; var strips: [[UInt8]] }

    private static let typeSizes: [UInt16: Int] = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8]

    /// `order`: 0-based source page indices, one per output page.
    static func write(from source: URL, order: [Int], to target: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: source))
        guard bytes.count > 8, bytes[0] == 0x49, bytes[1] == 0x49 else { throw Failure(description: "not a little-endian TIFF") }
        func u16(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 }
        func u32(_ o: Int) -> Int { u16(o) | u16(o + 2) << 16 }
        var pages: [Page] = []
        var ifd = u32(4)
        while ifd != 0 {
            var entries: [Entry] = []
            for i in 0..<u16(ifd) {
                let e = ifd + 2 + i * 12
                let type = UInt16(u16(e + 2)), count = u32(e + 4)
                let size = (typeSizes[type] ?? 1) * count
                let start = size <= 4 ? e + 8 : u32(e + 8)
                entries.append(Entry(tag: UInt16(u16(e)), type: type, count: UInt32(count), data: Array(bytes[start..<start + size])))
            }
            func values(_ tag: UInt16) -> [Int] {
                guard let e = entries.first(where: { $0.tag == tag }) else { return [] }
                let step = e.type == 3 ? 2 : 4
                var result: [Int] = []
                for i in 0..<Int(e.count) {
                    var v = 0
                    for b in 0..<step { v |= Int(e.data[i * step + b]) << (8 * b) }
                    result.append(v)
                }
                return result
            }
            let strips = zip(values(273), values(279)).map { Array(bytes[$0..<$0 + $1]) }
            pages.append(Page(entries: entries.filter { $0.tag != 273 }, strips: strips))
            ifd = u32(ifd + 2 + u16(ifd) * 12)
        }
        var out: [UInt8] = [0x49, 0x49, 42, 0, 0, 0, 0, 0]
        func put32(_ v: Int, at o: Int? = nil) {
            let b = (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) }
            if let o { out.replaceSubrange(o..<o + 4, with: b) } else { out += b }
        }
        func align() { if out.count % 2 == 1 { out.append(0) } }
        // Each source page's strips, once.
        var offsets: [[Int]] = []
        for page in pages {
            offsets.append(page.strips.map { strip in align(); let o = out.count; out += strip; return o })
        }
        var previousNext = 4
        for index in order {
            guard pages.indices.contains(index) else { throw Failure(description: "no page \(index) in \(source.path)") }
            var entries = pages[index].entries
            let stripOffsets = offsets[index].flatMap { o in (0..<4).map { UInt8((o >> (8 * $0)) & 0xFF) } }
            entries.append(Entry(tag: 273, type: 4, count: UInt32(offsets[index].count), data: stripOffsets))
            entries.sort { $0.tag < $1.tag }
            // Out-of-line values first, then the IFD.
            var placed: [Int?] = []
            for e in entries {
                if e.data.count > 4 { align(); placed.append(out.count); out += e.data } else { placed.append(nil) }
            }
            align()
            put32(out.count, at: previousNext)
            out += [UInt8(entries.count & 0xFF), UInt8(entries.count >> 8)]
            for (e, at) in zip(entries, placed) {
                out += [UInt8(e.tag & 0xFF), UInt8(e.tag >> 8), UInt8(e.type & 0xFF), UInt8(e.type >> 8)]
                put32(Int(e.count))
                if let at { put32(at) } else { out += e.data + [UInt8](repeating: 0, count: 4 - e.data.count) }
            }
            previousNext = out.count
            put32(0)
        }
        try Data(out).write(to: target)
    }
}
