import Pipeline

/// An error that knows its exit code. Conform error types thrown by command execution
/// (database, runner) so ``termination(for:)`` reports them with the right code.
public protocol ExitCodeProviding: Error, CustomStringConvertible {
    var exitCode: ExitCode { get }
}

/// A command's failure with a message for the user and an exit code.
public struct CommandFailure: ExitCodeProviding, Equatable {
    public var exitCode: ExitCode
    public var message: String

    public init(_ exitCode: ExitCode, _ message: String) {
        self.exitCode = exitCode; self.message = message
    }

    public var description: String { message }
}
