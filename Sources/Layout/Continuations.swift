import DocumentModel

/// Paragraphs set in two pieces: the end of a column (or page) stops mid-sentence and the top of
/// the next carries on ("… the results of the" | "latter paper. This …"). A reader reads one
/// paragraph; the page shows two regions, so both stay blocks and the second `continues` the
/// first.
///
/// On a page, a paragraph continues the paragraph before it in reading order, looking past
/// figures, tables and captions (floats set between the two pieces), when
/// - it opens the next column (it starts right of the other's middle and above its middle), or
///   a float lies between them in one column (left edges within 2 text sizes),
/// - and their text carries on (`textContinues`).
/// Across pages the document pass applies `textContinues` to the last paragraph of one page and
/// the first of the next (headers, footers and footnotes aside).
public enum Continuations {
    /// True when `previous` stops mid-sentence and `next` carries it on: `previous` ends in a
    /// letter, digit, comma or line-break hyphen, not in ".", "!", "?", ":" or ";" (nor a
    /// closing quote or bracket after one), and `next` starts in lowercase (after a hyphen or a
    /// comma also with any letter or digit).
    public static func textContinues(_ previous: String, _ next: String) -> Bool {
        guard let last = previous.last(where: { !$0.isWhitespace }),
              let first = next.first(where: { !$0.isWhitespace }) else { return false }
        if ".!?:;".contains(last) { return false }
        if "\"”’')]".contains(last) {
            guard let before = previous.dropLast().last(where: { !$0.isWhitespace }), !".!?:;".contains(before) else { return false }
            return first.isLowercase
        }
        if last == "-" || last == ",", first.isLetter || first.isNumber { return true }
        return (last.isLetter || last.isNumber) && first.isLowercase
    }

    /// Block texts in reading order as a page's text: blocks apart by a blank line, and a
    /// paragraph that `continues` the block right before it (the head of the next column after
    /// the foot of the last) joined to it as one paragraph, its line-end hyphen dropped before a
    /// lowercase letter. The page text never reorders blocks: pieces with a figure, table or
    /// caption between them stay apart (the Markdown export joins those).
    public static func text(of blocks: [(kind: BlockKind, text: String, continues: Bool)]) -> String {
        var pieces: [String] = []
        var previousIsParagraph = false
        for b in blocks where !b.text.isEmpty {
            if b.continues, previousIsParagraph, let last = pieces.popLast() {
                pieces.append(join(last, b.text))
                continue
            }
            pieces.append(b.text)
            previousIsParagraph = b.kind == .paragraph
        }
        return pieces.joined(separator: "\n\n")
    }

    /// The two pieces of one paragraph as one text, joined like two of its lines (a line-end
    /// hyphen before a lowercase letter dropped; no dictionary here).
    public static func join(_ first: String, _ second: String) -> String { TextJoin().join([first, second]) }

    /// `next` opens the column after `previous`'s: it starts right of `previous`'s middle and
    /// above its middle (the head of the next column, `previous` at the foot of its own).
    static func opensNextColumn(_ next: Box, after previous: Box) -> Bool {
        next.minX >= previous.minX + previous.width / 2 && next.minY <= previous.minY + previous.height / 2
    }

    /// The two pieces around a float share their column: left edges within 2 of their sizes.
    static func sameColumn(_ a: DraftBlock, _ b: DraftBlock) -> Bool {
        Double(abs(a.block.box.minX - b.block.box.minX)) <= 2 * max(a.size, b.size, 1)
    }

    /// Blocks set between the two pieces of a paragraph in its column.
    static let floats: Set<BlockKind> = [.figure, .table, .caption]
    /// What a paragraph's continuation looks past in reading order: floats, and the margins and
    /// footnotes that come between a column's (or page's) foot and the next head.
    public static let lookedPast: Set<BlockKind> = floats.union([.header, .footer, .footnote])

    /// Marks the paragraphs of one page (in reading order) that continue an earlier one.
    static func mark(_ page: inout [DraftBlock]) {
        var previous: Int?
        var floatBetween = false
        for i in page.indices {
            let block = page[i].block
            if lookedPast.contains(block.kind) {
                floatBetween = floatBetween || floats.contains(block.kind)
                continue
            }
            switch block.kind {
            case .paragraph:
                if let p = previous, floatBetween ? sameColumn(page[p], page[i]) : opensNextColumn(page[i].block.box, after: page[p].block.box),
                   textContinues(page[p].block.text, block.text) {
                    page[i].block.continues = true
                }
                previous = i
            default:
                previous = nil
            }
            floatBetween = false
        }
    }
}
