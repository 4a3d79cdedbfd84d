extension PageDrawing {
    /// The smallest side an image or a drawing must have to hold a readable code: 10 pt
    /// (0.14 in; a small Data Matrix).
    public static let smallestCode = 10.0

    /// The places where this drawing could hold a barcode, in user space: each image at least
    /// ``smallestCode`` on both sides, each path of ten or more subpaths no larger than
    /// `largestCode` (a 2D code drawn as one path), and each cluster of small painted shapes that
    /// looks like a code: eight or more narrow bars side by side (their cluster no taller than
    /// its tallest bar, for vertical bars; a column of stacked table-cell dividers is not
    /// one), or twenty or more small square-ish modules. Shapes larger than `largestCode`
    /// (frames, backgrounds, long rulings) are not parts of a code.
    ///
    /// A page without any is text, rulings and frames only: it has no barcode to read.
    public func codeCandidates(largestCode: Double = 200, gap: Double = 4) -> [Rect] {
        var found = images.filter { $0.width >= Self.smallestCode && $0.height >= Self.smallestCode }
        var marks: [Rect] = []
        for shape in shapes {
            let b = shape.box
            guard max(b.width, b.height) <= largestCode else { continue }
            if shape.subpaths >= 10, min(b.width, b.height) >= Self.smallestCode {
                found.append(b)
            } else {
                marks.append(b)
            }
        }
        return found + Self.codeLikeClusters(marks, gap: gap)
    }

    /// Clusters of `marks` (boxes within `gap` of each other, transitively) that look like a code.
    static func codeLikeClusters(_ marks: [Rect], gap: Double) -> [Rect] {
        guard marks.count >= 8 else { return [] }
        return touchingGroups(marks, gap: gap).compactMap { group -> Rect? in
            guard group.count >= 8 else { return nil }
            let box = group.dropFirst().reduce(group[0]) { $0.union($1) }
            guard box.width >= smallestCode, box.height >= smallestCode else { return nil }
            let vertical = group.filter { $0.height >= 3 * $0.width }
            let horizontal = group.filter { $0.width >= 3 * $0.height }
            let tallest = vertical.map(\.height).max() ?? 0
            let widest = horizontal.map(\.width).max() ?? 0
            if vertical.count >= 8, box.height <= 1.5 * tallest, box.width >= smallestCode { return box }
            if horizontal.count >= 8, box.width <= 1.5 * widest, box.height >= smallestCode { return box }
            let modules = group.filter { max($0.width, $0.height) <= 12 && $0.height < 3 * $0.width && $0.width < 3 * $0.height }
            if modules.count >= 20, box.width <= 3 * box.height, box.height <= 3 * box.width { return box }
            return nil
        }
    }

    /// `rects` grouped where they come within `gap` of each other (transitively), each group in
    /// the order of `rects`, the groups in the order of their first member.
    public static func touchingGroups(_ rects: [Rect], gap: Double) -> [[Rect]] {
        let order = rects.indices.sorted { rects[$0].minX < rects[$1].minX }
        var parent = Array(rects.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        // Sweep in x: only rects starting before this one's end (plus the gap) can touch it.
        for (k, i) in order.enumerated() {
            let reach = rects[i].expanded(by: gap)
            var l = k + 1
            while l < order.count, rects[order[l]].minX <= reach.maxX {
                let j = order[l]
                if reach.intersects(rects[j]) { parent[root(j)] = root(i) }
                l += 1
            }
        }
        var groups: [Int: [Rect]] = [:], first: [Int] = []
        for i in rects.indices {
            let r = root(i)
            if groups[r] == nil { first.append(r) }
            groups[r, default: []].append(rects[i])
        }
        return first.map { groups[$0]! }
    }

    /// True when the walk stopped at `budget` or the content is over it.
    public func isOver(_ budget: DrawingBudget) -> Bool {
        !complete || operators > budget.operators || forms > budget.forms || softMasks > budget.softMasks
    }
}
