import CLeptonica

/// Orthogonal turns, mirrors, per-axis resampling and borders: what an embedded image needs to
/// be read as its page shows it. Each returns a new image and leaves `self` unchanged.
extension Image {
    /// Mirrored left to right (`flipTopBottom`: top to bottom).
    public func mirrored(flipTopBottom: Bool = false) throws(ImageError) -> Image {
        try withPix { pix throws(ImageError) in
            try Image.made(flipTopBottom ? pixFlipTB(nil, pix) : pixFlipLR(nil, pix), "mirror an image")
        }
    }

    /// Rows become columns: the pixel at (x, y) moves to (y, x) (a quarter turn clockwise, then
    /// mirrored left to right).
    public func transposed() throws(ImageError) -> Image {
        try rotated(quarterTurns: 1).mirrored()
    }

    /// Scaled by `sx` across and `sy` down: a factor below 1 by area averaging (`pixScale`), a
    /// factor above 1 (rounded to a whole number) by repeating each pixel that many times, so
    /// that source pixel i covers exactly [i·s, (i + 1)·s) of the result and the sharp module
    /// edges of a code image stay sharp. (leptonica's `pixScaleBySampling` centres its samples:
    /// the first and last pixels come out half as wide.) The resolution is left as it was.
    public func resampled(sx: Double, sy: Double) throws(ImageError) -> Image {
        precondition(sx > 0 && sy > 0, "scale factors must be positive")
        var image = self
        if sx < 1 || sy < 1 {
            let (rx, ry) = (Float(min(sx, 1)), Float(min(sy, 1)))
            image = try withPix { pix throws(ImageError) in try Image.made(pixScale(pix, rx, ry), "scale an image by \(sx)×\(sy)") }
        }
        let (ex, ey) = (max(1, Int(sx.rounded())), max(1, Int(sy.rounded())))
        guard ex > 1 || ey > 1 else { return image === self ? try image.grayscale() : image }
        return try image.replicated(ex, ey)
    }

    /// Each pixel repeated `ex` times across and `ey` times down, as 8-bit gray.
    private func replicated(_ ex: Int, _ ey: Int) throws(ImageError) -> Image {
        let source = isPlainGray ? self : try grayscale()
        let (w, h) = (source.width, source.height)
        let out = try Image.made(pixCreateNoInit(Int32(w * ex), Int32(h * ey), 8), "enlarge an image")
        source.withPix { s in
            out.withPix { d in
                guard let sdata = pixGetData(s), let ddata = pixGetData(d) else { return }
                let (swpl, dwpl) = (Int(pixGetWpl(s)), Int(pixGetWpl(d)))
                let width = w * ex
                // 8-bit pixels are big-endian within native 32-bit words (pixel 0 in the top byte).
                for y in 0..<h {
                    let srow = sdata + y * swpl, drow = ddata + y * ey * dwpl
                    for k in 0..<dwpl {
                        var word: UInt32 = 0
                        for b in 0..<4 {
                            let x = 4 * k + b
                            let v = x < width ? (srow[(x / ex) >> 2] >> UInt32(24 - 8 * ((x / ex) & 3))) & 0xFF : 0
                            word |= v << UInt32(24 - 8 * b)
                        }
                        drow[k] = word
                    }
                    if ey > 1 { for r in 1..<ey { (drow + r * dwpl).update(from: drow, count: dwpl) } }
                }
            }
        }
        return out
    }

    /// With a border of `width` pixels of `gray` (8-bit images: 255 is white) on every side.
    public func bordered(by width: Int, gray: UInt32 = 255) throws(ImageError) -> Image {
        try withPix { pix throws(ImageError) in try Image.made(pixAddBorder(pix, Int32(width), gray), "add a border to an image") }
    }

    /// The image bordered by `width` pixels of its own paper's grey (the median of its light
    /// pixels, ``paperLevel(_:)``; white when it is mostly dark): a border as light as the
    /// image's ground, not whiter than it (a pale-grey picture in a white border turns its ground
    /// into ink at the threshold between them).
    public func borderedWithPaper(by width: Int) throws(ImageError) -> Image {
        try bordered(by: width, gray: UInt32(withPix { Image.paperLevel($0) }))
    }
}
