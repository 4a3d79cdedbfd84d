/// quire's exit codes (sysexits.h where one fits), decided here for a run (``RunSummary/exitStatus``)
/// and by the command line for what stops a command (`ExitCodeProviding`). Documented in
/// `quire --help`, the man page and the README.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Everything asked for was done.
    case success = 0
    /// The run finished, but some pages or documents failed (they are recorded in the database).
    case pagesFailed = 1
    /// Bad command line (EX_USAGE).
    case usage = 64
    /// The pipeline file has errors (EX_DATAERR).
    case invalidPipeline = 65
    /// An input root held no files, or its patterns matched none (EX_NOINPUT): an unmounted share?
    case noInput = 66
    /// A bug or an unexpected condition in quire itself (EX_SOFTWARE).
    case internalError = 70
    /// The database cannot be opened, read or written (EX_IOERR).
    case databaseUnusable = 74
    /// Another run holds the database; try again later (EX_TEMPFAIL).
    case databaseBusy = 75
    /// Stopped by SIGINT/SIGTERM (128 + SIGINT).
    case interrupted = 130
}

extension ExitCode {
    /// One line on what the code means, for `--help` and the man page.
    public var meaning: String {
        switch self {
        case .success: return "success: every page and document is done (status --check: nothing waits)"
        case .pagesFailed: return "some pages or documents failed, or failed pages of earlier runs wait (status --check: a problem waits)"
        case .usage: return "usage error: unknown command or option, missing argument"
        case .invalidPipeline: return "the pipeline file is invalid"
        case .noInput: return "an input held no files, or its patterns matched none (allow_empty: true if normal)"
        case .internalError: return "internal error (a bug: please report it)"
        case .databaseUnusable: return "the database (or the log file) cannot be opened or written"
        case .databaseBusy: return "the database is being used by another quire run"
        case .interrupted: return "interrupted by SIGINT or SIGTERM; run again to continue"
        }
    }
}
