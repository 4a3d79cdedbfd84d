import Foundation

/// What to run, beyond the pipeline file.
public struct RunRequest: Sendable {
    public enum Command: Sendable, Equatable {
        case run
        /// `failedOnly`: failed pages only; `stage`: redo that stage (and the ones after it);
        /// `documents`: only documents whose path matches one of these globs (all when empty);
        /// `force`: ignore `max_attempts`.
        case rerun(failedOnly: Bool, stage: Stage?, documents: [String], force: Bool)
    }
    public var command: Command
    /// Overrides `run.workers` of the pipeline.
    public var workers: Int?
    public var progress: ProgressMode
    /// The quire binary to start workers from (default: this process's own executable).
    public var workerExecutable: String
    /// `--log-file PATH`: every progress event is also appended there as a JSON line.
    public var logFile: String?
    /// The command line as given (recorded in the `runs` table).
    public var arguments: [String]
    /// `run --shard i/N`: only the plan's documents and page ranges for this shard (docs/scale-out.md).
    public var shard: ShardSelection? = nil
    /// `merge`: no discovery and no pages, only the document passes owed (after shards are folded in).
    public var passesOnly = false

    public init(command: Command = .run, workers: Int? = nil, progress: ProgressMode = .auto,
                workerExecutable: String = Runner.ownExecutable, logFile: String? = nil, arguments: [String] = []) {
        self.command = command; self.workers = workers; self.progress = progress
        self.workerExecutable = workerExecutable; self.logFile = logFile; self.arguments = arguments
    }
}

/// How progress is shown on stderr.
public enum ProgressMode: String, Sendable, CaseIterable {
    /// A live line on a terminal, JSON lines otherwise.
    case auto
    /// One line per page.
    case plain
    /// JSON lines (one event per line).
    case json
    /// Nothing but the final summary.
    case quiet
}

/// A failed page or document, for the summary.
public struct FailureNote: Codable, Sendable, Equatable {
    public var path: String
    public var page: Int?
    public var stage: String?
    public var error: String

    /// The error without the leading "PATH: " that library errors carry (the summary names
    /// the path once, before it).
    public var reason: String { reasonText(error, path: path) }
}

/// `message` without a leading "`path`: ", so a line that already names the file does not name it twice.
func reasonText(_ message: String, path: String) -> String {
    message.hasPrefix(path + ": ") ? String(message.dropFirst(path.count + 2)) : message
}

/// How a run ended.
public struct RunSummary: Codable, Sendable {
    public var runID: Int64
    public var status: RunStatus
    public var counts: RunCounts
    public var seconds: Double
    public var failures: [FailureNote]
    public var warnings: [String]
    public var database: String
    /// Failed pages not retried because they reached `max_attempts`.
    public var exhaustedPages: Int
    /// Failed pages (this run's and earlier ones) that `quire rerun --failed` would retry.
    public var failedPagesWaiting: Int
    /// Input roots that held no files, or whose patterns matched none.
    public var emptyInputs: [String] = []
    /// Failed pages (of any run) whose file still exists: they keep the exit code at 1.
    public var failedPagesOfExistingFiles = 0
    /// What the summary must say besides counts: files changed while processed, dated in the
    /// future, special files skipped.
    public var notices: [String] = []
    /// Pages the document passes worked on again (running headers and footers, date order).
    public var documentPassPages = 0

    public init(runID: Int64, status: RunStatus, counts: RunCounts, seconds: Double, failures: [FailureNote],
                warnings: [String], database: String, emptyInputs: [String] = [], notices: [String] = [], exhaustedPages: Int,
                failedPagesWaiting: Int) {
        self.notices = notices
        self.runID = runID; self.status = status; self.counts = counts; self.seconds = seconds
        self.failures = failures; self.warnings = warnings; self.database = database; self.emptyInputs = emptyInputs
        self.exhaustedPages = exhaustedPages; self.failedPagesWaiting = failedPagesWaiting
    }

    /// The exit status the run ends with: 130 when interrupted, 66 when an input held no files
    /// (or matched none), 1 when pages or documents it processed failed or failed pages of
    /// earlier runs still wait (a cron job must not read 0 while failures wait: `rerun --failed`,
    /// or `--force` past `max_attempts`), 0 otherwise (the README's table of exit codes).
    public var exitStatus: ExitCode {
        switch status {
        case .interrupted: return .interrupted
        case .completed where !emptyInputs.isEmpty: return .noInput
        case .completed where counts.pagesFailed > 0 || counts.documentsFailed > 0: return .pagesFailed
        case .completed where failedPagesOfExistingFiles > 0: return .pagesFailed
        default: return .success
        }
    }

    /// ``exitStatus`` as the process's exit status.
    public var exitCode: Int32 { exitStatus.rawValue }

    public var pagesPerMinute: Double {
        seconds > 0 ? Double(counts.pagesDone + counts.pagesFailed) / seconds * 60 : 0
    }
}
