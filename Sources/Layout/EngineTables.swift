import DocumentModel

/// The OCR engine's table blocks (Tesseract's `PT_TABLE` block type, carried as
/// `LayoutInput.regions` of kind `.table`) as a prior on quire's table rules.
///
/// The engine finds a table's extent from its column layout as a whole; quire's rules find
/// tables from rulings and column alignment and can cut one table in two where a ruling or a
/// wider row gap runs across it (the header rows above the rule under them, the body below).
/// One table is one region, so:
/// - two table blocks one right below the other in reading order (at most 2 em apart),
///   overlapping horizontally, each lying mostly (≥ 80 % of its area) inside one and the same
///   engine table block, are one table: the rows of the lower one follow the rows of the upper
///   one, its cells keep their columns.
/// The engine's table blocks never make a table on their own (alone they also take display
/// equations and rows of answer choices for tables).
enum EngineTables {
    static let insideShare = 0.8
    static let maxGap = 2.0

    static func join(_ blocks: inout [DraftBlock], regions: [RegionHint], em: Double) {
        let tables = regions.filter { $0.kind == .table }.map(\.box)
        guard !tables.isEmpty else { return }
        var k = 0
        while k + 1 < blocks.count {
            let upper = blocks[k].block, lower = blocks[k + 1].block
            guard upper.kind == .table, lower.kind == .table,
                  Double(lower.box.minY - upper.box.maxY) <= maxGap * em, lower.box.minY >= upper.box.minY,
                  ReadingOrder.overlapX(upper.box, lower.box, 0),
                  tables.contains(where: { inside(upper.box, $0) && inside(lower.box, $0) }) else { k += 1; continue }
            blocks[k].block = stacked(upper, lower)
            blocks.remove(at: k + 1)
        }
    }

    /// True when ≥ 80 % of `box` lies inside `region`.
    static func inside(_ box: Box, _ region: Box) -> Bool {
        Double(box.intersection(region)?.area ?? 0) >= insideShare * Double(max(box.area, 1))
    }

    /// One table of `upper`'s rows followed by `lower`'s.
    static func stacked(_ upper: Block, _ lower: Block) -> Block {
        var table = upper
        table.text = upper.text + "\n" + lower.text
        table.box = upper.box.union(lower.box)
        table.tableCells = upper.tableCells + lower.tableCells.map { cell in
            var c = cell
            c.row += upper.rowCount
            return c
        }
        table.rowCount = upper.rowCount + lower.rowCount
        table.columnCount = max(upper.columnCount, lower.columnCount)
        return table
    }
}
