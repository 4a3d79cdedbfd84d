import Export
import Pipeline

/// The visible subcommands: usage line, options and help text.
struct CommandInfo: Sendable {
    struct Option: Sendable {
        var name: String
        var short: String?
        /// Placeholder for the value, nil for a flag.
        var value: String?
        var help: String
        /// Shown without brackets in the usage line; the parser refuses the command without it.
        var required = false
        /// Values bash completion offers (a comma-separated list completes after its last comma).
        var choices: [String]? = nil
    }

    var name: String
    var positional: String
    var summary: String
    var options: [Option]
    var details: String

    static let version = Quire.version
    static let topUsage = "quire <command> [options]"

    static let help = Option(name: "--help", short: "-h", value: nil, help: "Show this help.")
    static let workers = Option(name: "--workers", short: "-j", value: "N", help: "Worker processes (1-64); overrides run.workers.")
    static let progress = Option(name: "--progress", value: "auto|plain|json",
                                 help: "Progress on stderr: live line on a terminal (auto), plain lines, or JSON lines.")
    static let quiet = Option(name: "--quiet", short: "-q", value: nil,
                              help: "Print nothing unless the run fails or is interrupted (for cron).")
    static let logFile = Option(name: "--log-file", value: "PATH",
                                help: "Also append every progress event to PATH as a JSON line.")

    static let all: [CommandInfo] = [
        CommandInfo(name: "run", positional: "PIPELINE",
                    summary: "Process the documents of a pipeline into its database",
                    options: [workers, progress, quiet, logFile,
                              Option(name: "--dry-run", value: nil,
                                     help: "Print what a run would do (new, changed, moved, missing documents; the page count of each new one; pages per stage) and change nothing."),
                              Option(name: "--all", value: nil, help: "With --dry-run: list every path, not the first 10 of each kind."),
                              shard, help],
                    details: """
                    Finds the documents under the pipeline's inputs, and extracts, recognises and
                    analyses every page not yet done, in parallel worker processes. Pages that fail
                    are recorded and the run goes on; the exit code is 1 if any failed.
                    """),
        CommandInfo(name: "validate", positional: "PIPELINE",
                    summary: "Check a pipeline file and report every problem in it",
                    options: [help],
                    details: """
                    Reports every problem as file:line:column: message on stderr (exit 65), or prints
                    a one-line summary on stdout (exit 0). Also checks that input folders exist and
                    that the OCR languages are installed.
                    """),
        CommandInfo(name: "status", positional: "PIPELINE|DB",
                    summary: "Summarise a database: documents, pages, runs, failures",
                    options: [Option(name: "--json", value: nil, help: "Print the summary as JSON on stdout."),
                              Option(name: "--check", value: nil,
                                     help: "Monitoring: print one line per problem; exit 1 while any waits, else 0."),
                              help],
                    details: """
                    Reads the database (named directly, or by the pipeline file that uses it) without
                    changing it. With --check, problems are failed pages or documents waiting for a
                    rerun, and a last run that crashed, was interrupted or exited non-zero.
                    """),
        CommandInfo(name: "rerun", positional: "PIPELINE",
                    summary: "Process selected pages again",
                    options: [
                        Option(name: "--failed", value: nil, help: "Only pages whose last attempt failed."),
                        Option(name: "--stage", value: Stage.declared.map(\.rawValue).joined(separator: "|"), help: "Redo from this stage on."),
                        Option(name: "--document", value: "GLOB", help: "Only documents matching GLOB (relative to an input root); may repeat."),
                        Option(name: "--force", value: nil, help: "Also pages that reached run.max_attempts."),
                        Option(name: "--shards", value: "N", help: "With --failed: plan the failed pages into N shards (then run --shard, merge)."),
                        workers, progress, quiet, logFile, help,
                    ],
                    details: """
                    Say what to redo: --failed (pages and documents that failed), --stage STAGE (that
                    stage and the ones after it, on every done page), or both; --document narrows
                    either to some documents. `rerun --stage layout` works from the stored words.
                    """),
        CommandInfo(name: "export", positional: "PIPELINE|DATABASE",
                    summary: "Write results as JSON, Markdown, text, CSV, HTML, hOCR, ALTO, PDF or PDF/A",
                    options: [
                        Option(name: "--format", value: "FORMAT[,FORMAT...]",
                               help: ExportFormat.allCases.map(\.rawValue).joined(separator: ", ") + " (comma-separated; may repeat).",
                               required: true, choices: ExportFormat.allCases.map(\.rawValue)),
                        Option(name: "--out", value: "DIR", help: "Output folder; files mirror the documents' paths below it.",
                               required: true),
                        Option(name: "--document", value: "GLOB", help: "Only documents matching GLOB (relative path or full path); may repeat."),
                        Option(name: "--since", value: "RUN_ID", help: "Only documents written by run RUN_ID or later."),
                        Option(name: "--changed", value: nil, help: "Only documents whose results changed since their last export to DIR; removes the files of moved and missing documents."),
                        Option(name: "--force", value: nil, help: "Also documents a run is still working on (pending pages are marked)."),
                        Option(name: "--words", value: nil, help: "JSON: add each page's lines and words with confidences."),
                        help,
                    ],
                    details: """
                    Reads the database (one consistent snapshot, also while a run writes) and writes
                    one file per document and format (one CSV per table), atomically. Pages that
                    failed are marked in the output. Nothing is recomputed.
                    pdfa writes NAME.pdf as PDF/A-2b (sRGB output intent, XMP metadata, fonts
                    embedded; inputs that editing cannot make conformant go through Ghostscript).
                    The pipeline's export.pdf settings (pdfa, upright, deskew) apply to pdf too.
                    """),
        CommandInfo(name: "search", positional: "PIPELINE|DATABASE QUERY",
                    summary: "Full-text search over the pages of current documents",
                    options: [
                        Option(name: "--limit", value: "N", help: "At most N hits (default 20)."),
                        Option(name: "--json", value: nil, help: "Print the hits as JSON on stdout."),
                        help,
                    ],
                    details: """
                    QUERY is words (stemmed: 'invoices' finds 'invoice'), "a phrase", prefix*,
                    AND, OR, NOT, and NEAR: 'subtotal NEAR total' (within 10 words), NEAR/50, or
                    FTS5's NEAR(word1 word2, 5). A date or number with punctuation (18/03/2024,
                    INV-2024-0042) is searched as written. Hits are ranked by bm25.
                    """),
    ] + shardCommands

    static func named(_ name: String) -> CommandInfo? { all.first { $0.name == name } }

    func option(named name: String) -> Option? {
        options.first { $0.name == name || $0.short == name }
    }

    /// `quire run PIPELINE [--workers N] [--progress auto|plain|json] [--quiet]`
    var usage: String {
        let parts = options.filter { $0.name != "--help" }.map { o in
            let text = o.name + (o.value.map { " \($0)" } ?? "")
            return o.required ? text : "[\(text)]"
        }
        return (["quire", name, positional] + parts).joined(separator: " ")
    }

    var helpText: String {
        var lines = ["\(summary).", "", "Usage: \(usage)", "", details, "", "Options:"]
        let flags = options.map { o in [o.short, o.name].compactMap { $0 }.joined(separator: ", ") + (o.value.map { " \($0)" } ?? "") }
        let width = (flags.map(\.count).max() ?? 0) + 2
        for (flag, o) in zip(flags, options) {
            lines.append("  " + flag.padding(toLength: width, withPad: " ", startingAt: 0) + o.help)
        }
        return lines.joined(separator: "\n")
    }

    /// `quire help help`, `quire help --help`.
    static let helpHelp = """
        Show help for a command.

        Usage: quire help [COMMAND]

        Without COMMAND, lists the commands, the options and the exit codes; with one, prints that
        command's usage, options and details (the same as 'quire COMMAND --help').
        """

    static var topHelp: String {
        var lines = ["quire \(version): batch text, layout and barcode extraction from PDFs and images.", "",
                     "Usage: \(topUsage)", "", "Commands:"]
        // The widest command head sets the column, two spaces before the summaries.
        let rows = all.map { ("\($0.name) \($0.positional)", $0.summary) } + [("help [COMMAND]", "Show help for a command")]
        let width = rows.map(\.0.count).max()! + 2
        for (head, summary) in rows {
            lines.append("  " + head.padding(toLength: width, withPad: " ", startingAt: 0) + summary)
        }
        lines += ["", "Options:", "  -h, --help          Show this help.", "  --version           Print the version.", "",
                  "Exit codes:"]
        lines += ExitCode.allCases.map { "  " + String($0.rawValue).padding(toLength: 5, withPad: " ", startingAt: 0) + $0.meaning }
        lines += ["",
                  "See 'quire <command> --help' for a command's options; pipeline files: docs/pipeline-files.md."]
        return lines.joined(separator: "\n")
    }
}
