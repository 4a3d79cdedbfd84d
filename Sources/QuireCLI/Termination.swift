import Pipeline

/// What quire prints and returns when a command ends with an error.
public struct Termination: Equatable, Sendable {
    public enum Stream: Sendable { case stdout, stderr }
    public var message: String
    public var stream: Stream
    public var exitCode: ExitCode

    public init(message: String, stream: Stream = .stderr, exitCode: ExitCode) {
        self.message = message; self.stream = stream; self.exitCode = exitCode
    }
}

/// The one place that maps an error to a message, a stream and an exit code.
public func termination(for error: any Error) -> Termination {
    switch error {
    case let usage as UsageError:
        return Termination(message: usage.description, exitCode: .usage)
    case let file as PipelineFileError:
        let count = file.errors.count
        let summary = "Error: '\(file.path)' is not a valid pipeline file (\(count) problem\(count == 1 ? "" : "s"))."
        return Termination(message: (file.printedDiagnostics + [summary]).joined(separator: "\n"),
                           exitCode: .invalidPipeline)
    case let known as any ExitCodeProviding:
        return Termination(message: known.exitCode == .interrupted ? "Interrupted." : "Error: \(known.description)",
                           exitCode: known.exitCode)
    case is CancellationError:
        return Termination(message: "Interrupted.", exitCode: .interrupted)
    default:
        return Termination(message: "Error: internal error: \(error)", exitCode: .internalError)
    }
}
