/// A YAML text that could not be read or parsed. Carries libyaml's own message (`problem`,
/// `context`) and where it happened (1-based line and column; 0 when there is no position,
/// e.g. the file could not be read).
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or a label such as `<string>`) the text came from.
    public var file: String
    public var line: Int
    public var column: Int
    /// What went wrong, e.g. libyaml's "could not find expected ':'".
    public var problem: String
    /// libyaml's context ("while scanning a simple key") with its own position, if any.
    public var context: String?

    public init(file: String, line: Int, column: Int, problem: String, context: String? = nil) {
        self.file = file; self.line = line; self.column = column
        self.problem = problem; self.context = context
    }

    public init(file: String, mark: Mark, problem: String, context: String? = nil) {
        self.init(file: file, line: mark.line, column: mark.column, problem: problem, context: context)
    }

    /// `file:line:column: problem (context)`, the form compilers and editors understand.
    public var description: String {
        let position = line > 0 ? "\(file):\(line):\(column)" : file
        let suffix = context.map { " (\($0))" } ?? ""
        return "\(position): \(problem)\(suffix)"
    }
}
