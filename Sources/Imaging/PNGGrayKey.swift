import Foundation

/// The transparent gray value (`tRNS` chunk) of a grayscale PNG, read from the chunk list
/// without decoding a pixel (PNG spec, 11.3.2.1: https://www.w3.org/TR/png/#11tRNS).
///
/// A grayscale PNG (colour type 0) may name one gray value as transparent: pixels of exactly that
/// value are see-through, every other pixel is opaque. Leptonica 1.82 reads any such file as a
/// *fully* transparent image ("convention is fully transparent image"), so blended over white
/// paper the whole page came back blank, with no error: a bilevel QR code or scan saved with
/// a transparent background lost everything on it. quire reads these files without the chunk
/// and paints the key's pixels white itself, which is what compositing over paper gives.
struct PNGGrayKey: Equatable {
    /// Bits per sample (1, 2, 4, 8 or 16).
    var bitDepth: Int
    /// The transparent sample value, in the file's own range (0 ..< 2^bitDepth).
    var sample: Int
    /// Byte range of the whole `tRNS` chunk (length, type, data and CRC) in the file.
    var chunk: Range<Int>

    /// The key as an 8-bit gray level: low bit depths are spread over 0...255 (as decoders
    /// expand them), 16-bit samples keep their high byte (as leptonica strips them).
    var gray8: UInt8 {
        bitDepth == 16 ? UInt8(sample >> 8) : UInt8(sample * 255 / ((1 << bitDepth) - 1))
    }

    /// The key of a grayscale PNG that has one; nil for any other file (other colour types,
    /// no `tRNS` before the image data, a malformed or cut-short chunk list).
    static func find(in b: UnsafeRawBufferPointer) -> PNGGrayKey? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard b.count >= 33, signature.indices.allSatisfy({ b[$0] == signature[$0] }) else { return nil }
        func u32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        func type(at i: Int) -> String { String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self) }
        // IHDR comes first: width, height, bit depth, colour type, ...
        guard type(at: 8) == "IHDR", u32(8) == 13 else { return nil }
        let bitDepth = Int(b[24]), colourType = b[25]
        guard colourType == 0, [1, 2, 4, 8, 16].contains(bitDepth) else { return nil }
        var at = 33
        while at + 12 <= b.count {
            let length = u32(at)
            let end = at + 12 + length
            guard length >= 0, end <= b.count else { return nil }
            switch type(at: at) {
            case "tRNS":
                guard length == 2 else { return nil }
                let sample = Int(b[at + 8]) << 8 | Int(b[at + 9])
                guard sample < 1 << bitDepth else { return nil }
                return PNGGrayKey(bitDepth: bitDepth, sample: sample, chunk: at..<end)
            case "IDAT", "IEND":
                return nil   // tRNS must precede the image data
            default:
                at = end
            }
        }
        return nil
    }
}
