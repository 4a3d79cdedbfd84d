/// "Did you mean …?" suggestions by edit distance (optimal string alignment: insertions,
/// deletions, substitutions and swaps of neighbours each count 1).
public enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    /// Case differences alone always qualify.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let sameLetters = candidates.first(where: { $0.lowercased() == lowered }) { return sameLetters }
        let limit = word.count <= 4 ? 1 : (word.count <= 8 ? 2 : 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let d = distance(lowered, candidate.lowercased())
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.candidate
    }

    /// Optimal-string-alignment distance between `a` and `b` (characters, not bytes).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
