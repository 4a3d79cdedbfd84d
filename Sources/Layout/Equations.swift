import DocumentModel

/// Display equations: lines of formulas set apart from the prose, which a reader does not read
/// as part of a paragraph (DocBank's "equation" regions).
///
/// A line is display math when it has ≤ 15 words and
/// - it ends with an equation number ("(12)", "(3a)", "(2.10)"), holds no other such token (a
///   table row of values with uncertainties does), and fewer than half of its words are real
///   words (≥ 3 letters, nothing else but closing punctuation), or
/// - it holds a relation or operator sign (=, <, ≤, ±, ∑, …) and fewer than 30 % real words.
/// Following lines join the equation while they are display math too, or short (≤ 6 words) and
/// not text-like (the pieces of a fraction or a matrix), and close below (within the paragraph
/// split gap plus one body size).
///
/// An equation's number is a region of its own, as a figure's caption is: a reader points at
/// the formula, and cites "(13)". An equation-number word at the right end of an equation's row,
/// at least 2 em from the formula's ink before it (or alone on its row piece), becomes a
/// `caption` block linked to the equation (`Captions.link`), and the equation's box hugs the
/// formula only.
enum Equations {
    private static let signs: Set<Character> = ["=", "<", ">", "≤", "≥", "±", "∑", "∫", "√", "∞", "→", "≈", "∈", "≪", "≫", "×"]

    static func isDisplay(_ line: TextLine) -> Bool {
        let n = line.words.count
        guard n <= 15 else { return false }
        // Either rule needs an equation number at the end or a sign: without both (a line of
        // prose) its real words are not counted.
        let numbered = isEquationNumber(line.words.last!.text) && n >= 2
        let signed = line.words.contains(where: { hasSign($0.text) })
        guard numbered || signed else { return false }
        var realCount = 0
        for w in line.words where isRealWord(w.text) { realCount += 1 }
        let real = Double(realCount)
        // One number only: a table row of values with uncertainties ("3.13 (8) 3.33 (7)") has several.
        if numbered, real < 0.5 * Double(n), line.words.lazy.filter({ isEquationNumber($0.text) }).count == 1 { return true }
        return signed && real < 0.3 * Double(n)
    }

    /// The word holds one of `signs` (its printable-ASCII ones are "=", "<" and ">").
    static func hasSign(_ token: String) -> Bool {
        PrintableASCII.withBytes(token) { $0.contains { $0 == 0x3D || $0 == 0x3C || $0 == 0x3E } }
            ?? token.contains(where: signs.contains)
    }

    /// "(12)", "(3a)", "(2.10)", with an optional trailing period or comma; not "(2012)".
    static func isEquationNumber(_ token: String) -> Bool {
        var s = Substring(token)
        if s.hasSuffix(".") || s.hasSuffix(",") { s = s.dropLast() }
        guard s.hasPrefix("("), s.hasSuffix(")"), s.count >= 3 else { return false }
        let core = s.dropFirst().dropLast()
        guard let first = core.first, first.isNumber else { return false }
        // A year in parentheses ("(2012)", in a reference) is no equation number: those have ≤ 3 digits.
        guard core.prefix(while: \.isNumber).count <= 3 else { return false }
        return core.allSatisfy { $0.isNumber || $0 == "." || ($0.isLetter && $0.isLowercase) } && core.count <= 6
    }

    static func isRealWord(_ token: String) -> Bool {
        if let real = PrintableASCII.withBytes(token, { bytes -> Bool in
            var lo = 0, hi = bytes.count
            while hi > lo, ".,;:!?)\"'".utf8.contains(bytes[hi - 1]) { hi -= 1 }
            while lo < hi, "(\"'".utf8.contains(bytes[lo]) { lo += 1 }
            return hi - lo >= 3 && bytes[lo..<hi].allSatisfy { PrintableASCII.isLetter($0) || $0 == 0x2D }
        }) { return real }
        var s = Substring(token)
        while let last = s.last, ".,;:!?)”\"'".contains(last) { s = s.dropLast() }
        while let first = s.first, "(“\"'".contains(first) { s = s.dropFirst() }
        return s.count >= 3 && s.allSatisfy { $0.isLetter || $0 == "-" }
    }

    /// The equation starting at `items[start]` (with its numbers: `split`) and the index after it.
    static func collect(_ items: [PageItem], from start: Int, paragraphs: Paragraphs, metrics: PageMetrics) -> ([DraftBlock], Int) {
        guard let first = items[start].line else { preconditionFailure("an equation starts at a line") }
        var lines = [first]
        var next = start + 1
        while next < items.count, let line = items[next].line {
            let gap = line.gap(after: lines.last!)
            let piece = line.words.count <= 6 && !Headings.isTextLike(line)
            guard isDisplay(line) || piece, gap <= paragraphs.splitGap + metrics.bodySize else { break }
            lines.append(line); next += 1
        }
        return (split(lines, em: metrics.bodySize), next)
    }

    /// The equation made of `lines` and, after it, a caption block for each equation number set
    /// apart at the right end of a row (see the type's rules); just the equation when it has none.
    static func split(_ lines: [TextLine], em: Double) -> [DraftBlock] {
        var formula: [TextLine] = [], numbers: [TextLine] = []
        for line in lines {
            let words = line.words
            guard let last = words.last, isEquationNumber(last.text) else { formula.append(line); continue }
            if words.count == 1 {
                // A number piece alone: a number when a formula row lies to its left on its row.
                let besideFormula = lines.contains { o in
                    o != line && o.box.maxX < line.box.minX && abs(o.box.midY - line.box.midY) < Double(max(o.box.height, line.box.height)) / 2
                }
                if besideFormula { numbers.append(line) } else { formula.append(line) }
                continue
            }
            let previous = words[words.count - 2]
            if Double(last.box.minX - previous.box.maxX) >= 2 * em {
                formula.append(line.with(words: Array(words.dropLast())))
                numbers.append(line.with(words: [last]))
            } else {
                formula.append(line)
            }
        }
        guard !numbers.isEmpty, !formula.isEmpty else {
            return [DraftBlock(kind: .equation, text: lines.map(\.text).joined(separator: "\n"), lines: lines)]
        }
        let equation = DraftBlock(kind: .equation, text: formula.map(\.text).joined(separator: "\n"), lines: formula)
        return [equation] + numbers.map { DraftBlock(kind: .caption, text: $0.text, lines: [$0]) }
    }

    /// The text split at spaces (empty pieces dropped, as `split(separator:)` does) when it holds
    /// fewer than `limit` words; else `limit` or more pieces, the last holding the rest. So
    /// `count < limit` and the words of a short text are those of the whole split, without
    /// splitting a long paragraph's every word. (`maxSplits: limit - 1` would be one short: a
    /// text of `limit - 1` words followed by two spaces gives `limit` pieces, the last a space.)
    static func firstWords(_ text: String, upTo limit: Int) -> [Substring] {
        text.split(separator: " ", maxSplits: limit)
    }

    /// True for a caption block that is an equation's number ("(13)").
    static func isNumberCaption(_ block: Block) -> Bool { block.kind == .caption && isEquationNumber(block.text) }

    /// True when at least half of `piece`'s area lies inside `equation`'s box.
    private static func isInside(_ piece: Box, _ equation: Box) -> Bool {
        guard let common = piece.intersection(equation) else { return false }
        return 2 * common.width * common.height >= piece.width * piece.height
    }

    /// Pieces of a display equation that OCR read as lines of their own (a row of exponents or
    /// indices above the formula, its left side on a separate line) and that became paragraphs:
    /// a paragraph of ≤ 8 words, at most 2.5 em high, less than half of them real words, that
    /// overlaps an equation's rows (or lies within 0.5 em above or below it) and its columns
    /// (or lies within 2 em beside it) joins the equation. So does a heading of ≤ 8 words with at
    /// least half of its box inside an equation's (numerators OCR read as a short capitalised
    /// line, "Iu uLv"): a heading never sits inside a formula.
    static func absorbPieces(_ blocks: inout [DraftBlock], em: Double) {
        // Without an equation nothing joins one (most pages).
        guard blocks.contains(where: { $0.block.kind == .equation }) else { return }
        var k = 0
        while k < blocks.count {
            let piece = blocks[k].block
            // At most 9 pieces: "≤ 8 words" is all that is asked of a longer text (`firstWords`).
            let words = firstWords(piece.text, upTo: 9)
            guard !words.isEmpty, words.count <= 8, Double(piece.box.height) <= 2.5 * em,
                  let t = blocks.indices.first(where: { i in
                      let e = blocks[i].block.box
                      guard blocks[i].block.kind == .equation else { return false }
                      if piece.kind == .heading { return isInside(piece.box, e) }
                      guard piece.kind == .paragraph, 2 * words.filter({ isRealWord(String($0)) }).count < words.count else { return false }
                      let dy = Double(max(e.minY - piece.box.maxY, piece.box.minY - e.maxY))
                      let dx = Double(max(e.minX - piece.box.maxX, piece.box.minX - e.maxX))
                      return dy <= 0.5 * em && dx <= 2 * em
                  }) else { k += 1; continue }
            let above = piece.box.midY < blocks[t].block.box.midY
            blocks[t].block.text = above ? piece.text + "\n" + blocks[t].block.text : blocks[t].block.text + "\n" + piece.text
            blocks[t].block.box = blocks[t].block.box.union(piece.box)
            blocks.remove(at: k)
            if t < k { k = 0 } // the grown equation may reach pieces met before
        }
    }
}
