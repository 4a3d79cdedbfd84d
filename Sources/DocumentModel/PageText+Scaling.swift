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
        return mappingBoxes({ $0.scaled(by: factor) }, fontSize: { $0 * factor })
    }

    /// The same text with every word, line and region box moved by (`dx`, `dy`) pixels: from a
    /// crop's coordinates to those of the image it was cut from, when (`dx`, `dy`) is its origin.
    public func translated(dx: Int, dy: Int) -> PageText {
        guard dx != 0 || dy != 0 else { return self }
        return mappingBoxes({ $0.translated(dx: dx, dy: dy) }, fontSize: { $0 })
    }

    /// The same text with `box` applied to every word, line and region box and `fontSize` to
    /// every word's font size.
    private func mappingBoxes(_ box: (Box) -> Box, fontSize: (Double) -> Double) -> PageText {
        var copy = self
        copy.lines = lines.map { line in
            var line = line
            line.box = box(line.box)
            line.words = line.words.map { word in
                var word = word
                word.box = box(word.box)
                word.fontSize = word.fontSize.map(fontSize)
                return word
            }
            return line
        }
        copy.regions = regions.map { RegionHint(kind: $0.kind, box: box($0.box), index: $0.index) }
        return copy
    }
}
