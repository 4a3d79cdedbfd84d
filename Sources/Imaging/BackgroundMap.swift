/// Applies leptonica's inverse background map to an 8-bit gray raster, as
/// `pixApplyInvBackgroundGrayMap` does: each pixel of tile (column `x / tileWidth`, row
/// `y / tileHeight`) becomes `min(255, value × factor / 256)`, the factor the map's 16-bit value
/// for that tile; pixels beyond the map's tiles stay 0 (leptonica's output starts zeroed and
/// its loops stop at the map's last tile). Leptonica reads the factor with `pixGetPixel` for each
/// tile and every pixel through its byte macros; here a row of factors is read once per tile
/// row and each pixel costs a multiply and a shift.
///
/// The rasters are leptonica's layout: rows of 32-bit words (`…Words` apart), big-endian within
/// a word (on a little-endian machine byte `x` of a row is at `x ^ 3`, 16-bit value `j` at
/// `j ^ 1`). Pure: no C.
enum BackgroundMap {
    /// Writes the normalised pixels of `source` (`width` × `height`) into `destination`, which
    /// must start zeroed; `map` holds `mapWidth` × `mapHeight` 16-bit factors.
    static func apply(source: UnsafePointer<UInt32>, sourceWords: Int, width: Int, height: Int,
                      map: UnsafePointer<UInt32>, mapWords: Int, mapWidth: Int, mapHeight: Int,
                      tileWidth: Int, tileHeight: Int,
                      into destination: UnsafeMutablePointer<UInt32>, destinationWords: Int) {
        let sourceBytes = UnsafeRawPointer(source).assumingMemoryBound(to: UInt8.self)
        let destinationBytes = UnsafeMutableRawPointer(destination).assumingMemoryBound(to: UInt8.self)
        let mapValues = UnsafeRawPointer(map).assumingMemoryBound(to: UInt16.self)
        let columns = min(width, mapWidth * tileWidth)
        var factors = [Int](repeating: 0, count: mapWidth)
        for y in 0..<min(height, mapHeight * tileHeight) {
            let tileRow = y / tileHeight
            if y % tileHeight == 0 {
                let line = mapValues + tileRow * mapWords * 2
                for j in 0..<mapWidth { factors[j] = Int(line[j ^ 1]) }
            }
            let input = sourceBytes + y * sourceWords * 4
            let output = destinationBytes + y * destinationWords * 4
            factors.withUnsafeBufferPointer { factors in
                var x = 0
                for factor in factors {
                    let end = min(columns, x + tileWidth)
                    while x < end {
                        output[x ^ 3] = UInt8(truncatingIfNeeded: min(255, (Int(input[x ^ 3]) &* factor) >> 8))
                        x &+= 1
                    }
                }
            }
        }
    }
}
