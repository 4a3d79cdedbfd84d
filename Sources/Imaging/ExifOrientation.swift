/// The EXIF Orientation tag (0x0112) of a JPEG file, parsed from its APP1 segment.
///
/// Leptonica decodes JPEG pixels as stored; cameras store them sideways and record how a viewer
/// must turn them. Values (EXIF 2.32, table 6): 1 upright, 2 mirrored, 3 rotated 180°,
/// 4 flipped vertically, 5 transposed, 6 needs 90° clockwise, 7 transversed, 8 needs 270° clockwise.
enum ExifOrientation: Int {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// How to make the stored pixels upright: clockwise quarter turns, then an optional
    /// left-right flip. (5 = transpose = rotate 90° cw + flip LR; 7 = transverse = 270° cw + flip LR.)
    var correction: (quarterTurns: Int, flipLeftRight: Bool) {
        switch self {
        case .up: return (0, false)
        case .upMirrored: return (0, true)
        case .down: return (2, false)
        case .downMirrored: return (2, true)
        case .leftMirrored: return (1, true)
        case .right: return (1, false)
        case .rightMirrored: return (3, true)
        case .left: return (3, false)
        }
    }

    /// Parses the orientation from the first bytes of a JPEG file (APP1 sits before the image
    /// data, so 64 KiB is plenty). Nil when absent or malformed: the image is taken as upright.
    static func parse(jpeg bytes: [UInt8]) -> ExifOrientation? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var at = 2
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }              // fill byte
            if marker == 0xDA || marker == 0xD9 { return nil }   // start of scan / end: no EXIF
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2 else { return nil }
            let body = at + 4, end = at + 2 + length
            if marker == 0xE1, end <= bytes.count, end - body >= 14,
               Array(bytes[body..<body + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {   // "Exif\0\0"
                return parseTIFF(Array(bytes[body + 6..<end]))
            }
            at = end
        }
        return nil
    }

    /// Finds tag 0x0112 in IFD0 of the TIFF structure inside the EXIF segment.
    private static func parseTIFF(_ t: [UInt8]) -> ExifOrientation? {
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= t.count else { return nil }
            return little ? Int(t[i]) | Int(t[i + 1]) << 8 : Int(t[i]) << 8 | Int(t[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let e = ifd + 2 + entry * 12
            guard let tag = u16(e) else { return nil }
            if tag == 0x0112, let type = u16(e + 2), type == 3, let value = u16(e + 8) {
                return ExifOrientation(rawValue: value)
            }
        }
        return nil
    }
}
