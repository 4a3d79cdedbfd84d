import Foundation

/// A PNG's image data as a PDF image stream without decoding it: the concatenated `IDAT` chunks
/// are a zlib stream, and PNG's per-row filters are PDF's PNG predictors (`/Predictor 15`), so
/// the bytes go into the PDF as they are (`/FlateDecode`), as img2pdf and OCRmyPDF embed them.
/// Decoding and compressing the samples again without a predictor made files about 9 % larger
/// than the PNG on scanned gray pages.
///
/// Only PNGs whose samples PDF reads the same way: gray or RGB, 1/2/4/8 bits per sample (gray)
/// or 8 (RGB), not interlaced, no transparency (`tRNS`), no orientation (`eXIf`). Anything else
/// (palettes, alpha, 16 bits, interlacing) is nil and goes the decoding way.
struct PNGPassThrough {
    var width: Int
    var height: Int
    var components: Int
    var bitsPerComponent: Int
    /// The zlib stream: every IDAT chunk's data, in order.
    var data: [UInt8]

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// nil unless the file is a PNG that can be passed through (only its first 8 bytes are read
    /// when it is no PNG).
    static func read(path: String) -> PNGPassThrough? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 8), Array(head) == signature,
              let rest = try? handle.readToEnd() else { return nil }
        return parse(signature + Array(rest))
    }

    static func parse(_ bytes: [UInt8]) -> PNGPassThrough? {
        guard bytes.count > 8 + 25, Array(bytes[0..<8]) == signature else { return nil }
        func uint32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        var at = 8
        var header: (width: Int, height: Int, bits: Int, colorType: Int, interlace: Int)?
        var data: [UInt8] = []
        var ended = false
        while at + 12 <= bytes.count {
            let length = uint32(at)
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let start = at + 8
            guard length >= 0, start + length + 4 <= bytes.count else { return nil }
            switch type {
            case "IHDR":
                guard header == nil, length == 13 else { return nil }
                header = (uint32(start), uint32(start + 4), Int(bytes[start + 8]), Int(bytes[start + 9]), Int(bytes[start + 12]))
            case "IDAT":
                data.append(contentsOf: bytes[start..<(start + length)])
            case "IEND":
                ended = true
            case "tRNS", "eXIf", "PLTE":
                return nil
            default:
                break
            }
            if ended { break }
            at = start + length + 4
        }
        guard ended, let h = header, !data.isEmpty, h.width > 0, h.height > 0, h.interlace == 0 else { return nil }
        switch (h.colorType, h.bits) {
        case (0, 1), (0, 2), (0, 4), (0, 8):
            return PNGPassThrough(width: h.width, height: h.height, components: 1, bitsPerComponent: h.bits, data: data)
        case (2, 8):
            return PNGPassThrough(width: h.width, height: h.height, components: 3, bitsPerComponent: 8, data: data)
        default:
            return nil
        }
    }

    /// The image XObject's dictionary entries besides `/Filter`.
    var dictionary: [String: String] {
        ["/Type": "/XObject", "/Subtype": "/Image", "/Width": "\(width)", "/Height": "\(height)",
         "/ColorSpace": components == 1 ? "/DeviceGray" : "/DeviceRGB", "/BitsPerComponent": "\(bitsPerComponent)",
         "/DecodeParms": "<< /Predictor 15 /Colors \(components) /BitsPerComponent \(bitsPerComponent) /Columns \(width) >>"]
    }
}
