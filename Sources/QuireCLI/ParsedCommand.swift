import Pipeline
/// The outcome of parsing a command line: what to do, with typed options. Pure data.
public enum ParsedCommand: Equatable, Sendable {
    case run(RunOptions)
    case validate(ValidateOptions)
    case status(StatusOptions)
    case rerun(RerunOptions)
    case export(ExportOptions)
    case search(SearchOptions)
    /// Scale-out (Commands/Shards.swift).
    case plan(PlanOptions)
    case merge(MergeOptions)
    /// The hidden `__worker` subcommand (spawned by the coordinator).
    case worker(WorkerOptions)
    /// Print this help text to stdout and exit 0.
    case help(String)
    /// Print `quire 0.1.0` and exit 0.
    case version
}

/// How progress is shown on stderr: `auto` (a live line on a terminal, plain otherwise),
/// `plain` (one line per event), `json` (one JSON object per line).
public enum ProgressMode: String, Sendable, CaseIterable {
    case auto, plain, json
}

/// A stage that `rerun --stage` can redo (with the stages that read its output): any stored
/// stage (`Stage.declared`).
public typealias RerunStage = Stage

/// `quire run PIPELINE [--workers N] [--progress auto|plain|json] [--quiet] [--log-file PATH]`
public struct RunOptions: Equatable, Sendable {
    public var pipeline: String
    /// Overrides `run.workers` of the pipeline file (1...64).
    public var workers: Int?
    public var progress: ProgressMode
    /// Nothing on stderr unless the run fails or is interrupted.
    public var quiet: Bool
    /// Every progress event is also appended to this file as a JSON line.
    public var logFile: String?
    /// Say what a run would do, changing nothing.
    public var dryRun: Bool
    /// With `dryRun`: every path, not the first 10 of each kind.
    public var all: Bool = false
    /// `--shard i/N|auto`: run one shard of the current plan (docs/scale-out.md).
    public var shard: String? = nil

    public init(pipeline: String, workers: Int? = nil, progress: ProgressMode = .auto, quiet: Bool = false,
                logFile: String? = nil, dryRun: Bool = false, all: Bool = false) {
        self.pipeline = pipeline; self.workers = workers; self.progress = progress; self.quiet = quiet
        self.logFile = logFile; self.dryRun = dryRun; self.all = all
    }
}

/// `quire validate PIPELINE`
public struct ValidateOptions: Equatable, Sendable {
    public var pipeline: String
    public init(pipeline: String) { self.pipeline = pipeline }
}

/// `quire status PIPELINE|DB [--json] [--check]`
public struct StatusOptions: Equatable, Sendable {
    /// A database file, or a pipeline file naming one.
    public var database: String
    public var json: Bool
    /// Monitoring: one line per problem, and a non-zero exit while there is any.
    public var check: Bool
    public init(database: String, json: Bool = false, check: Bool = false) {
        self.database = database; self.json = json; self.check = check
    }
}

/// `quire rerun PIPELINE [--failed] [--stage S] [--document GLOB]... [--force] [--workers N] [--progress M] [--quiet] [--log-file PATH]`
public struct RerunOptions: Equatable, Sendable {
    public var pipeline: String
    /// Only pages whose last attempt failed.
    public var failedOnly: Bool
    /// Redo from this stage on; nil: the whole page.
    public var stage: RerunStage?
    /// Globs (relative to an input root) selecting documents; empty: all. `--document` may repeat.
    public var documents: [String]
    /// Also pages that reached `run.max_attempts`.
    public var force: Bool
    public var workers: Int?
    public var progress: ProgressMode
    public var quiet: Bool
    public var logFile: String?
    /// `--shards N` (with `--failed`): plan the failed pages into N shards instead of running them here.
    public var shards: Int? = nil

    public init(pipeline: String, failedOnly: Bool = false, stage: RerunStage? = nil, documents: [String] = [],
                force: Bool = false, workers: Int? = nil, progress: ProgressMode = .auto, quiet: Bool = false,
                logFile: String? = nil) {
        self.pipeline = pipeline; self.failedOnly = failedOnly; self.stage = stage; self.documents = documents
        self.force = force; self.workers = workers; self.progress = progress; self.quiet = quiet
        self.logFile = logFile
    }
}

/// `quire __worker ...`: everything after `__worker`, verbatim.
public struct WorkerOptions: Equatable, Sendable {
    public var arguments: [String]
    public init(arguments: [String]) { self.arguments = arguments }
}

/// `quire export PIPELINE|DATABASE --format F[,F…] --out DIR [--document GLOB]… [--since RUN_ID|--changed] [--force] [--words]`
public struct ExportOptions: Equatable, Sendable {
    public var target: String
    /// Format names as given (checked by the parser against the known formats).
    public var formats: [String]
    public var out: String
    public var documents: [String]
    public var since: Int64?
    public var changed: Bool
    public var force: Bool
    public var words: Bool

    public init(target: String, formats: [String], out: String, documents: [String] = [], since: Int64? = nil,
                changed: Bool = false, force: Bool = false, words: Bool = false) {
        self.target = target; self.formats = formats; self.out = out; self.documents = documents; self.since = since
        self.changed = changed; self.force = force; self.words = words
    }
}

/// `quire search PIPELINE|DATABASE QUERY [--limit N] [--json]`
public struct SearchOptions: Equatable, Sendable {
    public var target: String
    public var query: String
    public var limit: Int
    public var json: Bool
    public init(target: String, query: String, limit: Int = 20, json: Bool = false) {
        self.target = target; self.query = query; self.limit = limit; self.json = json
    }
}
