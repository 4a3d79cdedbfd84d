/// A position in a YAML text: 1-based line and column (libyaml's marks are 0-based; we add one).
/// Columns count characters (Unicode scalars), as libyaml does.
public struct Mark: Sendable, Hashable, Codable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line; self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
