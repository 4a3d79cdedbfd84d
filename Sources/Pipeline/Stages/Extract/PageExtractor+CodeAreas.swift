import DocumentModel
import QPDF

extension PageExtractor {
    /// At most this many separate areas are searched for codes instead of the whole page.
    static let mostCodeAreas = 8
    /// Areas covering more than this share of the page: the whole page is searched instead.
    static let largestCodeAreaShare = 0.5
    /// The quiet zone added around a code candidate, in points: a tenth of its larger side, at
    /// least a quarter inch (a linear code needs ten modules of white on each side, and the bars
    /// the drawing shows may stop short of the code's ends).
    static func quietZone(_ r: PageDrawing.Rect) -> Double { max(18, 0.1 * max(r.width, r.height)) }

    /// Where a text-layer page whose content may hold codes could hold them, in the pixels of its
    /// raster (`dpi`, `width` × `height`): its code candidates (``QPDF/PageDrawing/codeCandidates(largestCode:gap:)``:
    /// images and code-like drawing) widened by their quiet zone, overlapping ones joined. Nil
    /// (search the whole page) when the drawing cannot be placed on the raster, or when the areas
    /// are many or cover much of the page.
    static func codeAreas(of drawing: PageDrawing, dpi: Int, width: Int, height: Int) -> [Box]? {
        let candidates = drawing.codeCandidates()
        guard !candidates.isEmpty, candidates.count <= 16 * mostCodeAreas else { return nil }
        var boxes: [Box] = []
        for c in candidates {
            guard let p = drawing.pixels(c.expanded(by: quietZone(c)), dpi: dpi) else { return nil }
            let x0 = max(0, Int(p.x0.rounded(.down))), y0 = max(0, Int(p.y0.rounded(.down)))
            let x1 = min(width, Int(p.x1.rounded(.up))), y1 = min(height, Int(p.y1.rounded(.up)))
            guard x1 > x0, y1 > y0 else { continue }
            boxes.append(Box(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        // Join overlapping areas until none overlap: a code lies within one area, read once.
        var joined = true
        while joined {
            joined = false
            outer: for i in boxes.indices {
                for j in boxes.indices where j > i && boxes[i].intersection(boxes[j]) != nil {
                    boxes[i] = boxes[i].union(boxes[j])
                    boxes.remove(at: j)
                    joined = true
                    break outer
                }
            }
        }
        let covered = boxes.reduce(0) { $0 + $1.width * $1.height }
        guard !boxes.isEmpty, boxes.count <= mostCodeAreas,
              Double(covered) <= largestCodeAreaShare * Double(width * height) else { return nil }
        return boxes.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}
