import CGIF

/// The logical screen and the size of every frame of a GIF file, read with giflib's record
/// reader (`DGifGetRecordType`, `DGifGetImageDesc`), skipping each frame's LZW data unread.
///
/// The pixel budget must look at every frame: giflib's `DGifSlurp` (what leptonica calls)
/// allocates and decodes each frame at its own size, which may be far larger than the logical
/// screen the header declares (a 10×10 screen can carry a 20000×20000 frame).
struct GIFFrames {
    var screenWidth: Int
    var screenHeight: Int
    /// Width and height of each image descriptor, in file order. Reading stops at the trailer
    /// or at the first malformed record (where `DGifSlurp` stops too, so no frame after it is decoded).
    var frames: [(width: Int, height: Int)]
    /// The colour index the first frame draws as transparent (its Graphic Control Extension),
    /// if any. Leptonica ignores it: the index keeps its palette colour, often black.
    var firstFrameTransparentIndex: Int?

    /// Reads `path`; nil when it is not a GIF or its header is cut short.
    static func read(path: String) -> GIFFrames? {
        var error: Int32 = 0
        // DGifOpenFileName: reads the screen descriptor; a handle we close (DGifCloseFile).
        guard let gif = DGifOpenFileName(path, &error) else { return nil }
        defer { DGifCloseFile(gif, &error) }
        var result = GIFFrames(screenWidth: Int(gif.pointee.SWidth), screenHeight: Int(gif.pointee.SHeight),
                               frames: [], firstFrameTransparentIndex: nil)
        var type = UNDEFINED_RECORD_TYPE
        while DGifGetRecordType(gif, &type) == GIF_OK {
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { return result }
                result.frames.append((Int(gif.pointee.Image.Width), Int(gif.pointee.Image.Height)))
                // The frame's data sub-blocks, passed over without decoding a pixel.
                var codeSize: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else { return result }
                while block != nil {
                    guard DGifGetCodeNext(gif, &block) == GIF_OK else { return result }
                }
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return result }
                // Graphic Control Extension: size 4, packed (bit 0: transparency), delay (2 bytes),
                // transparent colour index. It applies to the next image.
                if code == GRAPHICS_EXT_FUNC_CODE, result.frames.isEmpty, let gce = block, gce[0] == 4 {
                    result.firstFrameTransparentIndex = gce[1] & 0x01 != 0 ? Int(gce[4]) : nil
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return result }
                }
            default:                                                           // trailer
                return result
            }
        }
        return result
    }
}
