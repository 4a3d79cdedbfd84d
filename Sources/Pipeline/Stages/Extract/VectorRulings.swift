import DocumentModel
import Imaging
import QPDF

/// The ruling lines of a text-layer PDF page read from its vector drawing (``QPDF/PageDrawing``'s
/// straight marks) instead of from a raster: the values ``Imaging/RulingDetector`` finds on the
/// page's ink, without rendering it.
///
/// The raster finder's rules, on painted boxes: marks touching or overlapping along a line join
/// into one line (as their ink would be one component); a line is kept when it is at least
/// `minLength` long, at most `maxThickness` thick and 4× longer than thick; a shorter vertical
/// line (down to `minCellHeight`) is kept when both its ends lie on horizontal rulings (the cell
/// dividers of a row ruled on its own). Positions are line centres, in page pixels at `dpi`
/// (top-left origin).
///
/// Only a drawing of text and rulings can stand in for the raster: one with images, curves,
/// slanted strokes, filled areas (figures, shading, codes) or straight marks that make no
/// ruling (a diagram of short strokes and small boxes), a /Rotate, or no readable page box
/// gives nil, and the page is rendered as before. A mark painted too pale to leave ink on the
/// raster (its gray, ``QPDF/PageDrawing/markTones``, above the finder's threshold) is no ruling,
/// as on the raster. A document with layers that are off (``QPDF/PageDrawing/hidesLayers``) gives
/// nil: the drawing counts their marks, which a render does not draw.
enum VectorRulings {
    /// A mark in page pixels.
    struct Box {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var width: Double { x1 - x0 }
        var height: Double { y1 - y0 }
        /// The same box with x and y swapped (to treat verticals as horizontals).
        var transposed: Box { Box(x0: y0, y0: x0, x1: y1, y1: x1) }
    }

    /// The page's ruling lines at `dpi`, or nil when its drawing holds more than text and marks.
    static func lines(of drawing: PageDrawing, dpi: Int, detector: RulingDetector = RulingDetector()) -> [RulingLine]? {
        guard drawing.complete, !drawing.hidesLayers, drawing.images.isEmpty, drawing.otherPaint == 0, drawing.rotation == 0,
              let page = drawing.pageBox, page.width > 0, page.height > 0 else { return nil }
        let share = Image.inkShare(threshold: detector.threshold)
        let boxes = drawing.tonedMarks.compactMap { mark, tone in
            1 - min(1, max(0, tone)) > share ? drawing.pixels(mark, dpi: dpi).map { Box(x0: $0.x0, y0: $0.y0, x1: $0.x1, y1: $0.y1) } : nil
        }
        let inch = Double(dpi)
        // Ink closer than a pixel of the 100-dpi raster the finder reads is one component there.
        let touch = inch / 100
        let minLength = detector.minLength * inch, maxThick = detector.maxThickness * inch
        func kept(_ b: Box, shortest: Double) -> Bool {
            let along = b.width, across = max(b.height, 1)
            return along >= shortest && across <= maxThick + 0.5 && along >= 4 * min(across, maxThick)
        }
        let horizontal = joined(boxes.filter { $0.width >= $0.height }, touch: touch)
        let vertical = joined(boxes.filter { $0.width < $0.height }.map(\.transposed), touch: touch)
        let rows = horizontal.filter { kept($0, shortest: minLength) }
        let columns = vertical.filter { kept($0, shortest: minLength) }
        // A divider's ends lie on horizontal rulings (within the raster finder's two pixels).
        let reach = 2 * touch
        func onRuling(x: Double, y: Double) -> Bool {
            rows.contains { $0.x0 - touch <= x && x <= $0.x1 + touch && $0.y0 - reach <= y && y <= $0.y1 + reach }
        }
        let dividers = vertical.filter { v in
            !kept(v, shortest: minLength) && kept(v, shortest: detector.minCellHeight * inch)
                && onRuling(x: (v.y0 + v.y1) / 2, y: v.x0) && onRuling(x: (v.y0 + v.y1) / 2, y: v.x1)
        }
        // Marks that make no ruling (short strokes, small boxes: a diagram, a drawn figure) are
        // for the raster's figure finder: such a page is rendered.
        guard rows.count + columns.count + dividers.count == horizontal.count + vertical.count else { return nil }
        func line(_ b: Box, _ orientation: RulingLine.Orientation) -> RulingLine {
            RulingLine(orientation: orientation, position: Int(((b.y0 + b.y1) / 2).rounded()),
                       start: Int(b.x0.rounded(.down)), end: Int(b.x1.rounded(.up)),
                       thickness: max(1, Int(b.height.rounded())))
        }
        func sorted(_ l: [RulingLine]) -> [RulingLine] { l.sorted { ($0.position, $0.start) < ($1.position, $1.start) } }
        return sorted(rows.map { line($0, .horizontal) }) + sorted(columns.map { line($0, .vertical) })
            + sorted(dividers.map { line($0, .vertical) })
    }

    /// Boxes joined where they overlap or come within `touch` of each other (transitively), as
    /// their ink would make one component.
    static func joined(_ boxes: [Box], touch: Double) -> [Box] {
        let rects = boxes.map { PageDrawing.Rect(minX: $0.x0, minY: $0.y0, maxX: $0.x1, maxY: $0.y1) }
        return PageDrawing.touchingGroups(rects, gap: touch).map { group in
            let r = group.dropFirst().reduce(group[0]) { $0.union($1) }
            return Box(x0: r.minX, y0: r.minY, x1: r.maxX, y1: r.maxY)
        }.sorted { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
    }
}
