/// A command line quire cannot understand. Reported as `Error: …`, the usage line and
/// "See 'quire <command> --help'.", exit 64.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// The subcommand being parsed (nil: the top level).
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message; self.command = command
    }

    /// The full text written to stderr.
    public var description: String {
        let usage = command.flatMap { CommandInfo.named($0)?.usage } ?? CommandInfo.topUsage
        let helpHint = command.map { "See 'quire \($0) --help'." } ?? "See 'quire --help'."
        return "Error: \(message)\nUsage: \(usage)\n\(helpHint)"
    }
}
