import DocumentModel
import Imaging

/// The code-like regions (and small Data Matrix symbols found by their L finder) of a text page
/// that a symbol found already accounts for. A text
/// document's codes are printed: once a pass has read the symbol that made a region look like a
/// code, the later passes (other scales, turns, inverted copies, ZBar, the photo passes) have
/// nothing left to find there, and on a 300-dpi page with four codes they cost ≈ 0.2 s of CPU.
/// Regions with ink no symbol found covers (a second code fused into the same region, a code
/// beside a read one) stay. Pure geometry.
enum ExplainedRegions {
    /// A region is explained when the symbols found cover at least this share of its ink: the
    /// region less its padding (``core(of:)``). One code alone covers 90–100 % of it (a linear
    /// code's human-readable digits below its bars are the rest); one of two codes fused into a
    /// region covers about half. Measured against the padded region, a 300-dpi scan's Data Matrix
    /// and EAN-13 covered 58–59 % of theirs (the padding's fixed pixels are taken on the reduced
    /// copy the regions are found on, ×4 on the page), and every later pass read them again.
    static let minimumCover = 0.85

    /// The share of a region's side that is padding on each side: a region is its ink's box
    /// grown by ``Imaging/Image/barcodeRegionPadding`` (15 %) of the ink's size on each side (and
    /// a few pixels, left in the core here), so the ink is the middle 1/1.3 of the region.
    static let paddingShare = Image.barcodeRegionPadding / (1 + 2 * Image.barcodeRegionPadding)

    /// The ink of a code-like region: the region less its padding on each side.
    static func core(of region: Box) -> Box {
        let dx = Int((Double(region.width) * paddingShare).rounded()), dy = Int((Double(region.height) * paddingShare).rounded())
        return Box(x: region.x + dx, y: region.y + dy, width: max(1, region.width - 2 * dx), height: max(1, region.height - 2 * dy))
    }

    /// The regions of `regions` not explained by `found`, in their order.
    static func unexplained(_ regions: [Box], by found: [Barcode]) -> [Box] {
        guard !found.isEmpty else { return regions }
        let areas = found.map { symbolArea($0) }
        return regions.filter { !explains(areas, $0) }
    }

    /// True when `symbols` (page areas of found symbols, which do not overlap) cover at least
    /// ``minimumCover`` of `region`'s ink (``core(of:)``).
    static func explains(_ symbols: [Box], _ region: Box) -> Bool {
        let region = core(of: region)
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
