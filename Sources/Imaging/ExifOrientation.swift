import CExif

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

    /// The orientation in the first bytes of a JPEG file (APP1 sits before the image data, so
    /// 64 KiB is plenty), read with libexif. Nil when absent or malformed: the image is taken as
    /// upright.
    static func parse(jpeg bytes: [UInt8]) -> ExifOrientation? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        // exif_data_new_from_data: finds the APP1 "Exif" segment in JPEG data and parses it;
        // an ExifData we own (unref), empty when there is none.
        guard let data = bytes.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32($0.count)) }) else {
            return nil
        }
        defer { exif_data_unref(data) }
        guard let ifd0 = data.pointee.ifd.0,
              let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1, let value = entry.pointee.data
        else { return nil }
        return ExifOrientation(rawValue: Int(exif_get_short(value, exif_data_get_byte_order(data))))
    }
}
