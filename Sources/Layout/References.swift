import DocumentModel

/// Reference lists (bibliographies): the entries of the works a document cites are a
/// `reference` block, not a list or paragraphs, though they are set like a numbered list.
///
/// A block of citations reads differently from body text: nearly every entry names authors by
/// initials ("A. B. Smith", "Smith, J.", "et al.") and a year, often a volume and pages.
/// - An entry is *citation-like* when it holds a year (1800–2099, "2014a" too) and either
///   ≥ 2 author initials ("J.", "J.-P.", "A.B.") or "et al." or a publication cue ("pp.",
///   "vol.", "doi", "arXiv", "Proc.", "Phys.", "J.", "In:").
/// - A list is a reference list when ≥ 60 % of its items (at least 2) are citation-like or name
///   ≥ 2 initials.
/// - A paragraph is a reference entry when it opens with a reference marker ("[12]", "(12)",
///   "12.") and is citation-like or names ≥ 2 initials; or when it lies next to a reference
///   block in reading order (a piece of an entry split off at a column, a page or a hanging
///   indent) and opens with a marker, holds a year or ≥ 2 initials or starts in lowercase (a
///   continuation), or lies between two reference blocks.
/// - Consecutive reference blocks of one column are one reference list (`joinRuns`).
/// - After a heading that names the section ("References", "Bibliography", "Literature
///   cited", "Works cited"), lists and paragraphs are reference blocks until the next heading.
/// Prose that cites works inline ("as Smith et al. (2010) showed") opens with no marker and
/// does not follow a reference block: it stays a paragraph.
enum References {
    static func mark(_ blocks: inout [DraftBlock], em: Double, lineGap: Double = 0, join: TextJoin) {
        var inSection = false
        for k in blocks.indices {
            let b = blocks[k].block
            switch b.kind {
            case .heading, .title:
                inSection = isSectionHeading(b.text)
            case .list:
                let entries = b.listItems.filter { isEntry($0.text) }.count
                if inSection || (b.listItems.count >= 2 && Double(entries) >= 0.6 * Double(b.listItems.count)) {
                    blocks[k].block.kind = .reference
                }
            case .paragraph:
                if inSection || (opensWithMarker(b.text) && isEntry(b.text)) { blocks[k].block.kind = .reference }
            default: continue
            }
        }
        // Pieces of entries next to reference blocks, outward from them.
        for k in Array(blocks.indices) + blocks.indices.reversed() where blocks[k].block.kind == .paragraph {
            let sides = [k - 1, k + 1].filter { blocks.indices.contains($0) && blocks[$0].block.kind == .reference }
            if sides.count == 2 || (sides.count == 1 && isPiece(blocks[k].block.text)) { blocks[k].block.kind = .reference }
        }
        joinRuns(&blocks, em: em, lineGap: lineGap, join: join)
    }

    /// A reference list is one block: consecutive reference blocks of one column (overlapping
    /// horizontally, the next starting below the last within 2 em, or within two line pitches
    /// — the page's normal `lineGap` plus 1 em, twice — where a line OCR lost left a hole in a
    /// widely spaced list) are joined. Entries become
    /// items: a piece opening with a marker is a new entry ("(47]" too, as OCR reads it), any other
    /// piece continues the entry before it.
    static func joinRuns(_ blocks: inout [DraftBlock], em: Double, lineGap: Double = 0, join: TextJoin) {
        var k = 0
        while k + 1 < blocks.count {
            let a = blocks[k].block, b = blocks[k + 1].block
            let gap = Double(b.box.minY - a.box.maxY)
            guard a.kind == .reference, b.kind == .reference, ReadingOrder.overlapX(a.box, b.box, 0),
                  gap >= -0.5 * em, gap <= max(2 * em, 2 * (lineGap + em)) else { k += 1; continue }
            var items = a.listItems.isEmpty ? entries(of: a) : a.listItems
            for item in b.listItems.isEmpty ? entries(of: b) : b.listItems {
                if item.marker.isEmpty, !items.isEmpty {
                    items[items.count - 1].text = join.join([items[items.count - 1].text, item.text])
                    items[items.count - 1].box = items[items.count - 1].box.union(item.box)
                } else {
                    items.append(item)
                }
            }
            for i in items.indices { items[i].order = i }
            blocks[k].block.listItems = items.filter { !$0.marker.isEmpty }
            blocks[k].block.text = a.text + "\n" + b.text
            blocks[k].block.box = a.box.union(b.box)
            blocks.remove(at: k + 1)
        }
    }

    /// A reference block without items as one entry: its marker when it opens with one, else an
    /// unmarked piece (marker "") that continues the entry before it.
    private static func entries(of block: Block) -> [ListItem] {
        let words = block.text.split(separator: " ", maxSplits: 1).map(String.init)
        guard opensWithMarker(block.text), words.count == 2 else {
            return [ListItem(order: 0, marker: "", markerType: .decimal, depth: 0, text: block.text, box: block.box)]
        }
        return [ListItem(order: 0, marker: words[0], markerType: .decimal, depth: 0, text: words[1], box: block.box)]
    }

    /// A reference entry's text: citation-like, or naming ≥ 2 author initials.
    static func isEntry(_ text: String) -> Bool { isCitationLike(text) || initials(text) >= 2 }

    /// A piece of an entry: a marker, a year, ≥ 2 initials, or a lowercase start (the rest of a sentence).
    private static func isPiece(_ text: String) -> Bool {
        opensWithMarker(text) || hasYear(text) || initials(text) >= 2 || text.first(where: \.isLetter)?.isLowercase == true
    }

    private static let sectionNames: Set<String> = ["references", "reference", "bibliography", "literature cited",
                                                    "works cited", "references and notes", "literature", "citations"]

    /// "References", "7 References", "REFERENCES", "Bibliography." …
    static func isSectionHeading(_ text: String) -> Bool {
        var words = text.lowercased().split(separator: " ").map(String.init)
        if let first = words.first, Headings.sectionDepth(of: first) != nil || ListMarker.romanValue(first.filter(\.isLetter)) != nil,
           first.contains(where: { $0.isNumber || $0 == "." }) {
            words.removeFirst()
        }
        let name = words.joined(separator: " ").filter { $0.isLetter || $0 == " " }
        return sectionNames.contains(name)
    }

    /// A year, and initials, "et al." or a publication cue (see the type's rules).
    static func isCitationLike(_ text: String) -> Bool {
        guard hasYear(text) else { return false }
        if initials(text) >= 2 { return true }
        let lower = text.lowercased()
        return ["et al", "pp.", "vol.", "doi", "arxiv", "proc.", "phys.", " j. ", "in:", "journal", "conference",
                "press", "univ"].contains { lower.contains($0) }
    }

    /// True when the text holds a year from 1800 to 2099 as a word of its own ("(2014)", "2014a,").
    static func hasYear(_ text: String) -> Bool {
        text.split(whereSeparator: { !$0.isNumber && !$0.isLetter }).contains { token in
            var digits = Substring(token)
            if let last = digits.last, last.isLetter, last.isLowercase { digits = digits.dropLast() }
            guard digits.count == 4, digits.allSatisfy(\.isNumber), let year = Int(digits) else { return false }
            return (1800...2099).contains(year)
        }
    }

    /// Words that are author initials: "J.", "J.-P.", "A.B.", "J.," (one capital before each period).
    static func initials(_ text: String) -> Int {
        text.split(separator: " ").filter { word in
            var w = Substring(word)
            while let last = w.last, ",;".contains(last) { w = w.dropLast() }
            guard w.hasSuffix("."), w.count >= 2 else { return false }
            let parts = w.dropLast().split(separator: ".", omittingEmptySubsequences: false)
            return parts.allSatisfy { p in
                let letters = p.split(separator: "-")
                return !letters.isEmpty && letters.allSatisfy { $0.count == 1 && $0.first!.isUppercase }
            }
        }.count
    }

    /// The text opens with a reference marker: "[12]", "(12)", "12." (a number of ≤ 3 digits).
    /// OCR often reads one bracket as another ("(47]", "{53]"): any opening and closing bracket count.
    static func opensWithMarker(_ text: String) -> Bool {
        // The first piece only (a paragraph's other words are not split off).
        guard let first = text.split(separator: " ", maxSplits: 1).first else { return false }
        var s = Substring(first)
        if let c = s.first, "([{".contains(c), let e = s.last, ")]}".contains(e) { s = s.dropFirst().dropLast() }
        else if s.hasSuffix(".") { s = s.dropLast() }
        else { return false }
        return !s.isEmpty && s.count <= 3 && s.allSatisfy(\.isNumber)
    }
}
