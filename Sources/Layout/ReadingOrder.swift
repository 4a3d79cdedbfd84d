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
    static func order(_ boxes: [Box], separators: [Box] = [], tolerance: Int = 2) -> [Int] {
        let n = boxes.count
        guard n > 1 else { return Array(0..<n) }
        var successors = Array(repeating: [Int](), count: n)
        var indegree = Array(repeating: 0, count: n)
        let blockers = boxes + separators
        for a in 0..<n {
            for b in 0..<n where a != b && precedes(a, b, boxes, blockers, tolerance) {
                successors[a].append(b); indegree[b] += 1
            }
        }
        return topologicalSort(boxes, successors, indegree)
    }

    private static func precedes(_ a: Int, _ b: Int, _ boxes: [Box], _ blockers: [Box], _ tol: Int) -> Bool {
        let ba = boxes[a], bb = boxes[b]
        if overlapX(ba, bb, tol) {
            return ba.midY < bb.midY
        }
        guard ba.maxX <= bb.minX + tol else { return false }
        let top = min(ba.maxY, bb.maxY), bottom = max(ba.minY, bb.minY)
        guard top < bottom else { return true }
        for (i, c) in blockers.enumerated() where i != a && i != b {
            if c.minY >= top - tol, c.maxY <= bottom + tol, overlapX(c, ba, tol), overlapX(c, bb, tol) {
                return false
            }
        }
        return ba.minY < bb.minY || columnReaches(from: a, upTo: b, boxes, tol)
    }

    /// For `a` below and left of `b`: true when `a`'s column (an element overlapping `a`
    /// horizontally and lying left of `b`) reaches up to `b`'s level. Without it, a line below
    /// and left of a lone right-hand line (a date, a signature) is not put before it.
    private static func columnReaches(from a: Int, upTo b: Int, _ boxes: [Box], _ tol: Int) -> Bool {
        let ba = boxes[a], bb = boxes[b]
        return boxes.contains { c in
            c.minY <= bb.maxY && c.maxX <= bb.minX + tol && overlapX(c, ba, tol)
        }
    }

    static func overlapX(_ a: Box, _ b: Box, _ tol: Int) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > tol
    }

    /// Kahn's algorithm choosing the top-most (then left-most) free element; a cycle is broken
    /// by taking the top-most remaining element.
    private static func topologicalSort(_ boxes: [Box], _ successors: [[Int]], _ indegree: [Int]) -> [Int] {
        var indegree = indegree
        var done = Array(repeating: false, count: boxes.count)
        var result: [Int] = []
        let key: (Int) -> (Int, Int) = { (boxes[$0].minY, boxes[$0].minX) }
        while result.count < boxes.count {
            let remaining = (0..<boxes.count).filter { !done[$0] }
            let free = remaining.filter { indegree[$0] == 0 }
            let pick = (free.isEmpty ? remaining : free).min { key($0) < key($1) }!
            done[pick] = true
            result.append(pick)
            for s in successors[pick] { indegree[s] -= 1 }
        }
        return result
    }
}
