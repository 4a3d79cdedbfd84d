/// quire's exit codes (sysexits.h where one fits). Documented in `quire --help`.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Everything asked for was done.
    case success = 0
    /// The run finished, but some pages or documents failed (they are recorded in the database).
    case pagesFailed = 1
    /// Bad command line (EX_USAGE).
    case usage = 64
    /// The pipeline file has errors (EX_DATAERR).
    case invalidPipeline = 65
    /// A bug or an unexpected condition in quire itself (EX_SOFTWARE).
    case internalError = 70
    /// The database cannot be opened, read or written (EX_IOERR).
    case databaseUnusable = 74
    /// Another run holds the database; try again later (EX_TEMPFAIL).
    case databaseBusy = 75
    /// Stopped by SIGINT/SIGTERM (128 + SIGINT).
    case interrupted = 130
}

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
