import DocumentModel

/// The OCR engine's own paragraphs (Tesseract's `RIL_PARA`, carried on each line as
/// `TextLine.paragraphHint`) as a prior on quire's rules.
///
/// Alone, the engine's paragraph boxes are as good as quire's blocks at region level and worse
/// at kinds (it has no headings, lists, tables or captions); where the two disagree, quire's
/// rules mostly win — a paragraph split at a larger gap or a caption label, a column the engine
/// runs into its neighbour. One disagreement goes the engine's way:
/// - A heading of one line directly followed, in reading order, by a paragraph below it in its
///   column, when the heading and the paragraph's first line are in one engine paragraph and the heading's
///   sentence runs on into the paragraph (it ends with a hyphen, or it stops mid-sentence and the
///   paragraph opens with a lowercase letter or a digit), is that paragraph's first line: a bold
///   or larger lead-in ("1. Sancho picked up a handful of coins" / "from a jar without looking"),
///   a line OCR read taller than its neighbours. The two become one paragraph. A heading set
///   apart by space is a paragraph of its own in Tesseract's segmentation, and a heading's text
///   does not run on into the next sentence, so real headings stay.
/// - Likewise two paragraphs in a row, below one another, when the first one's last line and the
///   second one's first line are in one engine paragraph (quire cut inside the engine's
///   paragraph) and the first one's sentence runs on into the second: one paragraph that quire's
///   gap or indent rules cut (a line read taller than it is, a heading taken out of its middle).
/// - Without the engine's agreement (the engine starts another paragraph), on an OCR page: a
///   heading of one line and ≥ 4 words whose sentence runs on into a paragraph close below it
///   (≤ 0.8 em between them) that opens with a lowercase letter is that paragraph's first line
///   too ("4. Emilia used 4 of her 8 stamps to mail" / "letters. Which fraction …"), also when
///   reading order put another block between them: a heading's text never runs on into a
///   lowercase sentence set right under it. (Text-layer pages are left as they are.)
/// And one the other way (`breaks`):
/// - Inside a paragraph, a line that opens a new engine paragraph, with a capital or a digit,
///   after a line that stops more than 3 em short of the paragraph's right edge (and is not the
///   paragraph's first: a label such as "Table 3" on a line of its own is no last line), starts a new
///   paragraph: a short last line then a new start that no gap or indent marks (a newspaper's
///   flush paragraphs), even when OCR lost the sentence's final stop.
/// Pages without engine paragraphs (a text layer) are left as they are.
enum EngineParagraphs {
    /// The largest gap (in body sizes) between a one-line heading and a paragraph below it that
    /// opens in lowercase for the two to be one paragraph without the engine's word for it.
    static let runOnGap = 0.8

    static func join(_ blocks: inout [DraftBlock], metrics: PageMetrics) {
        bringRunOnBelow(&blocks, em: max(metrics.bodySize, 1))
        var k = 0
        while k + 1 < blocks.count {
            let lead = blocks[k], body = blocks[k + 1]
            let oneLineHeading = lead.block.kind == .heading && Double(lead.block.box.height) <= 2 * max(lead.size, 1)
            guard lead.block.kind == .paragraph || oneLineHeading,
                  body.block.kind == .paragraph, runsOn(lead.block.text, into: body.block.text),
                  ReadingOrder.overlapX(lead.block.box, body.block.box, 0),
                  lead.block.box.maxY <= body.block.box.minY + max(1, body.block.box.height / 2) else { k += 1; continue }
            let sameEngineParagraph = lead.engineParagraphs != nil && lead.engineParagraphs?.last == body.engineParagraphs?.first
            let closeBelow = Double(body.block.box.minY - lead.block.box.maxY) <= Self.runOnGap * max(metrics.bodySize, 1)
            guard sameEngineParagraph || (oneLineHeading && closeBelow && readsOn(lead, into: body)) else { k += 1; continue }
            var merged = lead.block.kind == .paragraph ? lead : body
            if let first = lead.engineParagraphs?.first, let last = body.engineParagraphs?.last {
                merged.engineParagraphs = EngineSpan(first: first, last: last)
            } else { merged.engineParagraphs = nil }
            merged.block.text = metrics.textJoin.join([lead.block.text, body.block.text])
            merged.block.box = lead.block.box.union(body.block.box)
            merged.size = lead.size; merged.isBold = lead.isBold; merged.sectionDepth = nil
            blocks[k] = merged
            blocks.remove(at: k + 1)
            k = max(0, k - 1) // the paragraph before may run on into the joined one
        }
    }

    /// A one-line heading whose paragraph below it in its column (the nearest block under it,
    /// ≤ 0.8 em away, opening in lowercase, its sentence running on) is not next in reading order
    /// (the heading was read before a column it spans into): that paragraph is moved right after it,
    /// so that `join` makes them one.
    static func bringRunOnBelow(_ blocks: inout [DraftBlock], em: Double) {
        var moved = Set<Box>() // each paragraph moves at most once
        var k = 0
        while k < blocks.count {
            defer { k += 1 }
            guard blocks[k].block.kind == .heading, Double(blocks[k].block.box.height) <= 2 * max(blocks[k].size, 1) else { continue }
            let lead = blocks[k].block.box
            let below = blocks.indices.filter { j in
                j != k && blocks[j].block.box.minY >= lead.maxY - lead.height / 2 && ReadingOrder.overlapX(blocks[j].block.box, lead, 0)
            }
            guard let j = below.min(by: { blocks[$0].block.box.minY < blocks[$1].block.box.minY }), j != k + 1,
                  blocks[j].block.kind == .paragraph, Double(blocks[j].block.box.minY - lead.maxY) <= runOnGap * em,
                  readsOn(blocks[k], into: blocks[j]), runsOn(blocks[k].block.text, into: blocks[j].block.text),
                  moved.insert(blocks[j].block.box).inserted else { continue }
            let body = blocks.remove(at: j)
            if j < k { k -= 1 }
            blocks.insert(body, at: k + 1)
        }
    }

    /// The no-engine-agreement case of `join`: on an OCR page (both blocks carry engine
    /// paragraphs), a heading line of ≥ 4 words — a sentence's opening, not a short title —
    /// above a paragraph that opens in lowercase.
    static func readsOn(_ lead: DraftBlock, into body: DraftBlock) -> Bool {
        lead.engineParagraphs != nil && body.engineParagraphs != nil && lead.block.text.split(separator: " ", maxSplits: 4).count >= 4
            && body.block.text.first?.isLowercase == true
    }

    /// True when `line` starts a new paragraph after `row`, the last row of the paragraph `lines`
    /// (see the type's rules).
    static func breaks(before line: TextLine, after row: TextLine, paragraph lines: [TextLine], em: Double) -> Bool {
        // A short first line ("Table 3" above its title) is no paragraph's last line.
        guard lines.count >= 2, let previous = row.paragraphHint, let next = line.paragraphHint, previous != next,
              let right = (lines.map(\.box.maxX) + [line.box.maxX]).max(),
              let first = line.words[0].text.first(where: { $0.isLetter || $0.isNumber }),
              first.isUppercase || first.isNumber else { return false }
        return Double(right - row.box.maxX) > 3 * em
    }

    /// True when the sentence of `text` goes on in `next`: `text` ends with a hyphen, or stops
    /// mid-sentence (`Paragraphs.stopsMidSentence`) before a lowercase letter or a number that
    /// is no item or section number ("20 pieces", not "2. Paige" or "3)").
    static func runsOn(_ text: String, into next: String) -> Bool {
        if text.hasSuffix("-") { return true }
        guard Paragraphs.stopsMidSentence(text), let word = next.split(separator: " ", maxSplits: 1).first, let first = word.first else { return false }
        // A number that opens an item or a section ("2.", "3)") starts a new sentence.
        return first.isLowercase || (first.isNumber && !word.hasSuffix(".") && !word.hasSuffix(")"))
    }
}
