import Foundation
import Imaging

extension DataBarDecoder {
    /// The DataBar symbols in `plane` (page pixels = plane pixels + `offset`), read along scan
    /// lines (``look(_:offset:dataBar:limited:)`` for DataBar alone).
    package static func symbols(in plane: BarcodeGrayPlane, offset: (x: Double, y: Double) = (0, 0)) -> [Symbol] {
        look(plane, offset: offset, dataBar: true, limited: false).dataBar
    }

    /// The DataBar symbols (`dataBar`) and DataBar Limited symbols (`limited`,
    /// ``DataBarLimitedDecoder``) in `plane` (page pixels = plane pixels + `offset`), read along
    /// the same scan lines.
    ///
    /// A cheap look first: rows and columns every ``cheapSpacing`` px, turned by each of
    /// ``cheapAngles`` (Limited alone: ``DataBarLimitedDecoder/cheapSpacing``,
    /// ``DataBarLimitedDecoder/cheapAngles``); unless one of them holds a half DataBar symbol (a finder pattern between
    /// two valid characters) or a whole Limited symbol, nothing more is done. Then lines every
    /// ``spacing`` px along rows and columns turned by each of ``angles`` (a tilted symbol's rows
    /// of a stacked form may be only a few modules high), and each form seen in the cheap look
    /// is read on them (``symbols(_:)``, ``DataBarLimitedDecoder/symbols(_:)``).
    static func look(_ plane: BarcodeGrayPlane, offset: (x: Double, y: Double), dataBar: Bool,
                     limited: Bool) -> (dataBar: [Symbol], limited: [Symbol]) {
        var seen = (dataBar: false, limited: false)
        // Limited alone: a sparser cheap look (its one row is at least 10 modules high).
        let cheap = dataBar ? (cheapAngles, cheapSpacing) : (DataBarLimitedDecoder.cheapAngles, DataBarLimitedDecoder.cheapSpacing)
        forEachLine(plane, angles: cheap.0, spacing: cheap.1) { line in
            if dataBar, !seen.dataBar { seen.dataBar = !halves(line).isEmpty }
            if limited, !seen.limited { seen.limited = !DataBarLimitedDecoder.readings(line).isEmpty }
            return (dataBar && !seen.dataBar) || (limited && !seen.limited)
        }
        guard seen.dataBar || seen.limited else { return ([], []) }
        var all: [ScanLineEdges] = []
        forEachLine(plane, angles: angles, spacing: spacing) { all.append($0); return true }
        func onPage(_ found: [Symbol]) -> [Symbol] {
            found.map { Symbol(gtin: $0.gtin, points: $0.points.map { ($0.x + offset.x, $0.y + offset.y) }) }
        }
        return (seen.dataBar ? onPage(symbols(all)) : [], seen.limited ? onPage(DataBarLimitedDecoder.symbols(all)) : [])
    }

    static let cheapSpacing = 6.0
    /// The cheap look's turns (degrees): a short-rowed Stacked symbol tilted 12° shows no half
    /// on rows or columns, but does on lines turned 10° or 14° (it shows on a line within about 3°).
    static let cheapAngles: [Double] = [0, -6, 6, -12, 12, -18, 18]
    static let spacing = 2.0
    /// The turns (degrees) of the full look's scan lines from the rows and columns.
    static let angles: [Double] = [0, -3, 3, -6, 6, -9, 9, -12, 12, -15, 15, -18, 18, -21, 21]

    /// Parallel scan lines across `plane`, `spacing` px apart, along rows and along columns, each
    /// family turned by each angle (degrees), each given to `body` until it returns false.
    static func forEachLine(_ plane: BarcodeGrayPlane, angles: [Double], spacing: Double, _ body: (ScanLineEdges) -> Bool) {
        let cx = Double(plane.width - 1) / 2, cy = Double(plane.height - 1) / 2
        let reach = (Double(plane.width * plane.width + plane.height * plane.height)).squareRoot() / 2
        for degrees in angles {
            let a = degrees * .pi / 180
            for direction in degrees == 0 ? [(1.0, 0.0), (0.0, 1.0)] : [(cos(a), sin(a)), (-sin(a), cos(a))] {
                let normal = (-direction.1, direction.0)
                // Only the lines that cross the plane: offsets within its half-extent along the normal.
                let extent = abs(normal.0) * Double(plane.width) / 2 + abs(normal.1) * Double(plane.height) / 2
                let along = abs(direction.0) * Double(plane.width) / 2 + abs(direction.1) * Double(plane.height) / 2
                var o = -extent + spacing / 2
                while o < extent {
                    var start = (cx + o * normal.0 - along * direction.0, cy + o * normal.1 - along * direction.1)
                    if degrees == 0 { start = (start.0.rounded(), start.1.rounded()) }   // on pixel rows and columns
                    if let line = ScanLineEdges(plane, start: start, step: direction, length: Int(min(2 * along, 2 * reach))),
                       !body(line) { return }
                    o += spacing
                }
            }
        }
    }
}
