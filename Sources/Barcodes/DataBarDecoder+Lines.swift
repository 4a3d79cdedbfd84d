import Foundation
import Imaging

extension DataBarDecoder {
    /// The DataBar symbols in `plane` (page pixels = plane pixels + `offset`), read along scan
    /// lines: the cheap look (``showsHalf(_:)``) first, and only if it sees part of a half symbol the
    /// full look (``read(_:offset:)``).
    package static func symbols(in plane: BarcodeGrayPlane, offset: (x: Double, y: Double) = (0, 0)) -> [Symbol] {
        showsHalf(plane) ? read(plane, offset: offset) : []
    }

    /// The cheap look: rows and columns, and lines turned by each of ``cheapAngles``, every
    /// ``cheapSpacing`` px; true when one of them holds part of a half symbol (a finder pattern
    /// beside a valid character: ``showsPartOfHalf(_:)``).
    static func showsHalf(_ plane: BarcodeGrayPlane) -> Bool {
        var seen = false
        forEachLine(plane, angles: cheapAngles, spacing: cheapSpacing) { line in
            seen = showsPartOfHalf(line)
            return !seen
        }
        return seen
    }

    /// The full look: lines every ``spacing`` px along rows and columns turned by each of
    /// ``angles`` (a tilted Stacked symbol's rows are only 5 and 7 modules high), their halves
    /// paired (``symbols(_:)``).
    static func read(_ plane: BarcodeGrayPlane, offset: (x: Double, y: Double) = (0, 0)) -> [Symbol] {
        var all: [ScanLineEdges] = []
        forEachLine(plane, angles: angles, spacing: spacing) { all.append($0); return true }
        return symbols(all).map { symbol in
            Symbol(gtin: symbol.gtin, points: symbol.points.map { ($0.x + offset.x, $0.y + offset.y) })
        }
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
