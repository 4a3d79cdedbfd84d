import CLeptonica
import DocumentModel

extension Image {
    /// The default padding of a code-like region: its ink's box grown by this share of the ink's
    /// size on each side (``barcodeCandidateRegions(maxCount:padding:rejectText:)``).
    package static let barcodeRegionPadding = 0.15

    /// Regions that look like barcodes: after a morphological closing that fuses bars and
    /// modules into solid blobs, blobs of a plausible size whose ink density is typical of a code
    /// (about half dark; text lines are much lighter). Boxes in page pixels, padded by
    /// `padding` × their size, largest first, at most `maxCount`. With `rejectText`, blobs whose
    /// ink is a row of glyph-shaped pieces (bold headings, dense text lines) are left out.
    ///
    /// Leptonica: `pixOtsuAdaptiveThreshold` (one global tile), `pixCloseBrick`, `pixConnComp`
    /// (8-connected), `pixCountPixelsInRect`. All intermediate PIXes are destroyed here.
    package func barcodeCandidateRegions(maxCount: Int = 12, padding: Double = Image.barcodeRegionPadding,
                                         rejectText: Bool = true) throws(ImageError) -> [DocumentModel.Box] {
        let regions = try barcodeCandidateRegionsAndText(maxCount: maxCount, padding: padding)
        return rejectText ? regions.codeLike : regions.withText
    }

    /// The code-like regions with the text test (`codeLike`) and without it (`withText`: also
    /// the blobs whose ink looks like glyphs, as a blurred linear code's fused bars do), from one
    /// look (see ``barcodeCandidateRegions(maxCount:padding:rejectText:)``).
    package func barcodeCandidateRegionsAndText(maxCount: Int = 12, padding: Double = Image.barcodeRegionPadding) throws(ImageError)
        -> (codeLike: [DocumentModel.Box], withText: [DocumentModel.Box]) {
        guard width >= 16, height >= 16 else { return ([], []) }
        let gray = try isPlainGray ? self : grayscale()
        // Work at 600–1200 px on the long side (modules of 2+ page pixels at 300 dpi survive),
        // reached by 2× area-map reductions: ≈ 6 ms for a 300-dpi page, where one general
        // 0.34× scale took ≈ 30 ms.
        var work = gray, factor = 1.0
        while Double(max(width, height)) * factor > 1200 {
            work = try work.halvedGray()
            factor /= 2
        }
        // The closing and the size limits were tuned at 1200 px on the long side; below that
        // they shrink with the work image.
        let k = factor < 1 ? Double(max(work.width, work.height)) / 1200 : 1
        let brick = Int32(max(3, Int((7 * k).rounded(.up)) | 1))
        // A large page is also looked at once more, 2× coarser, with the same closing (it bridges
        // gaps twice as wide there): the bars of a big linear code (modules of 10+ page pixels)
        // fuse, while at the finer scale they stay separate blobs too thin to count. Whole
        // paragraphs fuse there too, so a region from that look is kept only when made of bars.
        let coarse = try factor < 1 ? work.halvedGray() : nil
        // And a page worked at half size or less once more, 4× coarser: the bars of a linear code
        // with modules twice as large again (12+ px on a 200-dpi page, 24+ px at 300 dpi: a
        // shipping label's big code, a poster) are too far apart for the 2× look to fuse, which
        // sees only groups of a few bars (not read as a code).
        let coarser = try factor <= 0.5 ? coarse?.halvedGray() : nil
        return gray.withPix { gray8 -> (codeLike: [DocumentModel.Box], withText: [DocumentModel.Box]) in
            var largeBars: [(box: DocumentModel.Box, area: Int, text: Bool)] = []
            var found = work.withPix { smallPix in
                // The 4× look's blobs are judged on the work image: its bars are still separate
                // pieces there, and whole columns of text fused at that scale cost a fraction.
                largeBars = coarser?.withPix { coarserPix in
                    Self.scan(coarserPix, factor: factor / 4, brick: brick, sizeScale: k / 4, gray: smallPix, grayFactor: factor,
                              width: width, height: height, padding: padding, rejectText: true, barsOnly: true)
                } ?? []
                return Self.scan(smallPix, factor: factor, brick: brick, sizeScale: k, gray: gray8,
                                 width: width, height: height, padding: padding, rejectText: true)
            }
            let extras = coarse?.withPix { coarsePix in
                Self.scan(coarsePix, factor: factor / 2, brick: brick, sizeScale: k / 2, gray: gray8,
                          width: width, height: height, padding: padding, rejectText: true, barsOnly: true)
            } ?? []
            // Regions found at more than one scale are kept once.
            // (A text-like region does not hide a code-like one.)
            for extra in extras + largeBars where !found.contains(where: { (!$0.text || extra.text) && $0.box.coversMostOf(extra.box) }) {
                found.append(extra)
            }
            let sorted = found.sorted { $0.area > $1.area }
            return (sorted.filter { !$0.text }.prefix(maxCount).map(\.box), sorted.prefix(maxCount).map(\.box))
        }
    }

    /// Code-like regions of `smallPix` (the page reduced by `factor`), in page pixels, with
    /// their blobs' areas in page pixels (largest first wins a place among `maxCount`).
    /// `brick`: the closing's size; `sizeScale`: the size limits' scale (1 at 1200 px long side);
    /// `gray`: the 8-bpp pixels whose ink pieces judge a blob, at `grayFactor` of the page's size.
    private static func scan(_ smallPix: UnsafeMutablePointer<PIX>, factor: Double, brick: Int32, sizeScale k: Double,
                             gray gray8: UnsafeMutablePointer<PIX>, grayFactor: Double = 1, width: Int, height: Int, padding: Double,
                             rejectText: Bool, barsOnly: Bool = false) -> [(box: DocumentModel.Box, area: Int, text: Bool)] {
        var binary: UnsafeMutablePointer<PIX>?
        let sw = pixGetWidth(smallPix), sh = pixGetHeight(smallPix)
        // One tile covering the image: a global Otsu threshold; ppixd is a new 1-bpp pix.
        guard pixOtsuAdaptiveThreshold(smallPix, max(16, sw), max(16, sh), 0, 0, 0.1, nil, &binary) == 0,
              let bin = binary else { return [] }
        defer { pixDestroy(&binary) }
        var closed: UnsafeMutablePointer<PIX>? = pixCloseBrick(nil, bin, brick, brick)
        defer { pixDestroy(&closed) }
        guard let closedPix = closed else { return [] }
        var boxes: UnsafeMutablePointer<BOXA>? = pixConnComp(closedPix, nil, 8)
        defer { boxaDestroy(&boxes) }
        guard let boxa = boxes else { return [] }

        var found: [(box: DocumentModel.Box, area: Int, text: Bool)] = []
        for i in 0..<boxaGetCount(boxa) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h) == 0 else { continue }
            // Plausible code sizes: at least 14 px (small scale) per side, not most of the page.
            guard Double(w) >= 14 * k, Double(h) >= 10 * k, w < sw * 9 / 10 || h < sh * 9 / 10 else { continue }
            guard max(w, h) <= 12 * min(w, h) else { continue }
            var count: Int32 = 0
            var box: UnsafeMutablePointer<BOX>? = boxCreate(x, y, w, h)
            defer { boxDestroy(&box) }
            guard pixCountPixelsInRect(bin, box, &count, nil) == 0 else { continue }
            let density = Double(count) / Double(Int(w) * Int(h))
            guard density > 0.28, density < 0.8 else { continue }
            var text = false
            if rejectText || barsOnly {
                // Judge the blob at full resolution, where glyphs are still separate pieces.
                let toGray = grayFactor / factor
                let full = DocumentModel.Box(x: Int(Double(x) * toGray), y: Int(Double(y) * toGray),
                                             width: Int((Double(w) * toGray).rounded(.up)),
                                             height: Int((Double(h) * toGray).rounded(.up)))
                guard let ink = InkPieces(gray8, full) else { continue }
                if barsOnly && !Self.looksLikeBars(ink) { continue }
                // Kept, marked: ``barcodeCandidateRegionsAndText`` returns them among `withText`.
                text = rejectText && Self.looksLikeText(ink) && !Self.showsStackedCodeRows(gray8, full)
            }
            let px = Double(w) * padding + 4, py = Double(h) * padding + 4
            let x0 = max(0, (Double(x) - px) / factor), y0 = max(0, (Double(y) - py) / factor)
            let x1 = min(Double(width), (Double(x + w) + px) / factor)
            let y1 = min(Double(height), (Double(y + h) + py) / factor)
            let page = DocumentModel.Box(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
            found.append((page, Int(Double(w) * Double(h) / (factor * factor)), text))
        }
        return found
    }

    /// True when a blob's ink is mostly upright bars: at least 3 pieces, three quarters
    /// of them as tall as half the area and at least 3× taller than wide (a linear code, or one
    /// character of a widely spaced Code 39; its human-readable digits are the short pieces).
    /// A paragraph's glyphs are short against the area, a text line's mostly not thin.
    private static func looksLikeBars(_ ink: InkPieces) -> Bool {
        let bars = ink.pieces.filter { $0.height * 2 >= ink.height && $0.height >= 3 * $0.width }.count
        return ink.pieces.count >= 3 && bars * 4 >= ink.pieces.count * 3
    }

    /// True when a blob's ink looks like a line of glyphs rather than
    /// a code: at least two separate pieces, side by side (their widths add up to about the
    /// area's width: the bars of a rotated linear code and the modules of a matrix code overlap
    /// each other's columns), and either two or three glyph-shaped pieces as tall as most of the
    /// area (a short word), or pieces most about as wide as tall or too few to be bars (upright
    /// bars are tall and thin), none spanning half the area (a matrix code's modules fuse into
    /// large pieces). Thin horizontal rules (underlines) are left out of the count.
    private static func looksLikeText(_ ink: InkPieces) -> Bool {
        let w = ink.width, h = ink.height
        var aspects: [Double] = []
        var widest = 0, widths = 0, shortest = Int.max
        for piece in ink.pieces {
            // An underline or rule under the words is no glyph: judge the letters above it.
            if piece.height * 8 <= max(h, 24), piece.width >= 8 * piece.height { continue }
            widest = max(widest, piece.width)
            widths += piece.width
            shortest = min(shortest, piece.height)
            aspects.append(Double(piece.height) / Double(max(1, piece.width)))
        }
        guard aspects.count >= 2, Double(widths) <= 1.3 * Double(w) else { return false }
        // A word of two or three glyphs ("To", "Of", "and"): pieces side by side (kerned glyphs
        // may overlap a little), each most of the blob's height and glyph-shaped (a code's bars
        // are far more numerous and thinner; stray modules beside a fused matrix code are small).
        if aspects.count <= 3, shortest * 2 >= h,
           aspects.allSatisfy({ (0.5...4).contains($0) }) {
            return true
        }
        guard widest * 2 <= w else { return false }
        // A few tall thin pieces are glyphs ("all", "ill"); even the shortest linear code has 20+ bars.
        return aspects.count < 8 || aspects.sorted()[aspects.count / 2] <= 2.5
    }
}

/// The separate pieces of ink in one area of an 8-bpp page (Otsu threshold of the area, 8-connected
/// components of at least 3 pixels in width or height), with the area's clamped size.
struct InkPieces {
    var pieces: [(width: Int, height: Int)] = []
    var width: Int
    var height: Int

    init?(_ gray: UnsafeMutablePointer<PIX>, _ area: DocumentModel.Box) {
        var box: UnsafeMutablePointer<BOX>? = boxCreate(Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
        defer { boxDestroy(&box) }
        // pixClipRectangle: a new 8-bpp pix of the area (clamped to the image).
        var clip: UnsafeMutablePointer<PIX>? = pixClipRectangle(gray, box, nil)
        defer { pixDestroy(&clip) }
        guard let clipPix = clip else { return nil }
        width = Int(pixGetWidth(clipPix))
        height = Int(pixGetHeight(clipPix))
        var binary: UnsafeMutablePointer<PIX>?
        // One tile covering the clip: its Otsu threshold; ppixd is a new 1-bpp pix.
        guard pixOtsuAdaptiveThreshold(clipPix, max(16, Int32(width)), max(16, Int32(height)),
                                       0, 0, 0.1, nil, &binary) == 0, let bin = binary else { return nil }
        defer { pixDestroy(&binary) }
        var components: UnsafeMutablePointer<BOXA>? = pixConnComp(bin, nil, 8)
        defer { boxaDestroy(&components) }
        guard let boxa = components else { return nil }
        for i in 0..<boxaGetCount(boxa) {
            var bx: Int32 = 0, by: Int32 = 0, bw: Int32 = 0, bh: Int32 = 0
            guard boxaGetBoxGeometry(boxa, i, &bx, &by, &bw, &bh) == 0, bh >= 3 || bw >= 3 else { continue }
            pieces.append((Int(bw), Int(bh)))
        }
    }
}
