import DocumentModel

/// Fragments: text blocks too small to be a region a reader sees — a stray OCR mark ("hoo",
/// "Ou" beside a picture), a sum's limit or an exponent set on its own row above or below an
/// equation ("n", "i=1"), a fraction bar or a row of leader dots read as "= =" or "·····".
/// Each would be one more block of its own; it belongs to the block it sits against.
///
/// A fragment is a title, heading, paragraph, caption, equation or footnote block at most one
/// line high (≤ 1.5 em) that holds at most 3 letters and digits, or whose ink is flatter than
/// 0.4 em (a rule or dots, whatever OCR read). It joins the nearest block (not a header, footer
/// or table: a table's cells are its own) within 1 em of it, edge to edge: the box grows over
/// it and its text joins that block's text in reading order (a figure's text is its words). A heading
/// of 3 letters joins only a block on its own row (a word OCR cut in two: "Pai" + "irwise
/// comparisons", then a heading when that is one line): above or below a paragraph it is a
/// heading a reader sees ("Aim").
/// An equation's number ("(13)", a caption: `Equations`) is a region a reader cites: no fragment.
/// A fragment with no block that close (a page number in the margin, a lone mark) stays.
enum Fragments {
    static func absorb(_ blocks: inout [DraftBlock], em: Double) {
        var k = 0
        while k < blocks.count {
            let piece = blocks[k].block
            guard isFragment(piece, em: em),
                  let target = nearest(to: k, in: blocks, within: em, sameRow: isWord(piece)) else { k += 1; continue }
            join(piece, into: &blocks[target].block, em: em)
            blocks.remove(at: k)
            k = 0 // a grown block may now reach a fragment met before
        }
    }

    static func isFragment(_ block: Block, em: Double) -> Bool {
        guard [.title, .heading, .paragraph, .caption, .equation, .footnote].contains(block.kind),
              Double(block.box.height) <= 1.5 * em, !Equations.isNumberCaption(block) else { return false }
        let signs = block.text.filter { $0.isLetter || $0.isNumber }.count
        return signs <= 3 || Double(block.box.height) < 0.4 * em
    }

    /// A heading or title of 3 letters: a short word ("Aim") unless a block on its row continues it.
    private static func isWord(_ block: Block) -> Bool {
        (block.kind == .heading || block.kind == .title) && block.text.filter(\.isLetter).count == 3
    }

    /// The index of the block nearest to `blocks[k]` (edge to edge) within `limit`, among those
    /// a fragment may join.
    private static func nearest(to k: Int, in blocks: [DraftBlock], within limit: Double, sameRow: Bool) -> Int? {
        let box = blocks[k].block.box
        var best: (distance: Double, index: Int)?
        for (i, other) in blocks.enumerated() where i != k && ![.header, .footer, .table].contains(other.block.kind) {
            let o = other.block.box
            if sameRow, !(abs(o.midY - box.midY) < Double(box.height) / 2 || (o.minY <= box.minY && box.maxY <= o.maxY)) { continue }
            let dx = Double(max(0, max(o.minX - box.maxX, box.minX - o.maxX)))
            let dy = Double(max(0, max(o.minY - box.maxY, box.minY - o.maxY)))
            let d = max(dx, dy)
            if d <= limit, best.map({ d < $0.distance }) ?? true { best = (d, i) }
        }
        return best?.index
    }

    private static func join(_ piece: Block, into target: inout Block, em: Double) {
        if !piece.text.isEmpty {
            // Above the block, or left of its first line.
            let before = piece.box.midY < Double(target.box.minY)
                || (piece.box.midY < Double(target.box.minY) + em && piece.box.maxX <= target.box.minX)
            let separator = target.kind == .equation || target.kind == .figure ? "\n" : " "
            target.text = before ? piece.text + separator + target.text : target.text + separator + piece.text
        }
        // Half a heading and the one-line rest of it: the whole line is the heading.
        if (piece.kind == .heading || piece.kind == .title), target.kind == .paragraph, Double(target.box.height) <= 1.5 * em {
            target.kind = piece.kind
        }
        target.box = target.box.union(piece.box)
    }
}
