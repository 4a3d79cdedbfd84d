import CLeptonica
import DocumentModel

// Image clean-ups the OCR stages try on weak lines and pages (binarisation, background
// normalisation, denoising, contrast). General operations (gray, scale, crop, rotate) are in
// Image+Transform.swift.
// Leptonica: every `pix…` function used here returns a new PIX (one reference, ours) or NULL.

extension Image {
    /// Wraps a PIX returned by leptonica, or throws `ImageError.operationFailed` when it returned
    /// NULL (Imaging's one policy for a leptonica failure).
    static func ocrWrap(_ pix: UnsafeMutablePointer<PIX>?, _ operation: String,
                        _ detail: @autoclosure () -> String = "") throws(ImageError) -> Image {
        try made(pix, pix == nil && !detail().isEmpty ? "\(operation) (\(detail()))" : operation)
    }

    /// A 1-bpp copy thresholded with Otsu's method over large tiles (≈ a global Otsu threshold).
    package func ocrOtsuBinarized() throws -> Image {
        let gray = try isPlainGray ? self : grayscale()
        return try Image.ocrWrap(gray.withPix { pix in
            var out: UnsafeMutablePointer<PIX>?
            let sx = max(16, Int32(width)), sy = max(16, Int32(height))
            if pixOtsuAdaptiveThreshold(pix, sx, sy, 0, 0, 0.1, nil, &out) != 0 { return nil }
            return out
        }, "pixOtsuAdaptiveThreshold")
    }

    /// Background-normalised grey copy (uneven illumination and grey paper become white),
    /// with its contrast stretched: helps low-contrast and stained pages.
    package func ocrNormalizedBackground() throws -> Image {
        let gray = try isPlainGray ? self : grayscale()
        return try Image.ocrWrap(gray.withPix { pix in
            // pixBackgroundNormSimple's pixels: background → 200; then stretch.
            guard let norm = Image.backgroundNormalized(pix) else { return nil }
            defer { var n: UnsafeMutablePointer<PIX>? = norm; pixDestroy(&n) }
            return pixGammaTRC(nil, norm, 1.0, 30, 200)
        }, "pixBackgroundNormSimple")
    }

    /// A 1-bpp copy binarised with Sauvola's local method (good for noise and uneven contrast).
    package func ocrSauvolaBinarized(window: Int = 25, factor: Double = 0.35) throws -> Image {
        let gray = try isPlainGray ? self : grayscale()
        return try Image.ocrWrap(gray.withPix { pix in
            var out: UnsafeMutablePointer<PIX>?
            let half = Int32(max(2, min(window / 2, (min(width, height) - 3) / 2)))
            if pixSauvolaBinarize(pix, half, Float(factor), 1, nil, nil, nil, &out) != 0 { return nil }
            return out
        }, "pixSauvolaBinarize")
    }

    /// A median-filtered grey copy (removes salt-and-pepper and gaussian speckle).
    package func ocrDenoised(size: Int = 3) throws -> Image {
        let gray = try isPlainGray ? self : grayscale()
        return try Image.ocrWrap(gray.withPix { pixMedianFilter($0, Int32(size), Int32(size)) },
                                 "pixMedianFilter")
    }

    /// A grey copy smoothed with a (2·halfWidth+1)² box filter (`pixBlockconv`): strong gaussian
    /// noise and JPEG blocking fade while strokes of body text survive.
    package func ocrSmoothed(halfWidth: Int = 1) throws -> Image {
        let gray = try isPlainGray ? self : grayscale()
        return try Image.ocrWrap(gray.withPix { pixBlockconv($0, Int32(halfWidth), Int32(halfWidth)) }, "pixBlockconv")
    }

    /// A grey copy whose contrast is stretched between the 2 % darkest level and the level of
    /// the median pixel (the paper on a text page), with `pixGammaTRC`.
    package func ocrStretched() throws -> Image {
        let gray = try isPlainGray ? self : grayscale()
        return try Image.ocrWrap(gray.withPix { pix -> UnsafeMutablePointer<PIX>? in
            var dark: UInt32 = 0, paper: UInt32 = 255
            let factor = Int32(max(1, min(width, height) / 400))
            pixGetRankValue(pix, factor, 0.02, &dark)
            pixGetRankValue(pix, factor, 0.5, &paper)
            guard Int(paper) - Int(dark) > 8 else { return pixCopy(nil, pix) }
            return pixGammaTRC(nil, pix, 1.0, Int32(dark), Int32(paper))
        }, "pixGammaTRC")
    }

    /// The same pixels with `dpi` stored as resolution (a copy; the original is unchanged).
    package func ocrWithResolution(_ dpi: Int) throws -> Image {
        try Image.ocrWrap(withPix { pix in
            guard let c = pixCopy(nil, pix) else { return nil }
            pixSetResolution(c, Int32(dpi), Int32(dpi))
            return c
        }, "pixCopy")
    }
}
