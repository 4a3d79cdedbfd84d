import CLeptonica
import DocumentModel

/// 8-bit gray pixels copied out of an ``Image`` for the barcode reader: row-major, no padding
/// (`rowStride == width`), 0 = black.
package struct BarcodeGrayPlane: Sendable {
    package var width: Int
    package var height: Int
    package var bytes: [UInt8]

    package init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height, "gray plane size mismatch")
        self.width = width; self.height = height; self.bytes = bytes
    }
}

extension Image {
    /// The image (optionally cropped, scaled, then rotated) as 8-bit gray, for barcode reading.
    ///
    /// - `crop` is clamped to the image; nil when it does not overlap.
    /// - `scale` uses leptonica `pixScale` (area mapping when shrinking, linear when enlarging).
    /// - `rotation` (radians, clockwise positive) uses `pixRotate` with area mapping, embedding the
    ///   image so nothing is clipped; the result is centred on the source's centre.
    /// Returns nil when there is nothing to read (the crop misses the image, or the result has no
    /// pixels); throws `ImageError` when leptonica fails.
    ///
    /// Unlike `withGrayBytes`, this clips, scales and rotates in one leptonica pipeline before the
    /// copy, so a barcode pass converts only the region it reads.
    /// - `normalize`: leptonica background normalisation (`pixBackgroundNormSimple`) after
    ///   scaling: uneven light, shadows and glare are flattened to an even background.
    /// - `invert`: light symbols on a dark ground become dark on light.
    package func barcodeGrayPlane(crop: DocumentModel.Box? = nil, scale: Double = 1, rotation: Double = 0,
                                  normalize: Bool = false, invert: Bool = false) throws(ImageError) -> BarcodeGrayPlane? {
        try withPix { pix throws(ImageError) -> BarcodeGrayPlane? in
            var owned: [UnsafeMutablePointer<PIX>?] = []
            defer { for i in owned.indices { pixDestroy(&owned[i]) } }
            var current = pix
            // Clip first, so only the crop is converted and transformed.
            if let crop {
                let w = Int(pixGetWidth(current)), h = Int(pixGetHeight(current))
                guard let clip = crop.intersection(DocumentModel.Box(x: 0, y: 0, width: w, height: h)) else { return nil }
                var box: UnsafeMutablePointer<BOX>? = boxCreate(Int32(clip.x), Int32(clip.y),
                                                                 Int32(clip.width), Int32(clip.height))
                defer { boxDestroy(&box) }
                // pixClipRectangle: a new pix holding the clipped pixels; we destroy it.
                guard let clipped = pixClipRectangle(current, box, nil) else { throw .operation("crop an image") }
                owned.append(clipped); current = clipped
            }
            // An 8-bpp image without colormap is already gray; anything else is converted
            // (pixConvertTo8, cmapflag 0: new 8-bpp gray pix without colormap).
            if pixGetDepth(current) != 8 || pixGetColormap(current) != nil {
                guard let gray = pixConvertTo8(current, 0) else { throw .operation("convert an image to gray") }
                owned.append(gray); current = gray
            }
            if scale != 1 {
                guard scale > 0 else { return nil }
                guard let scaled = pixScale(current, Float(scale), Float(scale)) else { throw .operation("scale an image by \(scale)") }
                owned.append(scaled); current = scaled
            }
            if normalize {
                // pixBackgroundNormSimple's pixels: a new 8-bpp pix, background mapped to 200.
                guard let normed = Image.backgroundNormalized(current) else { throw .operation("normalise an image's background") }
                owned.append(normed); current = normed
            }
            if invert {
                // pixInvert(NULL, pixs): a new inverted pix.
                guard let inverted = pixInvert(nil, current) else { throw .operation("invert an image") }
                owned.append(inverted); current = inverted
            }
            if rotation != 0 {
                let w = pixGetWidth(current), h = pixGetHeight(current)
                guard let rotated = pixRotate(current, Float(rotation), Int32(L_ROTATE_AREA_MAP),
                                              Int32(L_BRING_IN_WHITE), w, h) else { throw .operation("rotate an image") }
                owned.append(rotated); current = rotated
            }
            return Self.copyGray8(current)
        }
    }

    /// Copies an 8-bpp PIX row by row. Leptonica packs pixels into 32-bit words in big-endian
    /// order (GET_DATA_BYTE): on little-endian hosts byte `i` of a row sits at raw index `i ^ 3`.
    static func copyGray8(_ pix: UnsafeMutablePointer<PIX>) -> BarcodeGrayPlane? {
        guard pixGetDepth(pix) == 8, let data = pixGetData(pix) else { return nil }
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix)), wpl = Int(pixGetWpl(pix))
        guard width > 0, height > 0 else { return nil }
        let raw = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        let swap = UInt32(1).littleEndian == 1 ? 3 : 0
        var bytes = [UInt8](repeating: 0, count: width * height)
        bytes.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = raw + y * wpl * 4
                let base = y * width
                for x in 0..<width { out[base + x] = row[x ^ swap] }
            }
        }
        // Leptonica may carry a colormap on an 8-bpp result only if asked; pixConvertTo8(…, 0) does not.
        return BarcodeGrayPlane(width: width, height: height, bytes: bytes)
    }
}
