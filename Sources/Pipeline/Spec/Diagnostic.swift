/// One problem found in a pipeline file, with its position (1-based), rendered
/// `file:line:column: message` (warnings: `file:line:column: warning: message`).
/// A diagnostic about the whole file (e.g. it cannot be read) has line 0 and renders `file: message`.
public struct Diagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable {
        /// The file cannot be used.
        case error
        /// The file works, but probably not as meant (e.g. custom words without language correction).
        case warning
    }

    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var severity: Severity

    public init(file: String, line: Int, column: Int, message: String, severity: Severity = .error) {
        self.file = file; self.line = line; self.column = column
        self.message = message; self.severity = severity
    }

    public var description: String {
        let position = line > 0 ? "\(file):\(line):\(column)" : file
        return severity == .warning ? "\(position): warning: \(message)" : "\(position): \(message)"
    }
}

/// A pipeline file that cannot be used, with every problem found in it (errors and warnings,
/// in file order). Thrown by ``PipelineLoader/load(path:)``.
public struct PipelineFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pipeline file as the user named it.
    public var path: String
    public var diagnostics: [Diagnostic]

    public init(path: String, diagnostics: [Diagnostic]) {
        self.path = path; self.diagnostics = diagnostics
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// At most this many diagnostics are printed; the rest are counted ("… and N more").
    public static let printLimit = 50

    /// The lines to print: the first ``printLimit`` diagnostics, then how many more there are
    /// (a file with thousands of mistakes must not flood the terminal or a log).
    public var printedDiagnostics: [String] {
        let shown = diagnostics.prefix(Self.printLimit).map(\.description)
        let rest = diagnostics.count - shown.count
        return rest > 0 ? shown + ["… and \(rest) more problem\(rest == 1 ? "" : "s") in \(path)"] : shown
    }

    /// One diagnostic per line (at most ``printLimit``, then a count of the rest).
    public var description: String { printedDiagnostics.joined(separator: "\n") }
}

/// The outcome of validating a pipeline file: the spec when there is no error, and every
/// diagnostic (warnings may accompany a valid spec).
public struct PipelineValidation: Sendable, Equatable {
    public var path: String
    /// nil when at least one diagnostic is an error.
    public var spec: PipelineSpec?
    public var diagnostics: [Diagnostic]

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}
