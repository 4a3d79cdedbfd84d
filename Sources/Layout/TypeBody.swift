import DocumentModel

/// A text block's box on an OCR page reaches the body of its type, not only its ink.
///
/// OCR word boxes are tight around the glyphs' ink, and a block's box is the union of its
/// words: at the top the ink of its first line's tallest letters, at the left the edge of the
/// first stroke. Type is set on bodies larger than the ink (a font's em box holds space above
/// the capitals, below the descenders and beside each glyph), and a region as a reader draws it
/// — or as a PDF's glyph boxes give it — includes that space. So on an OCR page each text block
/// (not a table, a figure or their cells, whose boxes are rulings and pictures) grows by
/// `share` × the body size on every side, within the page. Measured with
/// `bench/layout-quality/box_margins.py` on the dev set's human region boxes and on DocBank's
/// PDF-derived regions alike: both put a text region's edge about that far outside the ink
/// (boxes trimmed to the ink scored no better: mean IoU 0.763 against 0.768 untrimmed).
/// Text-layer pages already have font boxes and are left as they are.
enum TypeBody {
    static let share = 0.12

    /// Marks the text blocks of an OCR page with their margin (`DraftBlock.bodyMargin`); the
    /// boxes grow in `apply`, after captions are linked by the ink boxes.
    static func mark(_ blocks: inout [DraftBlock], em: Double, pageWidth: Int, pageHeight: Int) {
        let m = Int((share * em).rounded())
        guard m > 0 else { return }
        for k in blocks.indices where blocks[k].block.kind != .table && blocks[k].block.kind != .figure {
            blocks[k].bodyMargin = BodyMargin(width: m, page: Box(x: 0, y: 0, width: pageWidth, height: pageHeight))
        }
    }

    /// The block's box grown by its margin, within the page.
    static func apply(_ draft: DraftBlock) -> Block {
        guard let margin = draft.bodyMargin else { return draft.block }
        var block = draft.block
        let b = block.box, m = margin.width
        let grown = Box(x: b.x - m, y: b.y - m, width: b.width + 2 * m, height: b.height + 2 * m)
        block.box = grown.intersection(margin.page) ?? b
        return block
    }
}

/// How far a text block's box reaches beyond its ink, and the page it stays within (`TypeBody`).
struct BodyMargin: Hashable {
    var width: Int
    var page: Box
}
