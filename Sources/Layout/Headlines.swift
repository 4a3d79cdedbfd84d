import DocumentModel

/// A headline's continuation: the lines set under a heading in its style that the heading rules
/// do not take line by line.
///
/// A notice or an article opens with a stack of heading lines — the issuer ("DEPARTMENT OF THE
/// INTERIOR", "Bureau of Land Management"), a bracketed docket or reference ("[Docket ID
/// BSEE-2024-0003]"), the document's own title in title case, several lines long ("Termination
/// of Preparation of the Environmental Impact Statement for …"). OCR gives no bold, and the
/// long title is no larger than the body, so only its first lines pass the heading rules; the
/// rest became paragraphs. A reader points at the whole stack as the title.
///
/// A paragraph joins the heading block right above it when
/// - it is set at the heading's size (within `Headings.stackSizeTolerance`, or `inkTolerance`
///   on small type), right below it
///   (at most 1.5 × the heading's size between them), aligned alike (flush left or centred) and
///   overlapping it horizontally;
/// - and it reads as part of a headline: in title case (≥ 2 words of ≥ 4 letters, ≥ 80 % of
///   them capitalised, ≤ 30 words, no final punctuation, no sentence ending inside, at most one
///   comma: an affiliation or an address lists its parts, "University, City, Country"), or one
///   bracketed reference ("(…)" / "[…]", ≤ 12 words).
/// A sentence (it ends with a stop), an author line (smaller than the title) or a first paragraph
/// after space does not join. Numbered section headings are not extended.
enum Headlines {
    /// Sizes measured from ink boxes are whole pixels: at 72 dpi a 7-pixel capital is 15 % off
    /// for one pixel, and each of two compared sizes can be off by one. Two pixels of ink height
    /// (in size units) are always within tolerance.
    static let inkTolerance = 2 / InkMetrics.ascender

    static func extend(_ blocks: inout [DraftBlock], join: TextJoin) {
        var k = 0
        while k + 1 < blocks.count {
            let upper = blocks[k], lower = blocks[k + 1]
            let size = max(upper.textSize, 1)
            let gap = Double(lower.block.box.minY - upper.block.box.maxY)
            guard upper.block.kind == .heading, upper.sectionDepth == nil, lower.block.kind == .paragraph,
                  abs(lower.textSize - size) <= max(Headings.stackSizeTolerance * size, inkTolerance),
                  gap >= -0.2 * size, gap <= 1.5 * size,
                  ReadingOrder.overlapX(upper.block.box, lower.block.box, 0),
                  Headings.alignedAlike(upper.block.box, lower.block.box, em: size),
                  isTitleCase(lower.block.text) || isBracketed(lower.block.text) else { k += 1; continue }
            blocks[k] = Headings.merged(upper, lower, join: join)
            blocks.remove(at: k + 1)
        }
    }

    /// Title case: ≤ 30 words, at least 2 of them words of ≥ 4 letters, ≥ 80 % of those
    /// capitalised ("Statement", not "impact"), no final punctuation and no sentence ending inside.
    static func isTitleCase(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard words.count >= 2, words.count <= 30, let last = text.last, !".,;:!?".contains(last),
              text.filter({ $0 == "," }).count <= 1 else { return false }
        if words.dropLast().contains(where: { $0.hasSuffix(".") && $0.dropLast().count >= 4 && $0.dropLast().allSatisfy(\.isLetter) }) {
            return false
        }
        let long = words.map { $0.drop { !$0.isLetter } }.filter { $0.filter(\.isLetter).count >= 4 }
        guard long.count >= 2 else { return false }
        let capitalised = long.filter { $0.first?.isUppercase == true }.count
        return Double(capitalised) >= 0.8 * Double(long.count)
    }

    /// One bracketed reference: "(BLM NM FRN MO4500178179)", "[Docket No. 2024-01]".
    static func isBracketed(_ text: String) -> Bool {
        guard let first = text.first, let last = text.last, "([".contains(first), ")]".contains(last) else { return false }
        return text.split(separator: " ").count <= 12
    }
}
