import DocumentModel

/// Reading order of page elements (lines, tables) from their boxes alone.
///
/// Column gutters are found implicitly from whitespace with Breuel's partial order
/// ("High performance document layout analysis", 2003), which behaves like a recursive XY-cut
/// without its fixed cut order:
/// 1. `a` precedes `b` when they overlap horizontally and `a` is above `b`;
/// 2. `a` precedes `b` when `a` lies entirely left of `b` and no element or separator
///    (a horizontal ruling) lies vertically between them while overlapping both horizontally
///    (and, when `a` is the lower one, `a`'s column reaches up to `b`'s level).
/// A topological sort of that order, top-most first among free elements, gives the sequence:
/// columns are read one after the other, and a full-width heading between two column sections
/// stays in place because rule 2 does not hold across it.
enum ReadingOrder {
    /// Indices of `boxes` in reading order. `tolerance`: overlaps smaller than this are ignored.
    ///
    /// The two rules can contradict each other on odd shapes (a piece of a display formula
    /// just left of the formula above it and below a left-hand line): such a cycle is resolved
    /// by keeping every rule-1 edge and adding the rule-2 edges strongest first (a beside or
    /// above b before a below b whose column reaches up), each only when it closes no cycle.
    static func order(_ boxes: [Box], separators: [Box] = [], tolerance: Int = 2) -> [Int] {
        let n = boxes.count
        guard n > 1 else { return Array(0..<n) }
        let blockers = Blockers(boxes + separators)
        let mates = (0..<n).map { a in
            (0..<n).filter { overlapX(boxes[$0], boxes[a], tolerance) }.sorted { boxes[$0].minY < boxes[$1].minY }
        }
        var edges: [(a: Int, b: Int, rule: Rule)] = []
        for a in 0..<n {
            for b in 0..<n where a != b {
                if let rule = precedes(a, b, boxes, blockers, mates, tolerance) { edges.append((a, b, rule)) }
            }
        }
        if let sequence = topologicalSort(boxes, edges.map { ($0.a, $0.b) }) { return sequence }
        // The repair asks a path question per side-by-side edge: on a page of thousands of
        // fragments that is too slow, and the cycle is broken at the top-most element instead.
        guard edges.count <= Self.cycleRepairEdgeLimit else {
            return topologicalSort(boxes, edges.map { ($0.a, $0.b) }, breakingCycles: true)!
        }
        var graph = Graph(count: n)
        for e in edges where e.rule == .above { graph.add(e.a, e.b) }
        for rule in [Rule.beside, .columnReaches] {
            for e in edges where e.rule == rule && !graph.reaches(from: e.b, to: e.a) { graph.add(e.a, e.b) }
        }
        return topologicalSort(boxes, graph.edges, breakingCycles: true)!
    }

    /// Above this many edges a cycle is not repaired edge by edge (see `order`). A page of
    /// 150 lines has a few thousand.
    static let cycleRepairEdgeLimit = 6_000

    /// Why `a` precedes `b`, strongest first.
    enum Rule { case above, beside, columnReaches }

    /// A directed graph growing edge by edge, asked whether a path exists.
    struct Graph {
        var successors: [[Int]]
        var edges: [(Int, Int)] = []
        init(count: Int) { successors = Array(repeating: [], count: count) }
        mutating func add(_ a: Int, _ b: Int) { successors[a].append(b); edges.append((a, b)) }
        func reaches(from start: Int, to goal: Int) -> Bool {
            var seen = Set([start]), stack = [start]
            while let v = stack.popLast() {
                if v == goal { return true }
                for w in successors[v] where seen.insert(w).inserted { stack.append(w) }
            }
            return false
        }
    }

    /// Boxes indexed for the rule-2 test: for each of 128 vertical strips, the boxes covering the
    /// strip's centre, sorted by top edge. A box overlapping both `a` and `b` covers the whole gap
    /// between them, so only the boxes covering a strip centre inside that gap need a look.
    struct Blockers {
        var all: [Box]
        var strips: [[Int]]
        var stripWidth: Int

        init(_ all: [Box]) {
            self.all = all
            let right = max(1, all.map(\.maxX).max() ?? 1)
            stripWidth = max(1, right / 128 + 1)
            strips = Array(repeating: [], count: right / stripWidth + 1)
            // Each box joins the strips whose centres it covers, taken by top edge, ties in index
            // order: what sorting each strip's boxes (listed in index order) by top edge gives, as
            // Swift's sort is stable (`CheapRulesTests` pins it).
            let byTop = all.indices.sorted { (all[$0].minY, $0) < (all[$1].minY, $1) }
            for i in byTop {
                for s in Self.strips(covering: all[i], stripWidth: stripWidth, count: strips.count) { strips[s].append(i) }
            }
        }

        /// The strips whose centre (`s * stripWidth + stripWidth / 2`) lies in `box.minX...box.maxX`.
        static func strips(covering box: Box, stripWidth: Int, count: Int) -> Range<Int> {
            let half = stripWidth / 2
            // Smallest s with centre ≥ minX, largest with centre ≤ maxX (floor division for negatives).
            func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
            let first = max(0, -floorDiv(-(box.minX - half), stripWidth))
            let last = min(count - 1, floorDiv(box.maxX - half, stripWidth))
            return first <= last ? first..<(last + 1) : 0..<0
        }

        /// Indices of boxes that may overlap horizontally both sides of the gap `x0...x1`.
        func candidates(gap x0: Int, _ x1: Int) -> [Int] {
            let first = max(0, (x0 - stripWidth / 2 + stripWidth - 1) / stripWidth)
            let centreStrip = first * stripWidth + stripWidth / 2
            guard first < strips.count, centreStrip <= x1 else { return Array(all.indices) }
            return strips[first]
        }
    }

    private static func precedes(_ a: Int, _ b: Int, _ boxes: [Box], _ blockers: Blockers, _ mates: [[Int]], _ tol: Int) -> Rule? {
        let ba = boxes[a], bb = boxes[b]
        if overlapX(ba, bb, tol) {
            return ba.midY < bb.midY ? .above : nil
        }
        guard ba.maxX <= bb.minX + tol else { return nil }
        let top = min(ba.maxY, bb.maxY), bottom = max(ba.minY, bb.minY)
        guard top + tol < bottom else { return .beside }
        for i in blockers.candidates(gap: ba.maxX - tol, bb.minX + tol) where i != a && i != b {
            let c = blockers.all[i]
            if c.minY >= top - tol, c.maxY <= bottom + tol, overlapX(c, ba, tol), overlapX(c, bb, tol) { return nil }
        }
        if ba.minY < bb.minY { return .beside }
        return columnReaches(from: a, upTo: b, boxes, mates[a], tol) ? .columnReaches : nil
    }

    /// For `a` below and left of `b`: true when `a`'s column (an element overlapping `a`
    /// horizontally and lying left of `b`) reaches up to `b`'s level (within one of `b`'s line
    /// heights above or below it: with two, a short line two line gaps under a display formula
    /// on the right was read before the formula). Without it, a line below
    /// and left of a lone right-hand line (a date, a signature) is not put before it.
    /// `mates`: the elements overlapping `a` horizontally, sorted by top edge.
    private static func columnReaches(from a: Int, upTo b: Int, _ boxes: [Box], _ mates: [Int], _ tol: Int) -> Bool {
        let bb = boxes[b]
        for c in mates where c != a {
            let cb = boxes[c]
            if cb.minY > bb.maxY + bb.height { return false }
            if cb.maxX <= bb.minX + tol, cb.maxY >= bb.minY - bb.height { return true }
        }
        return false
    }

    /// Indices of `boxes` row by row: boxes that share at least half the smaller one's height
    /// are one row, read left to right; rows top to bottom. For a grid of sub-captions or a
    /// page's margin lines, where a box a few pixels lower on the left still comes first.
    static func rows(_ boxes: [Box]) -> [Int] {
        var rows: [(top: Int, bottom: Int, members: [Int])] = []
        for i in boxes.indices.sorted(by: { boxes[$0].minY < boxes[$1].minY }) {
            let b = boxes[i]
            if let k = rows.indices.last,
               min(rows[k].bottom, b.maxY) - max(rows[k].top, b.minY) >= min(b.height, rows[k].bottom - rows[k].top) / 2 {
                rows[k].members.append(i); rows[k].top = min(rows[k].top, b.minY); rows[k].bottom = max(rows[k].bottom, b.maxY)
            } else {
                rows.append((b.minY, b.maxY, [i]))
            }
        }
        return rows.flatMap { $0.members.sorted { boxes[$0].minX < boxes[$1].minX } }
    }

    static func overlapX(_ a: Box, _ b: Box, _ tol: Int) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > tol
    }

    /// Kahn's algorithm choosing the top-most (then left-most) free element. Returns nil at a
    /// cycle, unless `breakingCycles`: then the top-most remaining element is taken.
    private static func topologicalSort(_ boxes: [Box], _ edges: [(Int, Int)], breakingCycles: Bool = false) -> [Int]? {
        var successors = Array(repeating: [Int](), count: boxes.count)
        var indegree = Array(repeating: 0, count: boxes.count)
        for (a, b) in edges { successors[a].append(b); indegree[b] += 1 }
        var done = Array(repeating: false, count: boxes.count)
        var result: [Int] = []
        result.reserveCapacity(boxes.count)
        let key: (Int) -> (Int, Int) = { (boxes[$0].minY, boxes[$0].minX) }
        while result.count < boxes.count {
            // The first free element with the smallest key (as `min` over the free ones in index
            // order picks it), or, with none free, the first remaining one with the smallest key.
            var pickFree: Int?, pickAny: Int?
            for i in 0..<boxes.count where !done[i] {
                if pickAny.map({ key(i) < key($0) }) ?? true { pickAny = i }
                if indegree[i] == 0, pickFree.map({ key(i) < key($0) }) ?? true { pickFree = i }
            }
            if pickFree == nil && !breakingCycles { return nil }
            let pick = (pickFree ?? pickAny)!
            done[pick] = true
            result.append(pick)
            for s in successors[pick] { indegree[s] -= 1 }
        }
        return result
    }
}
