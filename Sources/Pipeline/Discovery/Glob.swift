#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path pattern relative to an input root: `*`, `?` and `[...]` match within one path
/// segment (libc `fnmatch(3)`), and a segment that is exactly `**` matches any number of
/// segments, including none. `*` also matches names starting with a dot.
///
/// `Glob("**/*.pdf").matches("2024/05/scan.pdf")` is true, and so is `matches("scan.pdf")`.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    /// Compare letters without regard to case (glibc's `FNM_CASEFOLD`).
    public let ignoreCase: Bool
    private let segments: [String]

    public init(_ pattern: String, ignoreCase: Bool = false) {
        self.pattern = pattern
        self.ignoreCase = ignoreCase
        segments = Glob.split(pattern)
    }

    public var description: String { pattern }

    /// Why `pattern` cannot be used as an input glob, or nil when it is fine.
    public static func problem(with pattern: String) -> String? {
        if pattern.isEmpty { return "the pattern is empty" }
        if pattern.hasPrefix("/") { return "the pattern must be relative to the input root (remove the leading '/')" }
        if split(pattern).contains("..") { return "the pattern may not leave the input root ('..')" }
        return nil
    }

    /// True when `relativePath` (segments separated by `/`, no leading `/`) matches.
    public func matches(_ relativePath: String) -> Bool {
        let path = Glob.split(relativePath)
        // matched[i][j]: segments[i...] match path[j...]. Filled from the end; linear in
        // pattern × path size, so many `**` cannot make it exponential.
        let rows = segments.count, cols = path.count
        var matched = Array(repeating: Array(repeating: false, count: cols + 1), count: rows + 1)
        matched[rows][cols] = true
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: cols, through: 0, by: -1) {
                if segments[i] == "**" {
                    // Zero segments, or swallow path[j] and stay on `**`.
                    matched[i][j] = matched[i + 1][j] || (j < cols && matched[i][j + 1])
                } else {
                    matched[i][j] = j < cols && matched[i + 1][j + 1] && matchSegment(segments[i], path[j])
                }
            }
        }
        return matched[0][0]
    }

    private func matchSegment(_ pattern: String, _ name: String) -> Bool {
        // fnmatch(3): "returns zero if string matches pattern, FNM_NOMATCH if there is no match".
        // No FNM_PATHNAME/FNM_PERIOD: segments hold no '/', and dot files are ordinary names.
        fnmatch(pattern, name, ignoreCase ? Glob.caseFold : 0) == 0
    }

    private static let caseFold: Int32 = 1 << 4  // FNM_CASEFOLD (GNU), not exported to Swift

    private static func split(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true)
            .map(String.init)
            .filter { $0 != "." }
    }
}
