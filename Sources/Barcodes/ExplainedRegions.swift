import DocumentModel

/// The code-like regions (and small Data Matrix symbols found by their L finder) of a text page
/// that a symbol found already accounts for. A text
/// document's codes are printed: once a pass has read the symbol that made a region look like a
/// code, the later passes (other scales, turns, inverted copies, ZBar, the photo passes) have
/// nothing left to find there, and on a 300-dpi page with four codes they cost ≈ 0.2 s of CPU.
/// Regions with ink no symbol found covers (a second code fused into the same region, a code
/// beside a read one) stay. Pure geometry.
enum ExplainedRegions {
    /// A region is explained when the symbols found cover at least this share of its area.
    /// A region is its code's ink padded by 15 % and a few pixels, and a symbol's area is grown
    /// by its quiet zone (``BarcodeReader/blankingArea(_:)``): one code alone covers ≈ 70–100 % of
    /// its region (less where the closing fused its human-readable digits in); one of two codes
    /// fused into a region covers half or less.
    static let minimumCover = 0.6

    /// The regions of `regions` not explained by `found`, in their order.
    static func unexplained(_ regions: [Box], by found: [Barcode]) -> [Box] {
        guard !found.isEmpty else { return regions }
        let areas = found.map { symbolArea($0) }
        return regions.filter { !explains(areas, $0) }
    }

    /// True when `symbols` (page areas of found symbols, which do not overlap) cover at least
    /// ``minimumCover`` of `region`.
    static func explains(_ symbols: [Box], _ region: Box) -> Bool {
        let area = region.width * region.height
        guard area > 0 else { return true }
        let covered = symbols.reduce(0) { sum, symbol in
            sum + (symbol.intersection(region).map { $0.width * $0.height } ?? 0)
        }
        return Double(covered) >= minimumCover * Double(area)
    }

    /// The page area a found symbol accounts for: its quadrilateral with its quiet zone (and a
    /// linear symbol's bars grown to a third of its length), as a box.
    static func symbolArea(_ barcode: Barcode) -> Box {
        let grown = BarcodeReader.blankingArea(barcode)
        let xs = grown.map(\.x), ys = grown.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Box(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
}
