import Foundation
import Imaging

/// A MicroPDF417 reader of quire's own (ISO/IEC 24728; neither zxing-cpp 1.4 nor ZBar reads
/// the symbology). Pure Swift.
///
/// The direction across the bars comes from the gradients (``acrossBars(_:)``); rows are read
/// along scan lines that way (``MicroPDF417Row``): a cheap look (lines every ``cheapSpacing`` px,
/// at most ``maxCheapLines`` a turn,
/// turned by each of ``cheapAngles``, until enough are seen) must show ``minStartLines`` row starts — a left row
/// address pattern and the next two parts — before the full look (lines every ``spacing`` px
/// within ``fineReach``°, every ``fineStep``°) reads whole rows. Each
/// row's address patterns give its row in each variant of its column count; the variant most
/// rows agree with is taken, its codewords voted row by row and column by column (only those of
/// the row's cluster), the unread ones erased, and Reed–Solomon over GF(929)
/// (``PDF417ReedSolomon``) must correct the rest with ``rsMargin`` check words to spare before
/// the data codewords are decoded (``PDF417Compaction``).
package enum MicroPDF417Decoder {
    /// A symbol read: its message, where its rows' ends were seen (page pixels), its variant and
    /// how many codewords Reed–Solomon changed.
    package struct Symbol {
        var message: PDF417Compaction.Message
        package var points: [(x: Double, y: Double)]
        var variant: MicroPDF417Variant
        var corrected: Int
    }

    /// Rows are 2 modules high and modules 2 px or more: lines 3 px apart cross every row.
    static let cheapSpacing = 3.0
    /// The most lines of one turn in the cheap look (a symbol of 4 rows or more still shows 3 starts).
    static let maxCheapLines = 16
    /// Turns (degrees) from the direction across the bars of the cheap look's lines (a row start
    /// spans 44 modules: a line within 1.3° of its rows stays within 1 module of its course).
    static let cheapAngles: [Double] = [-2.5, 0, 2.5]
    /// The least agreement of the gradients on one direction (``acrossBars(_:)``) for a look.
    static let minCoherence = 0.2
    /// Lines of one turn that must show a row's start (a symbol has 4 rows or more, each 2
    /// modules high or more: several lines of the cheap look cross each).
    static let minStartLines = 3
    static let spacing = 1.0
    static let fineReach = 3.0
    static let fineStep = 0.5
    /// Check words Reed–Solomon must have to spare (2 × errors + erasures ≤ check words − margin).
    static let rsMargin = 2
    /// Rows that must be read (with a variant agreeing).
    static let minRows = 2

    /// The symbols in `plane` (page pixels = plane pixels + `offset`).
    package static func symbols(in plane: BarcodeGrayPlane, offset: (x: Double, y: Double) = (0, 0)) -> [Symbol] {
        guard let across = acrossBars(plane), across.coherence >= minCoherence else { return [] }
        // Along the gradients' direction and the pixel axis near it (``directions(_:)``), a cheap
        // look (lines across the bars, either way along them) must show row starts before the full
        // look reads rows; the first direction whose rows make a symbol gives it.
        for base in directions(across.angle) where showsRowStarts(plane, across: base) {
            var readings: [(MicroPDF417Row, [(x: Double, y: Double)])] = []
            for degrees in stride(from: -fineReach, through: fineReach, by: fineStep) {
                forEachLine(plane, angle: base + degrees * .pi / 180, spacing: spacing) { line in
                    for row in MicroPDF417Row.rows(line) {
                        let ends = [line.point(row.span.0), line.point(row.span.1)].map { (x: $0.x + offset.x, y: $0.y + offset.y) }
                        readings.append((row, ends))
                    }
                }
            }
            if let symbol = symbol(readings) { return [symbol] }
        }
        return []
    }

    /// The cheap look along `across` (radians): ``minStartLines`` lines (every ``cheapSpacing`` px
    /// or more: at most ``maxCheapLines`` a turn, so a region's cost is bounded by its length along
    /// the rows), turned by each of ``cheapAngles``, show a row's start.
    static func showsRowStarts(_ plane: BarcodeGrayPlane, across: Double) -> Bool {
        var starts = 0
        let extent = abs(sin(across)) * Double(plane.width) + abs(cos(across)) * Double(plane.height)
        let cheap = max(cheapSpacing, extent / Double(maxCheapLines))
        for degrees in cheapAngles where starts < minStartLines {
            forEachLine(plane, angle: across + degrees * .pi / 180, spacing: cheap) { line in
                if starts < minStartLines, MicroPDF417Row.showsRowStart(line) { starts += 1 }
            }
        }
        return starts >= minStartLines
    }

    /// The directions across the bars to look along (radians): the gradients' (`angle`) and, when
    /// it lies within ``axisReach`` of a pixel row or column (but not within a look's own turns of
    /// it), that axis: the gradients of a small symbol are pulled off its bars by its rows' edges
    /// (a 1-column symbol's row address patterns step from row to row: 7–10° on generated ones),
    /// and a symbol on a page mostly lies square to it.
    static func directions(_ angle: Double) -> [Double] {
        let axis = (angle / (.pi / 2)).rounded() * (.pi / 2)
        let off = abs(angle - axis)
        return off > axisMin * .pi / 180 && off <= axisReach * .pi / 180 ? [axis, angle] : [angle]
    }

    /// How far (degrees) the gradients' direction may lie from a pixel axis for the axis to be looked along too.
    static let axisReach = 12.0
    /// Within this (degrees) of an axis the look along the gradients' direction covers it.
    static let axisMin = 1.5

    /// The symbol the row readings make, or nil (see the type's description).
    static func symbol(_ readings: [(MicroPDF417Row, [(x: Double, y: Double)])]) -> Symbol? {
        var byColumns: [Int: Int] = [:]
        for (row, _) in readings { byColumns[row.columns, default: 0] += 1 }
        for (columns, _) in byColumns.sorted(by: { ($0.value, $0.key) > ($1.value, $1.key) }) {
            let rows = readings.filter { $0.0.columns == columns }
            let ranked = MicroPDF417Variant.all.filter { $0.columns == columns }
                .map { variant in (variant, rows.filter { agreeing($0.0, variant) != nil }.count) }
                .filter { $0.1 >= minRows }
                .sorted { $0.1 > $1.1 }
            for (variant, _) in ranked.prefix(3) {
                if let symbol = symbol(rows, variant) { return symbol }
            }
        }
        return nil
    }

    /// The row of `variant` that `reading` is, when its addresses and codeword clusters agree.
    private static func agreeing(_ reading: MicroPDF417Row, _ variant: MicroPDF417Variant) -> Int? {
        guard let r = variant.row(left: reading.left, centre: reading.centre, right: reading.right) else { return nil }
        let cluster = variant.addresses(row: r).cluster
        return reading.words.contains { $0?.cluster == cluster } ? r : nil
    }

    private static func symbol(_ readings: [(MicroPDF417Row, [(x: Double, y: Double)])], _ variant: MicroPDF417Variant) -> Symbol? {
        let c = variant.columns
        var votes = [[Int: Int]](repeating: [:], count: variant.rows * c)
        var points: [(x: Double, y: Double)] = []
        var rowsSeen = Set<Int>()
        for (reading, ends) in readings {
            guard let r = agreeing(reading, variant) else { continue }
            let cluster = variant.addresses(row: r).cluster
            for (column, word) in reading.words.enumerated() where word?.cluster == cluster {
                votes[r * c + column][word!.value, default: 0] += 1
            }
            rowsSeen.insert(r)
            points += ends
        }
        guard rowsSeen.count >= minRows else { return nil }
        var codewords = votes.map { $0.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? 0 }
        let erasures = votes.indices.filter { votes[$0].isEmpty }
        guard let corrected = PDF417ReedSolomon.correct(&codewords, checkWords: variant.checkWords, erasures: erasures, margin: rsMargin),
              let message = PDF417Compaction.decode(Array(codewords.prefix(codewords.count - variant.checkWords))),
              !message.bytes.isEmpty else { return nil }
        return Symbol(message: message, points: points, variant: variant, corrected: corrected)
    }
}
