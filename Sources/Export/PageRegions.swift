import DocumentModel

/// A page's lines grouped under the layout blocks that hold them, in reading order: what hOCR's
/// `ocr_carea` and ALTO's `TextBlock` are made of.
struct PageRegion {
    /// The block these lines belong to; nil for lines no block holds (left over at the end).
    var block: Block?
    var lines: [Line]

    /// The region's box: the block's and its lines', so that it holds everything inside it.
    var box: Box {
        let inner = Box.enclosing(lines.map(\.outerBox))
        return [block?.box, inner].compactMap { $0 }.reduce(nil) { $0?.union($1) ?? $1 } ?? Box(x: 0, y: 0, width: 0, height: 0)
    }

    /// Each line goes to the first block in reading order whose box holds the line's centre.
    static func regions(of page: StoredPage) -> [PageRegion] {
        var regions = page.blocks.map { PageRegion(block: $0, lines: []) }
        var leftover: [Line] = []
        for line in page.lines where !line.words.isEmpty {
            let (cx, cy) = (line.box.midX, line.box.midY)
            if let i = page.blocks.firstIndex(where: { b in
                let box = b.box
                return cx >= Double(box.minX) - 2 && cx <= Double(box.maxX) + 2 && cy >= Double(box.minY) - 2 && cy <= Double(box.maxY) + 2
            }) {
                regions[i].lines.append(line)
            } else {
                leftover.append(line)
            }
        }
        regions = regions.filter { !$0.lines.isEmpty }
        if !leftover.isEmpty { regions.append(PageRegion(block: nil, lines: leftover)) }
        return regions
    }
}

extension Line {
    /// The line's box grown to hold all its words (an OCR word, such as a `|` read from a table
    /// ruling, can stick out of its line's box): the box hOCR and ALTO give the line.
    var outerBox: Box { words.reduce(box) { $0.union($1.box) } }
}
