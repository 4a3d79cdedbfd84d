import Foundation
import Pipeline
import SQLite

/// `quire run PIPELINE`.
func executeRun(_ options: RunOptions, arguments: [String]) throws -> Int32 {
    if let shard = options.shard { return try executeShardRun(options, shard: shard, arguments: arguments) }
    if options.dryRun {
        let spec = try PipelineLoader.load(path: options.pipeline)
        let runner = try Runner(spec: spec, pipelinePath: absolute(options.pipeline),
                                request: RunRequest(command: .run, progress: .quiet))
        let report = try runner.dryRun()
        write(report.text(limit: options.all ? Int.max : 10), to: .stdout)
        return report.emptyInputs.isEmpty ? ExitCode.success.rawValue : ExitCode.noInput.rawValue
    }
    let screen = ScreenMode(options.progress, quiet: options.quiet)
    return try screen.reportingErrors {
        let spec = try PipelineLoader.load(path: options.pipeline)
        let request = RunRequest(command: .run, workers: options.workers, progress: screen.pipelineMode,
                                 logFile: options.logFile, arguments: arguments)
        return finish(try Runner(spec: spec, pipelinePath: absolute(options.pipeline), request: request).run(),
                      pipeline: options.pipeline, screen: screen)
    }
}

/// `quire rerun PIPELINE --failed | --stage STAGE [--document GLOB]… [--force]`.
func executeRerun(_ options: RerunOptions, arguments: [String]) throws -> Int32 {
    guard options.failedOnly || options.stage != nil else {
        throw UsageError("say what to rerun: --failed, --stage STAGE, or both", command: "rerun")
    }
    if let shards = options.shards { return try executePlanFailed(options, shards: shards) }
    let screen = ScreenMode(options.progress, quiet: options.quiet)
    return try screen.reportingErrors {
        let spec = try PipelineLoader.load(path: options.pipeline)
        let stage = options.stage
        let request = RunRequest(command: .rerun(failedOnly: options.failedOnly, stage: stage,
                                                 documents: options.documents, force: options.force),
                                 workers: options.workers, progress: screen.pipelineMode,
                                 logFile: options.logFile, arguments: arguments)
        return finish(try Runner(spec: spec, pipelinePath: absolute(options.pipeline), request: request).run(),
                      pipeline: options.pipeline, screen: screen)
    }
}

/// `quire status PIPELINE|DB [--json] [--check]`.
func executeStatus(_ options: StatusOptions) throws -> Int32 {
    let target = try StatusTarget(options.database)
    let report = try Store(path: target.database, readOnly: true).statusReport()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase   // one JSON style: the progress events' snake_case
    guard options.check else {
        write(options.json ? String(decoding: try encoder.encode(report), as: UTF8.self) : report.text, to: .stdout)
        return ExitCode.success.rawValue
    }
    let hint = "quire rerun \(target.pipeline.map(shellQuoted) ?? "PIPELINE") --failed"
    let problems = report.problems(rerunHint: hint, isAlive: { kill(pid_t($0), 0) == 0 || errno == EPERM })
        + ShardStatus.problems(database: target.database)
    if options.json {
        struct Check: Encodable { var ok: Bool; var problems: [String] }
        write(String(decoding: try encoder.encode(Check(ok: problems.isEmpty, problems: problems)), as: UTF8.self), to: .stdout)
    } else {
        // One line per problem: a name holding a newline cannot forge another line.
        write(problems.isEmpty ? report.healthyLine : problems.map { "PROBLEM: " + TerminalText.safe($0) }.joined(separator: "\n"), to: .stdout)
    }
    return problems.isEmpty ? ExitCode.success.rawValue : ExitCode.pagesFailed.rawValue
}

/// What `status` was given: a database, or a pipeline file naming one.
private struct StatusTarget {
    var database: String
    var pipeline: String?

    /// A `.yml`/`.yaml` file that is not a SQLite database is read as a pipeline file; anything
    /// else is taken as the database (and refused by the store when it is not one).
    init(_ path: String) throws {
        let ext = (path as NSString).pathExtension.lowercased()
        if ["yml", "yaml"].contains(ext), FileManager.default.fileExists(atPath: path), !Self.isSQLite(path) {
            database = try PipelineLoader.load(path: path).database
            pipeline = path
        } else {
            database = path
        }
    }

    /// Every SQLite 3 database starts with this 16-byte header string.
    private static func isSQLite(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        return head == Data("SQLite format 3\u{0}".utf8)
    }
}

/// `quire __worker --memory-mib N` (hidden): a worker process, started by `run`.
func executeWorker(_ options: WorkerOptions) throws -> Int32 {
    var memoryMiB = 0
    var args = options.arguments[...]
    while let arg = args.popFirst() {
        if arg == "--memory-mib", let value = args.popFirst().flatMap({ Int($0) }) { memoryMiB = value }
    }
    return Worker.main(memoryMiB: memoryMiB)
}

/// Prints the run's summary to stderr (unless JSON lines already carry it, or `--quiet` and all
/// went well) and returns the run's exit code.
func finish(_ summary: RunSummary, pipeline: String, screen: ScreenMode) -> Int32 {
    guard screen.wantsPlainSummary(exitCode: summary.exitCode) else { return summary.exitCode }
    let c = summary.counts
    var lines = [String(format: "%@: %d page(s) done, %d failed, %d unchanged; %d new document(s), %d failed; %.1f s (%.1f pages/min)",
                        summary.status.rawValue, c.pagesDone, c.pagesFailed, c.pagesSkipped, c.documentsNew,
                        c.documentsFailed, summary.seconds, summary.pagesPerMinute)]
    let changes = [(c.documentsMoved, "moved"), (c.documentsMissing, "missing (no longer found)"),
                   (c.documentsSkipped, "skipped (not documents)"), (c.filesTooYoung, "too young (left for the next run)")]
        .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    if !changes.isEmpty { lines.append("  documents: " + changes.joined(separator: ", ")) }
    for input in summary.emptyInputs {
        lines.append("  warning: \(input) held no files or matched none (exit 66; allow_empty: true if that is normal)")
    }
    for notice in summary.notices.prefix(20) { lines.append("  note: \(notice)") }
    for f in summary.failures.prefix(20) {
        lines.append("  failed: \(f.path)" + (f.page.map { " page \($0)" } ?? "") + (f.stage.map { " [\($0)]" } ?? "")
                     + ": \(f.reason)")
    }
    if summary.failures.count > 20 { lines.append("  … and \(summary.failures.count - 20) more (quire status \(summary.database))") }
    if summary.failedPagesWaiting > 0 {
        lines.append("  \(summary.failedPagesWaiting) failed page(s) can be retried: quire rerun \(shellQuoted(pipeline)) --failed")
    }
    if summary.exhaustedPages > 0 {
        lines.append("  \(summary.exhaustedPages) failed page(s) reached max_attempts and are left alone "
                     + "(quire rerun \(shellQuoted(pipeline)) --failed --force)")
    }
    // File names and library messages may hold control characters: escaped, never sent raw.
    write(lines.map(TerminalText.safe).joined(separator: "\n"), to: .stderr)
    return summary.exitCode
}

/// How `run` and `rerun` talk on stderr: JSON lines only, a live line or plain lines, or
/// nothing unless something went wrong (`--quiet`).
struct ScreenMode {
    enum Kind { case json, human, quiet }
    let kind: Kind
    let pipelineMode: Pipeline.ProgressMode

    init(_ mode: ProgressMode, quiet: Bool) {
        if quiet {
            kind = .quiet; pipelineMode = .quiet
            return
        }
        switch mode {
        case .json: kind = .json; pipelineMode = .json
        case .plain: kind = .human; pipelineMode = .plain
        case .auto:
            // `auto`: a live line on a terminal, JSON lines otherwise (decided here, once, so the
            // summary follows the same choice).
            let terminal = isatty(STDERR_FILENO) != 0
            kind = terminal ? .human : .json
            pipelineMode = terminal ? .auto : .json
        }
    }

    /// With JSON lines, the `run_finished` event is the summary; `--quiet` prints it only when
    /// the run did not succeed, so a cron job mails only on trouble.
    func wantsPlainSummary(exitCode: Int32) -> Bool {
        switch kind {
        case .json: return false
        case .human: return true
        case .quiet: return exitCode != 0
        }
    }

    /// Runs `body`; in JSON mode an error that ends the command becomes one JSON line
    /// (`{"event":"error",…}`) so stderr stays parseable, and the exit code is returned.
    func reportingErrors(_ body: () throws -> Int32) throws -> Int32 {
        guard kind == .json else { return try body() }
        do {
            return try body()
        } catch {
            let end = termination(for: error)
            write(JSONValue.object(["event": "error", "time": .string(iso8601Timestamp()),
                                     "exit_code": .int(Int(end.exitCode.rawValue)), "message": .string(end.message)]),
                  to: .stderr)
            return end.exitCode.rawValue
        }
    }
}

func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
}

extension Store.OpenError: ExitCodeProviding {
    public var exitCode: ExitCode {
        switch self {
        case .busy: return .databaseBusy
        case .unusable, .notQuire, .replaced: return .databaseUnusable
        }
    }
}

extension LogFileError: ExitCodeProviding {
    public var exitCode: ExitCode { .databaseUnusable }
}

extension SQLiteError: ExitCodeProviding {
    public var exitCode: ExitCode { .databaseUnusable }
}
