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
        // A Limited symbol's wide spaces split it, and a blurred or noisy one's pieces may fail the
        // text test: its pieces among the regions found without it are joined (``DataBarLimitedPieces``).
        let areas: [(Box, limited: Bool)] = (dataBar ? page.candidates(for: pass).map { ($0, false) } : [])
            + (limited ? DataBarLimitedPieces.joined(page.regionsWithText(for: pass)).map { ($0, true) } : [])
        for (region, isLimited) in areas {
            var symbols: [(Symbology, DataBarDecoder.Symbol)] = []
            if isLimited {
                // Grown across its bars by its own extent each way (and by a quiet zone along them);
                // looked at when its gradients agree on one direction (bars).
                guard let (piece, _) = try dataBarCrop(page, region, pad: 0),
                      let upright = DataBarLimitedDecoder.barsUpright(piece) else { continue }
                let across = upright ? region.width : region.height, pad = (big: max(16, across), small: 8)
                let (px, py) = upright ? (pad.big, pad.small) : (pad.small, pad.big)
                let grown = Box(x: region.x - px, y: region.y - py, width: region.width + 2 * px, height: region.height + 2 * py)
                if let (plane, offset) = try dataBarCrop(page, grown, pad: 0) {
                    var read = DataBarLimitedDecoder.symbols(in: plane, offset: offset)
                    // A region small enough to hold a whole symbol of modules about a pixel wide:
                    // looked at again on a copy twice the size (the edges of elements a pixel wide
                    // are lost at the page's own sampling).
                    if read.isEmpty, across <= DataBarLimitedDecoder.maxFineWidth,
                       let (fine, _) = try dataBarCrop(page, grown, pad: 0, scale: 2) {
                        read = DataBarLimitedDecoder.symbols(in: fine).map { symbol in
                            DataBarDecoder.Symbol(gtin: symbol.gtin, points: symbol.points.map { ($0.x / 2 + offset.x, $0.y / 2 + offset.y) })
                        }
                    }
                    symbols += read.map { (.gs1DataBarLimited, $0) }
                }
            }
            // A quiet zone around the region: a half symbol's guard and outer character may lie at its edge.
            if !isLimited, let (plane, offset) = try dataBarCrop(page, region, pad: max(8, min(region.width, region.height) / 8)) {
                symbols += DataBarDecoder.symbols(in: plane, offset: offset).map { (.gs1DataBar, $0) }
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

    /// The gray pixels of `region` grown by `pad` (within the page, at most ``maxDataBarPixels``;
    /// scaled by `scale`) and the page position of their origin; nil when there are none or too many.
    private func dataBarCrop(_ page: BarcodePage, _ region: Box, pad: Int, scale: Double = 1) throws(BarcodeError) -> (BarcodeGrayPlane, (x: Double, y: Double))? {
        let bounds = Box(x: 0, y: 0, width: page.width, height: page.height)
        guard let area = region.expanded(by: pad).intersection(bounds),
              area.width * area.height <= Self.maxDataBarPixels else { return nil }
        let crop = try page.crop(area, scale: scale)
        return crop.map { ($0, (Double(area.x), Double(area.y))) }
    }

    /// A region larger than this (pixels) is not scanned (a page-sized blob holds no DataBar the
    /// whole-page passes would miss, and scanning it would cost tens of milliseconds).
    static let maxDataBarPixels = 1_500_000
}
