extension PageText {
    /// The page without the words for which `isRemoved` is true: a line keeps its other words
    /// (its text, box and mean confidence recomputed from them) and disappears when none is left.
    public func removingWords(where isRemoved: (Word) -> Bool) -> PageText {
        var result = self
        result.lines = lines.compactMap { line -> Line? in
            let kept = line.words.filter { !isRemoved($0) }
            if kept.count == line.words.count { return line }
            guard !kept.isEmpty, let box = Box.enclosing(kept.map(\.box)) else { return nil }
            var trimmed = line
            trimmed.words = kept
            trimmed.text = kept.map(\.text).joined(separator: " ")
            trimmed.box = box
            trimmed.confidence = kept.map(\.confidence).reduce(0, +) / Double(kept.count)
            return trimmed
        }
        return result
    }
}
