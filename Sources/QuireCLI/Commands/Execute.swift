import Foundation
import Pipeline
import SQLite

/// `quire run PIPELINE`.
func executeRun(_ options: RunOptions) throws -> Int32 {
    let spec = try PipelineLoader.load(path: options.pipeline)
    let request = RunRequest(command: .run, workers: options.workers,
                             progress: progressMode(options.progress, quiet: options.quiet))
    return try finish(Runner(spec: spec, pipelinePath: absolute(options.pipeline), request: request).run())
}

/// `quire rerun PIPELINE --failed | --stage STAGE [--document GLOB]… [--force]`.
func executeRerun(_ options: RerunOptions) throws -> Int32 {
    guard options.failedOnly || options.stage != nil else {
        throw UsageError("say what to rerun: --failed, --stage STAGE, or both", command: "rerun")
    }
    let spec = try PipelineLoader.load(path: options.pipeline)
    let stage = options.stage.map { Stage(rawValue: $0.rawValue)! }
    let request = RunRequest(command: .rerun(failedOnly: options.failedOnly, stage: stage,
                                             documents: options.documents, force: options.force),
                             workers: options.workers, progress: progressMode(options.progress, quiet: options.quiet))
    return try finish(Runner(spec: spec, pipelinePath: absolute(options.pipeline), request: request).run())
}

/// `quire status DB [--json]`.
func executeStatus(_ options: StatusOptions) throws -> Int32 {
    let report = try Store(path: options.database, readOnly: true).statusReport()
    if options.json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        write(String(decoding: try encoder.encode(report), as: UTF8.self), to: .stdout)
    } else {
        write(report.text, to: .stdout)
    }
    return ExitCode.success.rawValue
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

/// Prints the run's summary to stderr and turns its status into the exit code.
private func finish(_ summary: RunSummary) throws -> Int32 {
    let c = summary.counts
    var lines = [String(format: "%@: %d page(s) done, %d failed, %d unchanged; %d new document(s), %d failed; %.1f s (%.1f pages/min)",
                        summary.status.rawValue, c.pagesDone, c.pagesFailed, c.pagesSkipped, c.documentsNew,
                        c.documentsFailed, summary.seconds, summary.pagesPerMinute)]
    for f in summary.failures.prefix(20) {
        lines.append("  failed: \(f.path)" + (f.page.map { " page \($0)" } ?? "") + (f.stage.map { " [\($0)]" } ?? "")
                     + ": \(f.error)")
    }
    if summary.failures.count > 20 { lines.append("  … and \(summary.failures.count - 20) more (quire status \(summary.database))") }
    if summary.failedPagesWaiting > 0 {
        lines.append("  \(summary.failedPagesWaiting) failed page(s) can be retried: quire rerun PIPELINE --failed")
    }
    if summary.exhaustedPages > 0 {
        lines.append("  \(summary.exhaustedPages) failed page(s) reached max_attempts and are left alone (rerun --failed --force)")
    }
    // File names and library messages may hold control characters: escaped, never sent raw.
    write(lines.map(TerminalText.safe).joined(separator: "\n"), to: .stderr)
    switch summary.status {
    case .interrupted: return ExitCode.interrupted.rawValue
    case .completed where c.pagesFailed > 0 || c.documentsFailed > 0: return ExitCode.pagesFailed.rawValue
    default: return ExitCode.success.rawValue
    }
}

private func progressMode(_ mode: ProgressMode, quiet: Bool) -> Pipeline.ProgressMode {
    if quiet { return .quiet }
    switch mode {
    case .auto: return .auto
    case .plain: return .plain
    case .json: return .json
    }
}

private func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
}

extension Store.OpenError: ExitCodeProviding {
    public var exitCode: ExitCode {
        switch self {
        case .busy: return .databaseBusy
        case .unusable: return .databaseUnusable
        }
    }
}

extension SQLiteError: ExitCodeProviding {
    public var exitCode: ExitCode { .databaseUnusable }
}
