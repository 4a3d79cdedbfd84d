import Imaging

extension DataBarLimitedDecoder {
    /// The DataBar Limited symbols in `plane` (page pixels = plane pixels + `offset`), read along
    /// scan lines (``DataBarDecoder/look(_:offset:dataBar:limited:)``).
    package static func symbols(in plane: BarcodeGrayPlane, offset: (x: Double, y: Double) = (0, 0)) -> [DataBarDecoder.Symbol] {
        DataBarDecoder.look(plane, offset: offset, dataBar: false, limited: true).limited
    }

    /// Which way the bars of a code-like region run: true when scan lines along its rows (at a
    /// quarter, half and three quarters of its height) cross more edges than lines down its
    /// columns (upright bars); nil when no line crosses ``minPieceEdges`` (no piece of a symbol:
    /// the region is not looked at).
    static func barsUpright(_ plane: BarcodeGrayPlane) -> Bool? {
        func edges(_ start: (Double, Double), _ step: (Double, Double), _ length: Int) -> Int {
            ScanLineEdges(plane, start: start, step: step, length: length)?.edges.count ?? 0
        }
        let rows = [1, 2, 3].map { edges((0, Double(plane.height * $0 / 4)), (1, 0), plane.width) }.max() ?? 0
        let columns = [1, 2, 3].map { edges((Double(plane.width * $0 / 4), 0), (0, 1), plane.height) }.max() ?? 0
        guard max(rows, columns) >= minPieceEdges else { return nil }
        return rows >= columns
    }

    /// The cheap look's line spacing (px) and turns (degrees) when only Limited is looked for: a
    /// line within 4° of the bars' normal stays within 5 modules of its course over the symbol's
    /// 74, and the symbol is at least 10 modules high.
    static let cheapSpacing = 8.0
    static let cheapAngles: [Double] = [0, -8, 8, -16, 16]

    /// The fewest edges a line across a piece of a Limited symbol shows (a piece of a generated
    /// symbol showed 12: its elements are up to 8 modules wide).
    static let minPieceEdges = 8
}
