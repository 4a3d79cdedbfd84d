import DocumentModel

/// Dot leaders read from the page instead of from Tesseract.
///
/// A table of contents, an index, a form or a price list joins an entry to its number with a
/// row of spaced dots ("Power Counting . . . . . . 6"). Tesseract reads such a row as a few
/// dots with invented characters ("2...", "0. ee") or as nothing at all. Here the row is found
/// among the line's ink components (at least `minimumDots` dots, evenly spaced, nothing else
/// between them) and the words read over it are replaced by one "." per dot, as the page shows
/// them and as a PDF's text layer gives them. Close-set dots ("......") are left to Tesseract,
/// which reads them well.
enum DotLeaders {
    /// The fewest dots that make a leader.
    static let minimumDots = 4
    /// The confidence given to a dot read this way: its evidence is geometric (a dot among
    /// evenly spaced dots), not the engine's.
    static let dotConfidence = 90.0

    /// True when `line` may hold a leader worth looking for in the image: a word with two dots
    /// in a row, or a gap between two words wider than three x-heights (`xHeight` in pixels).
    static func mayHoldLeader(_ line: Line, xHeight: Double) -> Bool {
        if line.words.contains(where: { $0.text.contains("..") || $0.text.contains("…") }) { return true }
        let words = line.words.sorted { $0.box.x < $1.box.x }
        return zip(words, words.dropFirst()).contains { Double($1.box.x - $0.box.maxX) > 3 * xHeight }
    }

    /// The leaders among `components` (ink components of one text line whose box is `line`,
    /// text x-height `xHeight` pixels): each a run of dot boxes, left to right. A dot is a small
    /// roundish component (at most 0.6 x-height each way) sitting on the line's baseline (the
    /// median bottom of its letters, within a quarter x-height: the broken dashes of a rule
    /// under the line are no leader); a run is at least `minimumDots` dots in a row with no
    /// other component between them, their centres evenly spaced (each step within 0.6–1.6 of
    /// the median step) and apart (the median step at least 2.5 dot widths). No letters, no
    /// baseline, no leader.
    static func find(in components: [Box], line: Box, xHeight: Double) -> [[Box]] {
        let inLine = components.filter { $0.midY >= Double(line.y) && $0.midY <= Double(line.maxY) }.sorted { $0.x < $1.x }
        func isSmall(_ b: Box) -> Bool {
            let largest = Double(max(b.width, b.height)), smallest = Double(min(b.width, b.height))
            return largest <= 0.6 * xHeight && largest <= 2.5 * smallest + 1
        }
        let letters = inLine.filter { !isSmall($0) && Double($0.height) >= 0.5 * xHeight }.map(\.maxY).sorted()
        guard !letters.isEmpty else { return [] }
        let baseline = Double(letters[letters.count / 2])
        let tolerance = max(2, 0.25 * xHeight)
        func isDot(_ b: Box) -> Bool { isSmall(b) && abs(Double(b.maxY) - baseline) <= tolerance }
        var leaders: [[Box]] = []
        var run: [Box] = []
        for box in inLine {
            if isDot(box) { run.append(box); continue }
            leaders += evenRuns(run)
            run = []
        }
        leaders += evenRuns(run)
        return leaders
    }

    /// The evenly spaced runs of at least `minimumDots` among `dots` (left to right).
    private static func evenRuns(_ dots: [Box]) -> [[Box]] {
        guard dots.count >= minimumDots else { return [] }
        let steps = zip(dots, dots.dropFirst()).map { $1.midX - $0.midX }.sorted()
        let step = steps[steps.count / 2]
        let widths = dots.map(\.width).sorted()
        guard step >= 2.5 * Double(widths[widths.count / 2]) else { return [] }
        var runs: [[Box]] = []
        var current = [dots[0]]
        for (previous, dot) in zip(dots, dots.dropFirst()) {
            let gap = dot.midX - previous.midX
            if gap >= 0.6 * step && gap <= 1.6 * step {
                current.append(dot)
            } else {
                if current.count >= minimumDots { runs.append(current) }
                current = [dot]
            }
        }
        if current.count >= minimumDots { runs.append(current) }
        return runs
    }

    /// `line` with the words read over `leaders` replaced by their dots: a word whose box lies
    /// at least half within a leader's span goes; every dot not inside a kept word becomes a "."
    /// word. Nil when nothing changes.
    static func applying(_ leaders: [[Box]], to line: Line) -> Line? {
        guard !leaders.isEmpty else { return nil }
        let spans = leaders.map { (start: $0[0].x, end: $0[$0.count - 1].maxX) }
        func overlap(_ word: Word, _ span: (start: Int, end: Int)) -> Int {
            max(0, min(word.box.maxX, span.end) - max(word.box.x, span.start))
        }
        let kept = line.words.filter { word in
            !spans.contains { 2 * overlap(word, $0) >= max(1, word.box.width) }
        }
        let dots = leaders.joined().filter { dot in
            !kept.contains { $0.box.intersection(dot) != nil }
        }.map { Word(text: ".", confidence: dotConfidence, box: $0) }
        guard !dots.isEmpty else { return nil }
        var result = line
        result.words = (kept + dots).sorted { $0.box.x < $1.box.x }
        result.text = result.words.map(\.text).joined(separator: " ")
        result.box = Box.enclosing(result.words.map(\.box)) ?? line.box
        result.confidence = result.words.map(\.confidence).reduce(0, +) / Double(result.words.count)
        return result
    }
}
