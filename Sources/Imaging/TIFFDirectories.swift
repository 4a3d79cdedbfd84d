import CTIFF

/// The directory chain of a TIFF file (classic or BigTIFF): the offset and size of every page,
/// found in one walk with libtiff (`TIFFReadDirectory`, which also stops at loops).
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
    /// directory that cannot be read (libtiff's own rules); throws, with libtiff's message, when
    /// not even the first can be read.
    static func read(path: String) throws(ImageError) -> TIFFDirectories {
        var error = quire_tiff_error()
        guard let tif = quire_tiff_open(path, &error) else {
            throw ImageError(path: path, reason: .decodeFailed(message(error, or: "cannot read the first TIFF directory")))
        }
        defer { TIFFClose(tif) }
        var found: [Directory] = []
        repeat {
            var width: UInt32 = 0, height: UInt32 = 0
            quire_tiff_size(tif, &width, &height)
            found.append(Directory(offset: TIFFCurrentDirOffset(tif), width: Int(width), height: Int(height)))
        } while TIFFReadDirectory(tif) == 1
        return TIFFDirectories(directories: found)
    }

    private static func message(_ error: quire_tiff_error, or fallback: String) -> String {
        let text = withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? fallback : text
    }
}
