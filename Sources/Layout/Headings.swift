import DocumentModel

/// Title and heading rules. A heading must differ measurably from the body text around it;
/// one tall OCR box (a superscript, an equation, a merged glyph) never makes a heading.
///
/// Sizes are relative to the page's body size (`PageMetrics.bodySize`), so the rules hold at
/// any resolution. A line's size for these rules is the lower quartile of its words' sizes
/// (font size, word height or the size implied by an OCR ink box): one large word does not
/// move it. Only text-like lines (mostly letters, no "=") can be headings: display equations
/// are often taller than the body.
///
/// With font sizes (text layer) a line is a heading when it is ≥ 1.15× the body, or entirely
/// bold, at body size, ≤ 12 words and not ending like a sentence.
/// With OCR sizes a line of ≤ 15 words is a heading when
/// - it starts with a capital or a digit, and
/// - it has ≥ 2 words and is ≥ 1.3× the body, or ≥ 1.15× with space above or below it
///   (≤ 12 words) — size counts only when two words show it;
/// - or it starts with a section number ("2", "2.1", "A.3", "III."; "B." only with space
///   above or after a line that ends a sentence) followed by a capitalised word, ≤ 12 words, no final period, not ending with a bare
///   number (a contents entry), no sentence ending inside it ("11. Proof. Define"), at ≥ 0.7×
///   the body size (small capitals);
/// - or it is short (≤ 8 words), all capitals and has space above it;
/// - or it is a short isolated line: ≤ 6 words, capitalised, no final punctuation, not ending
///   with a lead-in word ("Since", "Hence we have": `readsOn`), clearly more space than the
///   normal line gap both above and below it.
/// The line that opens the page's text is judged without a bullet before it ("• Human Factors",
/// a slide's title).
/// A line ending with an amount ("6.50 T") is never a heading, nor (OCR sizes) a line with a
/// sentence ending inside it ("11. Proof. Define").
/// Heading levels: the depth of the section number ("2" → 1, "2.1" → 2) when there is one,
/// else size clusters over the whole document (sizes less than 8 % apart are one level; larger
/// is higher). The title is the largest heading of the first page (at most one per document).
enum Headings {
    /// What a heading decision knows of a line's surroundings in its column: whether the space
    /// above (below) it is clearly larger than the page's normal line gap (or no line is there).
    struct Context {
        var spaceAbove: Bool
        var spaceBelow: Bool
        /// The line above in its column ends a sentence ("."): a paragraph closed there.
        var afterSentence = false
        /// The line opens the page's text (no line before it in reading order, below any
        /// running header): where a slide's title stands, bullet or not.
        var opensPage = false
        static let none = Context(spaceAbove: false, spaceBelow: false)
    }

    static func isHeading(_ line: TextLine, metrics: PageMetrics, context: Context = .none) -> Bool {
        // A slide's title is often set as its first bullet ("• Human Factors"): the line that
        // opens the page is judged without a bullet glyph before it.
        if context.opensPage, line.words.count >= 2, let c = line.words[0].text.first, line.words[0].text.count == 1,
           ListMarker.bulletGlyphs.contains(c) {
            var rest = context
            rest.opensPage = false
            return isHeading(line.with(words: Array(line.words.dropFirst())), metrics: metrics, context: rest)
        }
        guard line.words.count <= 20, isTextLike(line), Paragraphs.kind(of: line.text) != .caption,
              !endsWithAmount(line) else { return false }
        let ratio = robustSize(line) / max(metrics.bodySize, 1)
        let n = line.words.count
        let text = line.text
        if metrics.hasFontSizes {
            if ratio >= 1.15 { return true }
            return line.isBold && ratio >= 0.9 && n <= 12
                && !text.hasSuffix(".") && !text.hasSuffix(",") && !text.hasSuffix(";")
        }
        guard n <= 15, startsCapitalised(line), n < 3 || !stopsInside(line) else { return false }
        // Size is evidence only when two or more words show it (one box can be tall by accident)
        // and the letters are wider than the body's (OCR can stretch a whole line's boxes).
        let larger = n >= 2 && !metrics.lettersAsNarrowAsBody(line.words)
        if ratio >= 1.3, larger { return true }
        if ratio >= 1.15, larger, n <= 12, context.spaceAbove || context.spaceBelow { return true }
        // Small capitals measure about 0.75 of the body size.
        if ratio >= 0.7, sectionDepth(line, letters: context.spaceAbove || context.afterSentence) != nil { return true }
        guard ratio >= 0.85 else { return false }
        if n <= 8, context.spaceAbove, isCapitals(line), !endsLikeSentence(text) { return true }
        return n <= 6 && context.spaceAbove && context.spaceBelow && ratio >= 0.9 && !endsLikeSentence(text)
            && !readsOn(line)
    }

    /// Words that lead into what follows: a short line ending with one ("Since", "Hence we
    /// have", "It follows that") introduces the display equation or the line after it and is
    /// no heading, however isolated it stands.
    static let leadIns: Set<String> = [
        "since", "hence", "thus", "then", "so", "where", "whence", "because", "if", "when", "while", "that",
        "which", "and", "or", "but", "of", "to", "for", "by", "with", "from", "in", "on", "as", "at", "the",
        "an", "is", "are", "be", "we", "have", "has", "get", "obtain", "gives", "yields", "implies", "becomes"]

    /// True when the line's last word is a lead-in (`leadIns`).
    static func readsOn(_ line: TextLine) -> Bool {
        guard let last = line.words.last?.text.lowercased() else { return false }
        return leadIns.contains(last)
    }

    /// Headings start with a capital or a section number, never with a lowercase word.
    private static func startsCapitalised(_ line: TextLine) -> Bool {
        guard let c = line.words[0].text.first(where: { $0.isLetter || $0.isNumber }) else { return false }
        return c.isUppercase || c.isNumber
    }

    /// True when the line is clearly larger than the body (≥ 1.15×) and text-like: a heading
    /// whatever its surroundings (lists end at such a line).
    static func isLarger(_ line: TextLine, metrics: PageMetrics) -> Bool {
        isTextLike(line) && line.words.count <= 15 && robustSize(line) >= 1.15 * max(metrics.bodySize, 1)
            && !metrics.lettersAsNarrowAsBody(line.words)
    }

    /// The lower quartile of the line's word sizes: a line is as large as most of its words.
    static func robustSize(_ line: TextLine) -> Double {
        var sizes: [Double]
        if line.ink {
            sizes = line.words.compactMap { InkMetrics.measure($0)?.size }
        } else {
            sizes = line.words.map { $0.fontSize ?? Double($0.box.height) }
        }
        guard !sizes.isEmpty else { return line.size }
        sizes.sort()
        return min(line.size, sizes[(sizes.count - 1) / 4])
    }

    private static let mathSigns: Set<Character> = ["=", "<", ">", "≤", "≥", "±", "∑", "∫", "√", "∞", "→", "≈", "∈"]

    /// Mostly letters (≥ 60 % of the non-space characters after a section number, at least 2) and no "=", "<", "≤" …: prose, not an equation
    /// or a row of numbers.
    static func isTextLike(_ line: TextLine) -> Bool {
        var letters = 0, others = 0
        // A section number opening the line ("1.1") is not counted against it.
        let counted = sectionDepth(of: line.words[0].text) != nil ? line.words.dropFirst() : line.words[...]
        for w in counted {
            // "=", "<", ">" are the printable-ASCII members of `mathSigns`.
            if let sign = PrintableASCII.withBytes(w.text, { bytes -> Bool in
                for b in bytes {
                    if b == 0x3D || b == 0x3C || b == 0x3E { return true }
                    if PrintableASCII.isLetter(b) { letters += 1 } else { others += 1 }
                }
                return false
            }) {
                if sign { return false }
                continue
            }
            for c in w.text {
                if mathSigns.contains(c) { return false }
                if c.isLetter { letters += 1 } else { others += 1 }
            }
        }
        return letters >= 2 && Double(letters) >= 0.6 * Double(letters + others)
    }

    /// The line ends with an amount: a number with two decimals ("6.50", "47,70", "RM5.30"),
    /// perhaps followed by a short tax code ("T", "SR", "*"). A receipt's item, total or change
    /// line printed in double-width letters is large and capitalised, but a heading never
    /// closes on a price (a section number opens a line; a year has no decimals).
    static func endsWithAmount(_ line: TextLine) -> Bool {
        let words = line.words
        var end = words.count - 1
        if words.count >= 2, words[end].text.count <= 2, !words[end].text.contains(where: \.isNumber) { end -= 1 }
        let token = words[end].text
        // A printable-ASCII token's characters are its bytes, and its numbers its digits.
        if let amount = PrintableASCII.withBytes(token, { b -> Bool in
            let isDigit: (UInt8) -> Bool = { $0 >= 0x30 && $0 <= 0x39 }
            guard let lo = b.firstIndex(where: isDigit), let hi = b.lastIndex(where: isDigit), hi - lo + 1 >= 4 else { return false }
            return isDigit(b[hi - 1]) && (b[hi - 2] == 0x2E || b[hi - 2] == 0x2C) && isDigit(b[hi - 3])
        }) { return amount }
        let chars = Array(token.drop { !$0.isNumber }.reversed().drop { !$0.isNumber }.reversed())
        guard chars.count >= 4, chars[chars.count - 1].isNumber, chars[chars.count - 2].isNumber,
              chars[chars.count - 3] == "." || chars[chars.count - 3] == "," else { return false }
        return chars[chars.count - 4].isNumber
    }

    static func isCapitals(_ line: TextLine) -> Bool {
        let letters = line.text.filter(\.isLetter)
        return letters.count >= 4 && letters.allSatisfy(\.isUppercase)
    }

    private static func endsLikeSentence(_ text: String) -> Bool {
        guard let last = text.last else { return false }
        return ".,;:".contains(last)
    }

    /// The depth of a section number opening the line ("3" and "III." → 1, "3.1" and "A.2" → 2),
    /// when a capitalised word follows, the line has ≤ 12 words, no final period and does not
    /// end with a bare number (a table-of-contents entry); else nil. A lone letter ("B.") counts
    /// only when `letters` (the line has space above it: otherwise it is more often an initial).
    static func sectionDepth(_ line: TextLine, letters: Bool = false) -> Int? {
        guard line.words.count >= 2, line.words.count <= 12, !line.text.hasSuffix("."),
              line.words[1].text.first?.isUppercase == true,
              !line.words.last!.text.allSatisfy(\.isNumber), !stopsInside(line) else { return nil }
        return sectionDepth(of: line.words[0].text, letters: letters)
    }

    /// True when a sentence ends inside the line after its opening number: a word of ≥ 3 letters
    /// ending with a stop before another word ("11. Proof. Define"). A heading is one phrase;
    /// a numbered item or a lemma's proof reads on. (Abbreviations such as "No." or "Fig." are
    /// shorter or take a number after them.)
    static func stopsInside(_ line: TextLine) -> Bool {
        let inner = line.words.dropFirst().dropLast()
        return inner.contains { w in
            w.text.hasSuffix(".") && w.text.dropLast().count >= 4 && w.text.dropLast().allSatisfy(\.isLetter)
        }
    }

    /// "2", "2.", "2.1", "2.1.3", "A.1", "III." (and "B." when `letters`) → depth; else nil.
    static func sectionDepth(of token: String, letters: Bool = false) -> Int? {
        // Every section number opens with a digit or a capital: a token opening with another ASCII
        // byte (a lowercase word, punctuation) is none, whatever follows (`opensLikeSectionNumber`).
        guard opensLikeSectionNumber(token) else { return nil }
        return parsedSectionDepth(of: token, letters: letters)
    }

    /// `sectionDepth(of:letters:)` without its first-byte pretest.
    static func parsedSectionDepth(of token: String, letters: Bool) -> Int? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        let core = token.hasSuffix(".") ? parts.dropLast() : parts[...]
        guard !core.isEmpty, core.count <= 4, core.allSatisfy({ !$0.isEmpty }) else { return nil }
        if core.count == 1, let only = core.first {
            if only.allSatisfy(\.isNumber), only.count <= 2 { return 1 }
            if token.hasSuffix("."), only.count >= 2, only.allSatisfy({ "IVX".contains($0) }),
               ListMarker.romanValue(String(only)) != nil { return 1 }
            if letters, token.hasSuffix("."), only.count == 1, only.first!.isUppercase { return 1 }
            return nil
        }
        let first = core.first!
        guard first.allSatisfy(\.isNumber) || (first.count == 1 && first.first!.isUppercase),
              core.dropFirst().allSatisfy({ $0.allSatisfy(\.isNumber) && $0.count <= 2 }) else { return nil }
        return core.count
    }

    /// False when `token`'s first byte is ASCII but neither a digit nor a capital A–Z: its first
    /// `Character` then starts with that scalar (a combining mark after it changes neither
    /// `isNumber` nor makes it uppercase), and `sectionDepth(of:)` needs a number or a capital
    /// first. True otherwise (the full rule decides). Every line's heading test asks.
    static func opensLikeSectionNumber(_ token: String) -> Bool {
        guard let b = token.utf8.first, b < 0x80 else { return true }
        return (0x30...0x39).contains(b) || (0x41...0x5A).contains(b)
    }

    /// The heading starting at `items[start]`: following lines of the same size, close below
    /// and overlapping it horizontally, that are headings themselves, belong to it.
    static func collect(_ items: [PageItem], from start: Int, metrics: PageMetrics) -> (DraftBlock, Int) {
        guard let first = items[start].line else { preconditionFailure("a heading starts at a line") }
        var lines = [first]
        var next = start + 1
        let capitals = isCapitals(first)
        // A heading in capitals continues on a capitals line (OCR sizes of capitals vary more; in
        // small capitals each word's first letter is taller, so the robust sizes are compared).
        while next < items.count, let line = items[next].line, sectionDepth(line) == nil,
              ReadingOrder.overlapX(line.box, lines.last!.box, 0), line.isBold == first.isBold,
              (isHeading(line, metrics: metrics) && abs(line.size / first.size - 1) < 0.1
                  && line.gap(after: lines.last!) < 0.8 * first.size)
                || (capitals && isCapitals(line) && abs(robustSize(line) / robustSize(first) - 1) < 0.2
                    && line.gap(after: lines.last!) < first.size) {
            lines.append(line); next += 1
        }
        let text = metrics.textJoin.join(lines.map(\.text))
        var draft = DraftBlock(kind: .heading, text: text, lines: lines)
        draft.sectionDepth = sectionDepth(first, letters: true)
        return (draft, next)
    }

    /// Stacked headings are one heading: two heading blocks in a row in reading order, of one
    /// size (within 15 %), the second right below the first (at most 1.5 × the first's size
    /// between them, wider than `collect` joins), aligned alike (flush left or centred) and
    /// overlapping it horizontally, neither opening
    /// with a section number, become one block — a headline set in several lines of different
    /// styles ("DEPARTMENT OF THE INTERIOR" / "Bureau of Land Management"). A reader points at
    /// the stack as one heading. A title over a smaller section heading stays two.
    static let stackSizeTolerance = 0.15

    /// Two lines set flush left (left edges within half an em) or centred alike (centres within
    /// half an em): one headline. A centred title over a flush-left section heading is not.
    static func alignedAlike(_ a: Box, _ b: Box, em: Double) -> Bool {
        Double(abs(a.minX - b.minX)) <= em / 2 || abs(Double(a.minX + a.maxX) / 2 - Double(b.minX + b.maxX) / 2) <= em / 2
    }

    static func stack(_ blocks: inout [DraftBlock], join: TextJoin) {
        var k = 0
        while k + 1 < blocks.count {
            let upper = blocks[k], lower = blocks[k + 1]
            let gap = Double(lower.block.box.minY - upper.block.box.maxY)
            guard upper.block.kind == .heading, lower.block.kind == .heading,
                  upper.sectionDepth == nil, lower.sectionDepth == nil,
                  abs(lower.size / max(upper.size, 1) - 1) <= stackSizeTolerance,
                  gap >= -0.2 * max(upper.size, 1), gap <= 1.5 * max(upper.size, 1),
                  ReadingOrder.overlapX(upper.block.box, lower.block.box, 0),
                  alignedAlike(upper.block.box, lower.block.box, em: max(upper.size, 1)) else { k += 1; continue }
            blocks[k] = merged(upper, lower, join: join)
            blocks.remove(at: k + 1)
        }
    }

    /// `upper` with `lower` joined below it: its text after, the boxes' union.
    static func merged(_ upper: DraftBlock, _ lower: DraftBlock, join: TextJoin) -> DraftBlock {
        var merged = upper
        merged.block.text = join.join([upper.block.text, lower.block.text])
        merged.block.box = upper.block.box.union(lower.block.box)
        if let first = upper.engineParagraphs?.first, let last = lower.engineParagraphs?.last {
            merged.engineParagraphs = EngineSpan(first: first, last: last)
        } else { merged.engineParagraphs = nil }
        return merged
    }

    /// Heading levels from size clusters: distinct sizes sorted descending, a new level where a
    /// size is more than 8 % below the previous (next larger) size — single linkage, so OCR
    /// noise around one size stays one level. Returns the level of `size` (1 = largest).
    static func levels(for sizes: [Double]) -> (Double) -> Int {
        let distinct = Array(Set(sizes.map { ($0 * 10).rounded() / 10 })).sorted(by: >)
        var levelOf: [Double: Int] = [:]
        var level = 1
        for (i, s) in distinct.enumerated() {
            if i > 0, s < distinct[i - 1] * 0.92 { level += 1 }
            levelOf[s] = level
        }
        return { size in
            let key = (size * 10).rounded() / 10
            if let l = levelOf[key] { return l }
            let nearest = distinct.min { abs($0 - size) < abs($1 - size) }
            return nearest.flatMap { levelOf[$0] } ?? 1
        }
    }
}
