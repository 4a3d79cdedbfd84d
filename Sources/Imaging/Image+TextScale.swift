import CLeptonica
import DocumentModel

/// How large the text on a page is, measured from the page itself: the x-height of its
/// lower-case letters in pixels, and the resolution at which 10-pt body text would have it.
public struct TextScale: Sendable, Equatable {
    /// Typical x-height of the page's text, in pixels of the measured image.
    public var xHeight: Double
    /// Number of text-like connected components the measurement rests on.
    public var components: Int
    /// Where the text is (`TextArea`); nil when not measured.
    public var area: TextArea?

    /// X-height of 10-pt body text, in inches: 0.45 em (Times 0.45, Computer Modern 0.43,
    /// Helvetica 0.52) of 10 pt. A page of 10-pt text at 300 dpi has an x-height of ≈ 19 px.
    public static let referenceXHeightInches = 0.45 * 10 / 72
    /// Fewer text-like components than this and there is no estimate (a photo, an empty page).
    public static let minimumComponents = 40
    /// The smallest share of the letter-size components that must be text-like (aligned in
    /// lines) for an estimate. On text pages the share is at least half (0.53 to 0.99 on the
    /// dev set's arXiv pages and receipts); on a page of graph paper or other texture a few
    /// dozen grid pieces line up by chance among thousands (0.006 on a scanned graph-paper
    /// sketch, which read as "text" 4 px high: the page was enlarged 4.7× and OCR'd into 1,500
    /// words of garbage in 60 s). Photos with a code and a label stay above it (0.06 and up).
    public static let minimumTextShare = 0.05

    public init(xHeight: Double, components: Int, area: TextArea? = nil) {
        self.xHeight = xHeight; self.components = components; self.area = area
    }

    /// The resolution (pixels per inch) at which 10-pt body text has this page's x-height.
    public var estimatedDPI: Int { Int((xHeight / Self.referenceXHeightInches).rounded()) }

    /// The text scale of the same page scaled by `factor`.
    public func scaled(by factor: Double) -> TextScale {
        TextScale(xHeight: xHeight * factor, components: components, area: area?.scaled(by: factor))
    }

    /// The x-height, in pixels, of the page's text at `dpi` if it were 10-pt body text.
    public static func xHeight(atDPI dpi: Int) -> Double { Double(dpi) * referenceXHeightInches }

    /// The x-height class among text-like component heights: the smallest height of at least
    /// 0.55 of the modal height holding at least half as many components as the mode (at low
    /// resolution letters merge into words whose ascenders can outnumber the lone x-height
    /// letters), refined to a sub-pixel mean over ±15 % of it. Nil with fewer than
    /// `minimumComponents` heights, or when they are less than `minimumTextShare` of the
    /// `candidates` (the letter-size components they were picked from; 0: not known).
    public static func measure(heights: [Int], candidates: Int = 0) -> TextScale? {
        guard heights.count >= minimumComponents, let tallest = heights.max() else { return nil }
        guard Double(heights.count) >= minimumTextShare * Double(candidates) else { return nil }
        var histogram = [Int](repeating: 0, count: tallest + 1)
        for h in heights { histogram[h] += 1 }
        guard let mode = histogram.indices.max(by: { histogram[$0] < histogram[$1] }) else { return nil }
        let xClass = (Int((Double(mode) * 0.55).rounded(.up))...mode).first { histogram[$0] * 2 >= histogram[mode] } ?? mode
        let low = max(1, Int((Double(xClass) * 0.85).rounded(.up)))
        let high = min(tallest, Int((Double(xClass) * 1.15).rounded(.down)))
        var sum = 0, count = 0
        for h in low...max(low, high) where h <= tallest { sum += h * histogram[h]; count += histogram[h] }
        guard count > 0 else { return nil }
        return TextScale(xHeight: Double(sum) / Double(count), components: heights.count)
    }
}

extension Image {
    /// Largest image (pixels) measured at full size; larger ones are halved first (their text is
    /// never small enough to vanish by halving).
    static let textScaleMaxPixels = 12_000_000

    /// Measures the page's text scale from the connected components of its ink (leptonica).
    /// The background is normalised and the page thresholded at Otsu's level (at most 170 of
    /// the paper's 200: faded thermal print thresholded darker falls apart into fragments).
    /// Components of letter size (4 px up to 1/20 of the page, at most 6× as wide as tall)
    /// vote with their height when at least two others of similar height stand beside them on
    /// the same line: specks, halftone and figure fragments rarely do. Nil with too few votes,
    /// or too few for the page's letter-size components (texture, not text).
    /// Throws when leptonica cannot make a working copy (``ImageError``, like every image operation).
    public func textScale() throws(ImageError) -> TextScale? {
        var image: Image = isPlainGray ? self : try grayscale()
        var factor = 1
        while image.width * image.height > Self.textScaleMaxPixels {
            image = try image.halvedGray(); factor *= 2
        }
        let boxes: [DocumentModel.Box] = try image.withPix { pix throws(ImageError) -> [DocumentModel.Box] in
            // pixBackgroundNormSimple's pixels: background → 200.
            var norm: UnsafeMutablePointer<PIX>? = Image.backgroundNormalized(pix)
            defer { pixDestroy(&norm) }
            // The sheet's dark surroundings (a photographed receipt on a table) would take
            // Otsu's threshold between them and the paper, losing faint print.
            var whitened: UnsafeMutablePointer<PIX>? = norm.flatMap {
                Image.whitenedDarkBorder($0, paper: 200, margin: image.borderMargin)
            }
            defer { pixDestroy(&whitened) }
            let gray = whitened ?? norm ?? pix
            var binary: UnsafeMutablePointer<PIX>? = pixThresholdToBinary(gray, Int32(min(170, Self.otsuLevel(gray))))
            defer { pixDestroy(&binary) }
            guard let binary else { throw .operation("threshold a page to measure its text") }
            let maxHeight = max(5, min(Int(pixGetHeight(pix)), Int(pixGetWidth(pix))) / 20)
            return Image.componentBoxes(of: binary).filter { $0.height >= 4 && $0.height <= maxHeight && $0.width <= 6 * $0.height }
        }
        let aligned = Self.alignedBoxes(boxes)
        var scale = TextScale.measure(heights: aligned.map(\.height), candidates: boxes.count)
        scale?.area = TextArea(components: aligned)
        return scale?.scaled(by: Double(factor))
    }

    /// The 256 level counts of an 8-bit grey image, from about a million sampled pixels; nil
    /// when leptonica cannot make it.
    static func grayHistogram(_ pix: UnsafeMutablePointer<PIX>) -> [Double]? {
        let sampling = Int32(max(1, Int(pixGetWidth(pix)) * Int(pixGetHeight(pix)) / 1_000_000))
        // pixGetGrayHistogram: a new NUMA of 256 counts (ours).
        var numa: UnsafeMutablePointer<NUMA>? = pixGetGrayHistogram(pix, sampling)
        defer { numaDestroy(&numa) }
        guard let numa else { return nil }
        var counts = [Double](repeating: 0, count: 256)
        for i in 0..<min(256, Int(numaGetCount(numa))) {
            var v: Float = 0
            numaGetFValue(numa, Int32(i), &v)
            counts[i] = Double(v)
        }
        return counts
    }

    /// The grey level of the paper: the median of the light pixels (128 and up), which make most
    /// of a page (255 when the image is not 8-bit grey, or mostly dark).
    static func paperLevel(_ pix: UnsafeMutablePointer<PIX>) -> Int {
        guard pixGetDepth(pix) == 8, let counts = grayHistogram(pix) else { return 255 }
        let light = counts[128...].reduce(0, +)
        guard light * 2 >= counts.reduce(0, +) else { return 255 }
        var below = 0.0
        for level in 128...255 {
            below += counts[level]
            if below * 2 >= light { return level }
        }
        return 255
    }

    /// Otsu's threshold of an 8-bit grey image (from a subsampled histogram).
    static func otsuLevel(_ pix: UnsafeMutablePointer<PIX>) -> Int {
        guard let counts = grayHistogram(pix) else { return 128 }
        let total = counts.reduce(0, +)
        guard total > 0 else { return 128 }
        let sumAll = counts.enumerated().reduce(0) { $0 + Double($1.offset) * $1.element }
        var weight = 0.0, sum = 0.0, best = 0.0, level = 128
        for t in 0..<256 {
            weight += counts[t]; sum += Double(t) * counts[t]
            guard weight > 0, weight < total else { continue }
            let meanLow = sum / weight, meanHigh = (sumAll - sum) / (total - weight)
            let between = weight * (total - weight) * (meanLow - meanHigh) * (meanLow - meanHigh)
            if between > best { best = between; level = t + 1 }
        }
        return level
    }

    /// The components with at least two neighbours on the same line: of similar height (½× to
    /// 2×), centred within half a height of each other or sharing the baseline, at most two
    /// heights apart.
    static func alignedBoxes(_ boxes: [DocumentModel.Box]) -> [DocumentModel.Box] {
        let sorted = boxes.sorted { $0.x < $1.x }
        var aligned: [DocumentModel.Box] = []
        for (i, b) in sorted.enumerated() {
            let h = Double(b.height)
            // Neighbours start at most 8 heights to the left (6 wide + 2 apart).
            var lo = 0, hi = i
            let from = b.x - 8 * b.height
            while lo < hi { let mid = (lo + hi) / 2; if sorted[mid].x < from { lo = mid + 1 } else { hi = mid } }
            var neighbours = 0
            var k = lo
            while k < sorted.count, neighbours < 2 {
                let o = sorted[k]
                if o.x > b.maxX + 2 * b.height { break }
                defer { k += 1 }
                guard k != i, Double(o.height) >= 0.5 * h, Double(o.height) <= 2 * h else { continue }
                let sameLine = abs(o.midY - b.midY) <= 0.5 * h || Double(abs(o.maxY - b.maxY)) <= 0.25 * h
                let gap = max(o.x - b.maxX, b.x - o.maxX)
                if sameLine, Double(gap) <= 2 * h { neighbours += 1 }
            }
            if neighbours >= 2 { aligned.append(b) }
        }
        return aligned
    }
}
