import DocumentModel
import Imaging

extension BarcodeReader {
    /// GS1 DataBar symbols in the code-like regions, read by quire's own scan-line decoder
    /// (``BarcodePass/Area/dataBarRows``, ``DataBarDecoder``): the stacked forms (DataBar Stacked
    /// and Stacked Omnidirectional), which neither zxing-cpp 1.4 nor ZBar reads, and one-row
    /// symbols both missed. Runs among the last page passes, on the page with every symbol found
    /// so far painted white: a region already read is blank and shows no half symbol. It reads
    /// DataBar also when zxing-cpp is not asked for it (``zbarOnly``: a page read again after
    /// zxing-cpp 1.4 aborted on it).
    ///
    /// Reported as `gs1DataBar` (Vision's and zxing-cpp 3's name for every form of it) with the
    /// 14-digit GTIN as payload and `]e0` as symbology identifier, as zxing-cpp reads DataBar.
    ///
    /// DataBar Limited (``DataBarLimitedDecoder``, which no other reader here reads) is looked
    /// for on the same scan lines when it is wanted, reported as `gs1DataBarLimited` the same way.
    func readDataBarRows(_ page: BarcodePage, pass: BarcodePass, wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        let dataBar = wanted.contains(.gs1DataBar), limited = wanted.contains(.gs1DataBarLimited)
        guard dataBar || limited else { return [] }
        var found: [Barcode] = []
        for region in page.candidates(for: pass) {
            var symbols: [(Symbology, DataBarDecoder.Symbol)] = []
            // A quiet zone around the region: a half symbol's guard and outer character may lie at its edge.
            if dataBar, let (plane, offset) = try dataBarCrop(page, region, pad: max(8, min(region.width, region.height) / 8)) {
                symbols += DataBarDecoder.symbols(in: plane, offset: offset).map { (.gs1DataBar, $0) }
            }
            // A Limited symbol's wide spaces split it: the region may hold only a piece of it, so
            // it is grown across its bars by its own extent each way (and by a quiet zone along them).
            if limited, let (piece, _) = try dataBarCrop(page, region, pad: 0),
               let upright = DataBarLimitedDecoder.barsUpright(piece) {
                let across = upright ? region.width : region.height, pad = (big: max(16, across), small: 8)
                let (px, py) = upright ? (pad.big, pad.small) : (pad.small, pad.big)
                let grown = Box(x: region.x - px, y: region.y - py, width: region.width + 2 * px, height: region.height + 2 * py)
                if let (plane, offset) = try dataBarCrop(page, grown, pad: 0) {
                    symbols += DataBarLimitedDecoder.symbols(in: plane, offset: offset).map { (.gs1DataBarLimited, $0) }
                }
            }
            for (symbology, symbol) in symbols {
                let xs = symbol.points.map(\.x), ys = symbol.points.map(\.y)
                guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { continue }
                let corners = [Point(x: Int(x0.rounded()), y: Int(y0.rounded())), Point(x: Int(x1.rounded()), y: Int(y0.rounded())),
                               Point(x: Int(x1.rounded()), y: Int(y1.rounded())), Point(x: Int(x0.rounded()), y: Int(y1.rounded()))]
                let barcode = Barcode(symbology: symbology, payload: symbol.gtin, corners: corners,
                                      orientation: BarcodeGeometry.orientation(of: corners), symbologyIdentifier: "]e0")
                BarcodeGeometry.merge([barcode], into: &found)
            }
        }
        return found
    }

    /// The gray pixels of `region` grown by `pad` (within the page, at most ``maxDataBarPixels``)
    /// and the page position of their origin; nil when there are none or too many.
    private func dataBarCrop(_ page: BarcodePage, _ region: Box, pad: Int) throws(BarcodeError) -> (BarcodeGrayPlane, (x: Double, y: Double))? {
        let bounds = Box(x: 0, y: 0, width: page.width, height: page.height)
        guard let area = region.expanded(by: pad).intersection(bounds),
              area.width * area.height <= Self.maxDataBarPixels else { return nil }
        let crop: BarcodeGrayPlane?
        do { crop = try page.gray.barcodeGrayPlane(crop: area) } catch {
            throw .unusableImage(width: page.width, height: page.height)
        }
        return crop.map { ($0, (Double(area.x), Double(area.y))) }
    }

    /// A region larger than this (pixels) is not scanned (a page-sized blob holds no DataBar the
    /// whole-page passes would miss, and scanning it would cost tens of milliseconds).
    static let maxDataBarPixels = 1_500_000
}
