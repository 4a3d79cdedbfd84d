/// Mapping text coordinates between an image and a scaled copy or a crop of it (OCR reads small
/// text on an enlarged copy, a narrow column of text on a crop; what is stored is in the
/// original image's pixels).
extension Box {
    /// The box on an image scaled by `factor`: each edge is scaled and rounded, so boxes that
    /// touch still touch.
    public func scaled(by factor: Double) -> Box {
        func s(_ v: Int) -> Int { Int((Double(v) * factor).rounded()) }
        let left = s(x), top = s(y)
        return Box(x: left, y: top, width: s(maxX) - left, height: s(maxY) - top)
    }

    /// The box moved by (`dx`, `dy`) pixels.
    public func translated(dx: Int, dy: Int) -> Box { Box(x: x + dx, y: y + dy, width: width, height: height) }
}

extension PageText {
    /// The same text with every word, line and region box scaled by `factor`.
    public func scaled(by factor: Double) -> PageText {
        guard factor != 1 else { return self }
        var copy = self
        copy.lines = lines.map { line in
            var line = line
            line.box = line.box.scaled(by: factor)
            line.words = line.words.map { word in
                var word = word
                word.box = word.box.scaled(by: factor)
                word.fontSize = word.fontSize.map { $0 * factor }
                return word
            }
            return line
        }
        copy.regions = regions.map { RegionHint(kind: $0.kind, box: $0.box.scaled(by: factor), index: $0.index) }
        return copy
    }

    /// The same text with every word, line and region box moved by (`dx`, `dy`) pixels: from a
    /// crop's coordinates to those of the image it was cut from, when (`dx`, `dy`) is its origin.
    public func translated(dx: Int, dy: Int) -> PageText {
        guard dx != 0 || dy != 0 else { return self }
        var copy = self
        copy.lines = lines.map { line in
            var line = line
            line.box = line.box.translated(dx: dx, dy: dy)
            line.words = line.words.map { word in
                var word = word
                word.box = word.box.translated(dx: dx, dy: dy)
                return word
            }
            return line
        }
        copy.regions = regions.map { RegionHint(kind: $0.kind, box: $0.box.translated(dx: dx, dy: dy), index: $0.index) }
        return copy
    }
}
