import Pipeline
import Foundation

/// The whole program: parse → validate → run. `arguments` includes the program name
/// (pass `CommandLine.arguments`); returns the exit code.
public func quireMain(_ arguments: [String]) -> Int32 {
    HeapRetention.apply()
    do {
        let command = try CommandParser.parse(Array(arguments.dropFirst()))
        return try execute(command, arguments: arguments)
    } catch {
        let end = termination(for: error)
        write(end.message, to: end.stream)
        return end.exitCode.rawValue
    }
}

/// Runs a parsed command; help and version print to stdout. `arguments` (with the program
/// name) are recorded with each run.
func execute(_ command: ParsedCommand, arguments: [String] = []) throws -> Int32 {
    switch command {
    case .help(let text):
        write(text, to: .stdout)
        return ExitCode.success.rawValue
    case .version:
        write("quire \(CommandInfo.version)", to: .stdout)
        return ExitCode.success.rawValue
    case .validate(let options): return try executeValidate(options)
    case .run(let options): return try executeRun(options, arguments: arguments)
    case .status(let options): return try executeStatus(options)
    case .rerun(let options): return try executeRerun(options, arguments: arguments)
    case .export(let options): return try executeExport(options)
    case .search(let options): return try executeSearch(options)
    case .worker(let options): return try executeWorker(options)
    case .plan(let options): return try executePlan(options)
    case .merge(let options): return try executeMerge(options, arguments: arguments)
    }
}

/// Writes `text` and a newline, unbuffered for stderr.
func write(_ text: String, to stream: Termination.Stream) {
    switch stream {
    case .stdout:
        print(text)
    case .stderr:
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
