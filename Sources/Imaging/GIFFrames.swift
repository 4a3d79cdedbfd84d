import Foundation

/// The logical screen and the size of every frame of a GIF file, read from its block structure
/// without decoding a pixel (GIF89a spec, https://www.w3.org/Graphics/GIF/spec-gif89a.txt).
///
/// The pixel budget must look at every frame: giflib's `DGifSlurp` (what leptonica calls)
/// allocates and decodes each frame at its own size, which may be far larger than the logical
/// screen the header declares (a 10×10 screen can carry a 20000×20000 frame).
struct GIFFrames {
    var screenWidth: Int
    var screenHeight: Int
    /// Width and height of each image descriptor, in file order. Reading stops at the trailer
    /// or at the first malformed block (giflib stops there too, so no frame after it is decoded).
    var frames: [(width: Int, height: Int)]
    /// The colour index the first frame draws as transparent (its Graphic Control Extension),
    /// if any. Leptonica ignores it: the index keeps its palette colour, often black.
    var firstFrameTransparentIndex: Int?

    /// Parses `path`; nil when it is not a GIF or its header is cut short.
    static func read(path: String) -> GIFFrames? {
        // Mapped, not read: only the block headers are touched, a few bytes per 255 of data.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes { parse(UnsafeRawBufferPointer($0)) }
    }

    static func parse(_ b: UnsafeRawBufferPointer) -> GIFFrames? {
        guard b.count >= 13, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46 else { return nil }   // "GIF"
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        var result = GIFFrames(screenWidth: u16(6), screenHeight: u16(8), frames: [], firstFrameTransparentIndex: nil)
        var at = 13
        if b[10] & 0x80 != 0 { at += 3 << (Int(b[10] & 0x07) + 1) }          // global colour table
        /// Skips a chain of data sub-blocks (length byte, data; a 0 length ends it). False when cut short.
        func skipSubBlocks() -> Bool {
            while at < b.count {
                let length = Int(b[at])
                at += 1 + length
                if length == 0 { return true }
            }
            return false
        }
        while at < b.count {
            switch b[at] {
            case 0x2C:                                                         // image descriptor
                guard at + 10 <= b.count else { return result }
                result.frames.append((u16(at + 5), u16(at + 7)))
                let packed = b[at + 9]
                at += 10
                if packed & 0x80 != 0 { at += 3 << (Int(packed & 0x07) + 1) }  // local colour table
                at += 1                                                        // LZW minimum code size
                guard skipSubBlocks() else { return result }
            case 0x21:                                                         // extension
                // Graphic Control Extension: 0x21 0xF9, size 4, packed (bit 0: transparency),
                // delay (2 bytes), transparent colour index. It applies to the next image.
                if result.frames.isEmpty, at + 7 <= b.count, b[at + 1] == 0xF9, b[at + 2] == 4 {
                    result.firstFrameTransparentIndex = b[at + 3] & 0x01 != 0 ? Int(b[at + 6]) : nil
                }
                at += 2
                guard skipSubBlocks() else { return result }
            default:                                                           // trailer (0x3B) or garbage
                return result
            }
        }
        return result
    }
}
