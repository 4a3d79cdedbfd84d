import DocumentModel

/// The pieces a GS1 DataBar Limited symbol's code-like regions make, joined. Its wide spaces (up
/// to 8 modules) split a symbol into regions side by side along one band, and a blurred or noisy
/// one only into regions that fail the text test (glyph-like pieces of fused bars): regions
/// lying side by side on one band (the same top and bottom, ``bandTolerance`` of their height)
/// with gaps of at most ``maxGap`` of it, or one above the other in one column the same way,
/// are one area. Pure Swift.
enum DataBarLimitedPieces {
    /// How far two pieces' ends across the band may differ (share of the band's extent; at least 4 px).
    static let bandTolerance = 1.0 / 16
    /// The widest gap between two pieces of one band (share of the band's extent): a Limited
    /// symbol's spaces are at most 8 of its 10 or more modules of height.
    static let maxGap = 0.5

    /// `boxes` with the pieces of each band joined (in their order; a joined box where its first piece was).
    static func joined(_ boxes: [Box]) -> [Box] {
        var result = boxes
        var i = 0
        while i < result.count {
            if let j = result.indices.first(where: { $0 != i && sideBySide(result[i], result[$0]) }) {
                result[i] = result[i].union(result[j])
                result.remove(at: j)
                if j < i { i -= 1 }
            } else {
                i += 1
            }
        }
        return result
    }

    /// Whether `a` and `b` lie side by side on one band, along rows or along columns.
    static func sideBySide(_ a: Box, _ b: Box) -> Bool {
        func band(_ a0: Int, _ a1: Int, _ b0: Int, _ b1: Int, gap: Int) -> Bool {
            let extent = max(a1 - a0, b1 - b0)
            let tolerance = max(4, Int(bandTolerance * Double(extent)))
            return abs(a0 - b0) <= tolerance && abs(a1 - b1) <= tolerance && gap <= Int(maxGap * Double(extent))
        }
        let gapX = max(a.minX, b.minX) - min(a.maxX, b.maxX), gapY = max(a.minY, b.minY) - min(a.maxY, b.maxY)
        return band(a.minY, a.maxY, b.minY, b.maxY, gap: gapX) || band(a.minX, a.maxX, b.minX, b.maxX, gap: gapY)
    }
}
