import CLeptonica

extension Image {
    /// `pixBackgroundNormSimple(pix, nil, nil)` of an 8-bit gray `pix` (background → 200), the
    /// same pixels made faster: leptonica's inverse background map
    /// (`pixBackgroundNormGrayArray` with `pixBackgroundNormSimple`'s defaults: tiles 10 × 15,
    /// foreground below 60, at least 40 background pixels a tile, background 200, smoothing 2 × 1),
    /// applied by ``BackgroundMap``: 25 → 19 ms on a 300-dpi scan (8.7 MP), where leptonica's
    /// own application of the map costs about what making it does. A new PIX (ours): a copy of
    /// `pix` when no map can be made (a weak line's crop of a few pixels, too few tiles), as
    /// leptonica gives; nil only when leptonica cannot allocate.
    static func backgroundNormalized(_ pix: UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>? {
        precondition(pixGetDepth(pix) == 8 && pixGetColormap(pix) == nil)
        let tileWidth = 10, tileHeight = 15
        var map: UnsafeMutablePointer<PIX>?
        // pixBackgroundNormGrayArray: the 16-bpp inverse map in *ppixd (ours); non-zero on failure.
        // No map (an image of a few pixels, too few tiles, too little background; the call fails
        // or gives none): `pixBackgroundNormSimple` gives the image unchanged, and so does this.
        guard pixBackgroundNormGrayArray(pix, nil, Int32(tileWidth), Int32(tileHeight), 60, 40, 200, 2, 1, &map) == 0,
              map != nil else { return pixCopy(nil, pix) }
        defer { pixDestroy(&map) }
        // pixCreate: a new zeroed PIX (ours), as leptonica's pixCreateTemplate.
        guard let normalized = pixCreate(pixGetWidth(pix), pixGetHeight(pix), 8) else { return nil }
        pixCopyResolution(normalized, pix)
        guard let source = pixGetData(pix), let factors = pixGetData(map), let destination = pixGetData(normalized) else {
            var made: UnsafeMutablePointer<PIX>? = normalized
            pixDestroy(&made)
            return nil
        }
        BackgroundMap.apply(source: source, sourceWords: Int(pixGetWpl(pix)),
                            width: Int(pixGetWidth(pix)), height: Int(pixGetHeight(pix)),
                            map: factors, mapWords: Int(pixGetWpl(map)),
                            mapWidth: Int(pixGetWidth(map)), mapHeight: Int(pixGetHeight(map)),
                            tileWidth: tileWidth, tileHeight: tileHeight,
                            into: destination, destinationWords: Int(pixGetWpl(normalized)))
        return normalized
    }
}
