import DocumentModel
import Imaging

extension BarcodeReader {
    /// Aztec runes by quire's own reader (``AztecRuneLocator``, ``AztecRuneDecoder``; zxing-cpp
    /// 1.4 reads none), in the L-finder pass (``BarcodePass/Area/matrixFinders``: among the last,
    /// on the page with every symbol found so far painted white, so an Aztec symbol zxing read is
    /// no longer there). Looked for only when `aztec` is wanted: over the whole image when it is
    /// smaller than a large page (``BarcodePage/largePage``), else only in its code-like regions,
    /// each grown by half its size and 16 px (a rune of 11 modules is small: its region may
    /// hold only a part of it).
    ///
    /// Reported as `aztec` with `]zC` (what zxing-cpp 3.1 reports for a rune) and the value as
    /// three digits ("007"), as zxing-cpp 3.1 does.
    func readAztecRunes(_ page: BarcodePage, wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        guard wanted.contains(.aztec) else { return [] }
        let bounds = Box(x: 0, y: 0, width: page.width, height: page.height)
        let areas = page.isLarge
            ? page.candidates.compactMap { region in
                let gx = region.width / 2 + 16, gy = region.height / 2 + 16
                return Box(x: region.x - gx, y: region.y - gy, width: region.width + 2 * gx, height: region.height + 2 * gy).intersection(bounds)
            }
            : [bounds]
        var found: [Barcode] = []
        for area in areas {
            let crop = try page.crop(area)
            guard let plane = crop else { continue }
            let origin = Point(x: area.x, y: area.y)
            for bullseye in AztecRuneLocator.bullseyes(in: plane, offset: origin) {
                guard let symbol = AztecRuneDecoder.symbol(in: plane, at: bullseye, offset: origin) else { continue }
                let corners = symbol.corners
                BarcodeGeometry.merge([Barcode(symbology: .aztec, payload: Self.runeText(symbol.value), corners: corners,
                                               orientation: BarcodeGeometry.orientation(of: corners), symbologyIdentifier: "]zC")],
                                      into: &found)
            }
        }
        return found
    }

    /// A rune's value as zxing-cpp 3.1 gives it: three decimal digits.
    static func runeText(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}
