/// Geometry in page pixel coordinates, top-left origin (x grows right, y grows down).

/// An axis-aligned rectangle in page pixels.
public struct Box: Codable, Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var minX: Int { x }
    public var minY: Int { y }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var midX: Double { Double(x) + Double(width) / 2 }
    public var midY: Double { Double(y) + Double(height) / 2 }
    public var area: Int { max(0, width) * max(0, height) }

    /// The box grown by `margin` pixels on every side.
    public func expanded(by margin: Int) -> Box {
        Box(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    /// The smallest box holding both.
    public func union(_ other: Box) -> Box {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return Box(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The overlap of both, or nil when they do not overlap.
    public func intersection(_ other: Box) -> Box? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Box(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether this box covers at least four fifths of `inner`'s area.
    public func coversMostOf(_ inner: Box) -> Bool {
        guard let common = intersection(inner) else { return false }
        return common.width * common.height * 5 >= inner.width * inner.height * 4
    }

    /// The union of a non-empty sequence of boxes; nil when empty.
    public static func enclosing<S: Sequence>(_ boxes: S) -> Box? where S.Element == Box {
        var it = boxes.makeIterator()
        guard var acc = it.next() else { return nil }
        while let b = it.next() { acc = acc.union(b) }
        return acc
    }
}

/// A point in page pixels.
public struct Point: Codable, Sendable, Hashable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// A straight ruling-line segment detected on the page image (table borders, separators).
public struct RulingLine: Codable, Sendable, Hashable {
    public enum Orientation: String, Codable, Sendable { case horizontal, vertical }
    public var orientation: Orientation
    /// For horizontal lines: y is the line's centre, x0...x1 its extent. For vertical: x, y0...y1.
    public var position: Int
    public var start: Int
    public var end: Int
    /// Stroke thickness in pixels.
    public var thickness: Int

    public init(orientation: Orientation, position: Int, start: Int, end: Int, thickness: Int = 1) {
        self.orientation = orientation; self.position = position
        self.start = start; self.end = end; self.thickness = thickness
    }
    public var length: Int { end - start }

    /// The same segment in a frame `factor` times finer (e.g. from a 100-dpi raster to 300 dpi).
    public func scaled(by factor: Double) -> RulingLine {
        guard factor != 1 else { return self }
        func s(_ v: Int) -> Int { Int((Double(v) * factor).rounded()) }
        return RulingLine(orientation: orientation, position: s(position), start: s(start), end: s(end),
                          thickness: max(1, s(thickness)))
    }
}
