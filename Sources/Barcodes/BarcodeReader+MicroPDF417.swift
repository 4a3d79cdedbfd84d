import DocumentModel
import Foundation
import Imaging

extension BarcodeReader {
    /// MicroPDF417 symbols in the code-like regions where nothing was read, by quire's own
    /// decoder (``MicroPDF417Decoder``; zxing-cpp 1.4 and ZBar have none), in the DataBar pass
    /// (``BarcodePass/Area/dataBarRows``: among the last, on the page with every symbol found so
    /// far painted white). A region is looked at when its gradients agree on one direction
    /// (``MicroPDF417Decoder/acrossBars(_:)``); it is then grown along its rows by ``microPDF417Reach``
    /// of its extent each way and across them by ``microPDF417Pad`` of its extent, and read.
    ///
    /// Reported as `microPDF417` with `]L2` as symbology identifier (what zxing-cpp 3.1 reports
    /// for MicroPDF417), the message as text per its ECI (``PDF417Compaction/Message/text``) and
    /// its bytes as `rawBytes` when they are not plain text.
    func readMicroPDF417(_ page: BarcodePage, pass: BarcodePass, wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        guard wanted.contains(.microPDF417) else { return [] }
        var found: [Barcode] = []
        for region in page.candidates(for: pass) {
            // Only a region whose gradients agree on a direction (a stacked code's bars) is looked
            // at; it is grown along its rows (a code-like region may
            // hold a part of the symbol: its wide row address patterns and quiet zones split it).
            guard let (piece, _) = try microPDF417Crop(page, region),
                  let across = MicroPDF417Decoder.acrossBars(piece), across.coherence >= MicroPDF417Decoder.minCoherence else { continue }
            let rowsAcross = abs(cos(across.angle)) >= abs(sin(across.angle))
            let along = rowsAcross ? region.width : region.height, side = rowsAcross ? region.height : region.width
            let grow = (long: max(16, Int(Self.microPDF417Reach * Double(along))), short: max(8, Int(Self.microPDF417Pad * Double(side))))
            let (px, py) = rowsAcross ? (grow.long, grow.short) : (grow.short, grow.long)
            let grown = Box(x: region.x - px, y: region.y - py, width: region.width + 2 * px, height: region.height + 2 * py)
            guard let (plane, origin) = try microPDF417Crop(page, grown) else { continue }
            let offset = (Double(origin.x), Double(origin.y))
            for symbol in MicroPDF417Decoder.symbols(in: plane, offset: offset) {
                if let barcode = Self.barcode(symbol) { BarcodeGeometry.merge([barcode], into: &found) }
            }
        }
        return found
    }

    /// The barcode a MicroPDF417 symbol gives: its rows' ends' bounds as corners, `]L2`, the
    /// message as text and its bytes when they are not plain text.
    static func barcode(_ symbol: MicroPDF417Decoder.Symbol) -> Barcode? {
        let xs = symbol.points.map(\.x), ys = symbol.points.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        let corners = [Point(x: Int(x0.rounded()), y: Int(y0.rounded())), Point(x: Int(x1.rounded()), y: Int(y0.rounded())),
                       Point(x: Int(x1.rounded()), y: Int(y1.rounded())), Point(x: Int(x0.rounded()), y: Int(y1.rounded()))]
        let text = symbol.message.text
        return Barcode(symbology: .microPDF417, payload: text,
                       rawBytes: BarcodeGeometry.binaryBytes(Array(text.utf8), text: text).map { _ in symbol.message.bytes },
                       corners: corners, orientation: BarcodeGeometry.orientation(of: corners), symbologyIdentifier: "]L2")
    }

    /// The gray pixels of `region` (within the page, at most ``maxDataBarPixels``) and its
    /// clamped box's origin; nil when there are none or too many.
    private func microPDF417Crop(_ page: BarcodePage, _ region: Box) throws(BarcodeError) -> (BarcodeGrayPlane, Point)? {
        guard let area = region.intersection(Box(x: 0, y: 0, width: page.width, height: page.height)),
              area.width * area.height <= Self.maxDataBarPixels else { return nil }
        return try page.crop(area).map { ($0, Point(x: area.x, y: area.y)) }
    }

    /// How far a region is grown along its rows each way (share of its extent that way: a
    /// generated 4-column symbol's region held its right half).
    static let microPDF417Reach = 1.5
    /// How far a region is grown across its rows each way for the MicroPDF417 look (share of its extent that way).
    static let microPDF417Pad = 0.25
}
