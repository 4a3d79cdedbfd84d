import DocumentModel

/// Caption links: a caption ("Figure 3.", "Fig. 2", "Table 1:" — see `Paragraphs.kind`)
/// describes the figure or table next to it. A paragraph that opens with such a label and no
/// stop after the number ("Table 3 Recoveries of …") is a caption when a figure or table is
/// a candidate for it (below).
///
/// Candidates are the page's figure and table blocks that overlap the caption horizontally and
/// lie above or below it, at most 6 of the caption's sizes away (edge to edge). A caption naming
/// a table ("Table …") prefers tables, any other prefers figures; among those the nearest wins.
/// Each figure or table gets at most one caption (the nearest claims it first). A caption of
/// only its label and numbers ("Table 40") that describes nothing near it is a paragraph.
/// A sub-caption (a caption inside a figure's box: "(b) Noisy image", see `Figures`) describes
/// that figure and claims nothing. An equation's number ("(13)", split off by `Equations`)
/// describes the equation before it in reading order and claims nothing either.
enum Captions {
    static func link(_ page: inout [DraftBlock]) {
        var captions: [Int] = []
        for c in page.indices where page[c].block.kind == .caption {
            if Equations.isNumberCaption(page[c].block) {
                // An equation's numbers (`Equations`) follow their equation in reading order.
                if let e = page[..<c].lastIndex(where: { !Equations.isNumberCaption($0.block) }), page[e].block.kind == .equation {
                    page[c].block.captionOf = page[e].block.readingOrder
                }
                continue
            }
            if let f = page.indices.first(where: { page[$0].block.kind == .figure && Figures.contains(page[$0].block.box, page[c].block.box) }) {
                page[c].block.captionOf = page[f].block.readingOrder
            } else {
                captions.append(c)
            }
        }
        // A paragraph opening with a bare label ("Table 3 Recoveries and …", the label set on a
        // line of its own with no stop) is a caption when it sits against a table or figure.
        for c in page.indices where page[c].block.kind == .paragraph && Paragraphs.opensWithLabel(page[c].block.text)
            && target(of: c, in: page) != nil {
            page[c].block.kind = .caption
            captions.append(c)
        }
        var claims: [(distance: Int, caption: Int, target: Int)] = []
        for c in captions {
            if let best = target(of: c, in: page) { claims.append((best.rank.0 * 1_000_000 + best.rank.1, c, best.target)) }
        }
        var taken = Set<Int>()
        for claim in claims.sorted(by: { $0.distance < $1.distance }) where !taken.contains(claim.target) {
            taken.insert(claim.target)
            page[claim.caption].block.captionOf = page[claim.target].block.readingOrder
        }
        // A bare label with no figure or table near ("Table 40", "Table 23 4." on a restaurant
        // receipt: no words after the number) is no caption: it names nothing on the page.
        for c in captions where page[c].block.captionOf == nil
            && !page[c].block.text.split(separator: " ").dropFirst().contains(where: { $0.contains(where: \.isLetter) }) {
            page[c].block.kind = .paragraph
        }
    }

    /// The figure or table that the caption `page[c]` would describe, with its rank (kind
    /// mismatch first, then distance): see the type's rules.
    private static func target(of c: Int, in page: [DraftBlock]) -> (rank: (Int, Int), target: Int)? {
        let cap = page[c].block
        let wantsTable = cap.text.lowercased().hasPrefix("table")
        let limit = Int(6 * max(page[c].size, 1))
        var best: (rank: (Int, Int), target: Int)?
        for t in page.indices where page[t].block.kind == .figure || page[t].block.kind == .table {
            let box = page[t].block.box
            guard ReadingOrder.overlapX(box, cap.box, 0) else { continue }
            let distance = Double(cap.box.minY) >= box.midY ? cap.box.minY - box.maxY : box.minY - cap.box.maxY
            guard distance <= limit, distance >= -limit / 2 else { continue }
            let kindMatches = (page[t].block.kind == .table) == wantsTable
            let rank = (kindMatches ? 0 : 1, max(0, distance))
            if best.map({ rank < $0.rank }) ?? true { best = (rank, t) }
        }
        return best
    }
}
