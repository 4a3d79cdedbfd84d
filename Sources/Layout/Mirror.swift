import DocumentModel

/// A right-to-left page (Hebrew, Arabic, Persian, Urdu: `WritingDirection.isRightToLeft(page:)`)
/// is laid out as its mirror image, left for right: its columns, its list markers at the right
/// of their items, its first-line indents and its table columns then stand where the rules,
/// written for left-to-right pages, look for them. The blocks found are mirrored back once
/// the document pass has linked them (`LayoutAnalyzer.finish`).
/// Tops and heights are unchanged; only x moves, about the page's vertical centre line.
struct Mirror {
    /// The page's width: a box at `x` of width `w` goes to `width - x - w`.
    var width: Int

    func callAsFunction(_ box: Box) -> Box {
        Box(x: width - box.maxX, y: box.minY, width: box.width, height: box.height)
    }

    func callAsFunction(_ word: Word) -> Word {
        var w = word
        w.box = self(word.box)
        return w
    }

    func callAsFunction(_ line: Line) -> Line {
        var l = line
        l.box = self(line.box)
        l.words = line.words.map { self($0) }
        return l
    }

    func callAsFunction(_ ruling: RulingLine) -> RulingLine {
        var r = ruling
        switch ruling.orientation {
        case .vertical: r.position = width - ruling.position
        case .horizontal: (r.start, r.end) = (width - ruling.end, width - ruling.start)
        }
        return r
    }

    func callAsFunction(_ input: LayoutInput) -> LayoutInput {
        var m = input
        m.lines = input.lines.map { self($0) }
        m.regions = input.regions.map { var h = $0; h.box = self($0.box); return h }
        m.rulings = input.rulings.map { self($0) }
        m.figures = input.figures.map { self($0) }
        return m
    }

    /// A block found on the mirrored page, back on the page: its box, its list items' and its
    /// table cells'. (A table's column 0 is then its right-most column: the first read.)
    func callAsFunction(_ draft: DraftBlock) -> DraftBlock {
        var d = draft
        d.block.box = self(draft.block.box)
        for k in d.block.listItems.indices { d.block.listItems[k].box = self(d.block.listItems[k].box) }
        for k in d.block.tableCells.indices { d.block.tableCells[k].box = self(d.block.tableCells[k].box) }
        return d
    }
}
