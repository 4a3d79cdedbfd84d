import CLeptonica
import DocumentModel


/// Finds the non-text regions of a page image — charts, diagrams, photos, halftones — as
/// candidates for figure blocks, with leptonica morphology and connected components.
///
/// Text is made of small connected components (glyphs, at most a few tenths of an inch);
/// a figure holds large ones: the axes and frame of a chart with the curves touching them, the
/// strokes of a diagram, the dark areas of a photo. Steps:
/// 1. binarize (`pixConvertTo1`) and, at ≥ 200 dpi, reduce 2× keeping any ON pixel
///    (`pixReduceRankBinary2`, level 1), which also fuses halftone dots into areas;
/// 2. large components: bounding boxes (`pixConnCompBB`, 8-connected) at least `minSide`
///    inches long and `minSide / 2` across (a wide flat diagram; glyphs are far smaller);
/// 3. solid areas: the page binarized at the lighter `toneThreshold` (light photo tones count;
///    as far below the paper's own level as the threshold is below white, so that the tinted
///    paper of an old book's scan is no tone), opened with a square brick of `solidSize` inches
///    (`pixOpenBrick`), which removes every text stroke and keeps photo areas and filled bars;
///    their components of at least `minSide / 2` on both sides count too;
/// 4. boxes closer than `mergeGap` inches are merged, repeatedly;
/// 5. long thin components of step 2 (a colour bar, a scale bar) join a candidate they run
///    alongside within `mergeGap` (`attached`).
/// Ruled table grids and framed text boxes are large components too: the layout pass, which
/// knows the words and tables, decides which candidates are figures.
/// Leptonica: http://www.leptonica.org/binary-morphology.html, http://www.leptonica.org/conncomp.html
///
/// Results are in the input image's pixel coordinates (top-left origin).
public struct FigureDetector: Sendable {
    /// Smallest side of a large component, in inches.
    public var minSide: Double
    /// Side of the brick whose opening keeps solid areas, in inches (text strokes are thinner).
    public var solidSize: Double
    /// Candidates closer than this (inches) are one region.
    public var mergeGap: Double
    /// Gray level (0...255) below which a pixel is ink.
    public var threshold: Int
    /// Gray level below which a pixel is tone (not paper) for the solid-area mask.
    public var toneThreshold: Int

    public init(minSide: Double = 0.6, solidSize: Double = 0.05, mergeGap: Double = 0.12, threshold: Int = 180,
                toneThreshold: Int = 230) {
        self.minSide = minSide; self.solidSize = solidSize; self.mergeGap = mergeGap; self.threshold = threshold
        self.toneThreshold = toneThreshold
    }

    /// The candidate figure regions of `image`. `image.resolution` sets the scale; when it is
    /// unknown the page is assumed to be 11 inches along its longer side.
    public func detect(in image: Image) -> [DocumentModel.Box] {
        let dpi = image.resolution > 0 ? Double(image.resolution) : Double(max(image.width, image.height)) / 11
        let factor = dpi >= 200 ? 2 : 1
        let scale = dpi / Double(factor)
        let side = max(4, Int(minSide * scale))
        let brick = max(2, Int32(solidSize * scale))
        return image.withPix { pix -> [DocumentModel.Box] in
            var thin: [DocumentModel.Box] = []
            var boxes = Self.reducedBinary(pix, threshold: threshold, factor: factor) { work in
                let all = Image.componentBoxes(of: work)
                thin = all.filter { max($0.width, $0.height) >= side / 2 && min($0.width, $0.height) < side / 2 }
                return all.filter { max($0.width, $0.height) >= side && min($0.width, $0.height) >= side / 2 }
            }
            let tone = min(toneThreshold, Image.paperLevel(pix) - (255 - toneThreshold))
            boxes += Self.reducedBinary(pix, threshold: tone, factor: factor) { work in
                // pixOpenBrick with pixd = NULL: returns a new pix, caller destroys.
                var solid = pixOpenBrick(nil, work, brick, brick)
                defer { pixDestroy(&solid) }
                guard let solidPix = solid else { return [] }
                return Image.componentBoxes(of: solidPix).filter { $0.width >= side / 2 && $0.height >= side / 2 }
            }
            let gap = Int(mergeGap * scale)
            return Self.attached(thin, to: Self.merged(boxes, gap: gap), gap: gap).map { $0.scaled(by: Double(factor)) }
                .sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        }
    }

    /// Gives `body` the page binarized at `threshold` and reduced `factor` (1 or 2) times,
    /// keeping any ON pixel; [] when leptonica fails.
    private static func reducedBinary(_ pix: UnsafeMutablePointer<PIX>, threshold: Int, factor: Int,
                                      _ body: (UnsafeMutablePointer<PIX>) -> [DocumentModel.Box]) -> [DocumentModel.Box] {
        // pixConvertTo1: returns a new 1-bpp pix; caller destroys. A 1-bpp input is ink already.
        var binary = pixGetDepth(pix) == 1 ? pixClone(pix) : pixConvertTo1(pix, Int32(threshold))
        defer { pixDestroy(&binary) }
        guard let binaryPix = binary else { return [] }
        // pixReduceRankBinary2: new pix, caller destroys; level 1 keeps any ON pixel.
        var work = factor == 2 ? pixReduceRankBinary2(binaryPix, 1, nil) : pixClone(binaryPix)
        defer { pixDestroy(&work) }
        guard let workPix = work else { return [] }
        return body(workPix)
    }

    /// Long thin components (a colour bar, a scale bar, a detached axis) join the candidate they
    /// run alongside: closer than `gap`, at least half their length within its span on that axis,
    /// at least 0.6 of that side long and 6 times longer than thick (a word the reduction fused
    /// into one component is shorter and thicker). They never make a candidate of their own
    /// (underlines and rulings are thin too).
    static func attached(_ thin: [DocumentModel.Box], to boxes: [DocumentModel.Box], gap: Int) -> [DocumentModel.Box] {
        var out = boxes
        for t in thin {
            for k in out.indices {
                let b = out[k]
                guard b.expanded(by: gap).intersection(t) != nil else { continue }
                let vertical = t.height >= t.width
                let length = vertical ? t.height : t.width, thickness = vertical ? t.width : t.height
                let side = vertical ? b.height : b.width
                let along = vertical ? min(t.maxY, b.maxY) - max(t.minY, b.minY) : min(t.maxX, b.maxX) - max(t.minX, b.minX)
                // As long as most of the candidate's side and 6× longer than thick: not a word fused by the reduction.
                if 2 * along >= length, 10 * length >= 6 * side, length >= 6 * thickness { out[k] = b.union(t); break }
            }
        }
        return out
    }

    /// Boxes grown by `gap` that overlap are replaced by their union until none overlap.
    static func merged(_ boxes: [DocumentModel.Box], gap: Int) -> [DocumentModel.Box] {
        var out = boxes
        var changed = true
        while changed {
            changed = false
            outer: for i in out.indices {
                for j in out.indices where j > i {
                    let grown = DocumentModel.Box(x: out[i].x - gap, y: out[i].y - gap, width: out[i].width + 2 * gap, height: out[i].height + 2 * gap)
                    if grown.intersection(out[j]) != nil {
                        out[i] = out[i].union(out[j]); out.remove(at: j); changed = true
                        break outer
                    }
                }
            }
        }
        return out
    }
}

extension Image {
    /// The candidate figure regions of this image (see `FigureDetector`), in pixel coordinates.
    public func figureRegions(detector: FigureDetector = FigureDetector()) -> [DocumentModel.Box] {
        detector.detect(in: self)
    }
}
