import Foundation
import Export
import Pipeline

/// Turns arguments (without the program name) into a ``ParsedCommand``. Pure: no I/O.
///
/// Accepts `--opt value` and `--opt=value`, `-h`/`--help` at every level, `--version`,
/// `quire help [COMMAND]`, and `--` to end options. Everything after `__worker` is passed through.
public enum CommandParser {
    public static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommand {
        guard let first = arguments.first else { throw UsageError("missing command") }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help": return .help(CommandInfo.topHelp)
        case "--version": return .version
        case "__worker": return .worker(WorkerOptions(arguments: rest))
        // Hidden: the man page and the bash completion, generated from these command descriptions.
        case "__manpage": return .help(ManPage.render())
        case "__completion" where rest == ["bash"]: return .help(BashCompletion.render())
        case "help":
            guard let topic = rest.first else { return .help(CommandInfo.topHelp) }
            if ["help", "--help", "-h"].contains(topic) && rest.count == 1 { return .help(CommandInfo.helpHelp) }
            guard let info = CommandInfo.named(topic) else { throw unknownCommand(topic) }
            if rest.count > 1 { throw UsageError("unexpected argument '\(rest[1])'", command: "help") }
            return .help(info.helpText)
        default:
            guard let info = CommandInfo.named(first) else {
                if first.hasPrefix("-") {
                    let hint = Suggestion.closest(to: first, among: ["--help", "--version"]).map { " (did you mean '\($0)'?)" } ?? ""
                    throw UsageError("unknown option '\(first)'\(hint)")
                }
                throw unknownCommand(first)
            }
            return try parse(rest, for: info)
        }
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        let names = CommandInfo.all.map(\.name) + ["help"]
        let hint = Suggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        return UsageError("unknown command '\(name)'\(hint)")
    }

    /// Options and positionals of one subcommand, then the typed options.
    private static func parse(_ arguments: [String], for info: CommandInfo) throws(UsageError) -> ParsedCommand {
        let beforeDashes = arguments.prefix { $0 != "--" }
        if beforeDashes.contains("--help") || beforeDashes.contains("-h") { return .help(info.helpText) }

        var values = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                values.positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            let (name, inline) = split(argument)
            guard let option = info.option(named: name) else {
                let names = info.options.map(\.name)
                let hint = Suggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError("unknown option '\(name)'\(hint)", command: info.name)
            }
            if option.value == nil {
                if inline != nil { throw UsageError("option '\(option.name)' takes no value", command: info.name) }
                values.flags.insert(option.name)
            } else if let inline {
                values.options[option.name, default: []].append(inline)
            } else if index < arguments.count {
                values.options[option.name, default: []].append(arguments[index])
                index += 1
            } else {
                throw UsageError("option '\(option.name)' needs a value (\(option.value!))", command: info.name)
            }
        }
        return try values.command(for: info)
    }

    /// `--name=value` → ("--name", "value"); short options never carry an inline value.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// Raw parsed arguments of one subcommand, before typing.
private struct ParsedArguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    /// Values of value-taking options in order given (the last wins unless the option repeats).
    var options: [String: [String]] = [:]

    func command(for info: CommandInfo) throws(UsageError) -> ParsedCommand {
        guard let target = positionals.first else {
            throw UsageError("missing \(info.positional) argument", command: info.name)
        }
        let positionalCount = info.name == "search" ? 2 : 1
        if positionals.count > positionalCount {
            throw UsageError("unexpected argument '\(positionals[positionalCount])'", command: info.name)
        }
        switch info.name {
        case "run":
            var run = RunOptions(pipeline: target, workers: try workers(info), progress: try progress(info),
                                 quiet: flags.contains("--quiet"), logFile: options["--log-file"]?.last,
                                 dryRun: flags.contains("--dry-run"), all: try dryRunAll(info))
            run.shard = options["--shard"]?.last
            return .run(run)
        case "validate":
            return .validate(ValidateOptions(pipeline: target))
        case "status":
            return .status(StatusOptions(database: target, json: flags.contains("--json"), check: flags.contains("--check")))
        case "rerun":
            var stage: RerunStage?
            if let raw = options["--stage"]?.last {
                stage = try choice(raw, among: Stage.declared, option: "--stage", info: info)
            }
            var rerun = RerunOptions(pipeline: target, failedOnly: flags.contains("--failed"), stage: stage,
                                     documents: options["--document"] ?? [], force: flags.contains("--force"),
                                     workers: try workers(info), progress: try progress(info),
                                     quiet: flags.contains("--quiet"), logFile: options["--log-file"]?.last)
            if options["--shards"] != nil { rerun.shards = try shardCount(info) }
            return .rerun(rerun)
        // Scale-out (docs/scale-out.md).
        case "plan":
            guard options["--shards"] != nil else { throw UsageError("missing option '--shards N'", command: info.name) }
            return .plan(PlanOptions(pipeline: target, shards: try shardCount(info)))
        case "merge":
            return .merge(MergeOptions(pipeline: target, workers: try workers(info), progress: try progress(info),
                                       quiet: flags.contains("--quiet"), logFile: options["--log-file"]?.last))
        case "export":
            return .export(try exportOptions(target, info))
        case "search":
            guard positionals.count == 2 else { throw UsageError("missing QUERY argument", command: info.name) }
            var limit = 20
            if let raw = options["--limit"]?.last {
                guard let n = Int(raw), n >= 1 else {
                    throw UsageError("option '--limit' expects a whole number of at least 1, found '\(raw)'", command: info.name)
                }
                limit = n
            }
            return .search(SearchOptions(target: target, query: positionals[1], limit: limit, json: flags.contains("--json")))
        default:
            preconditionFailure("CommandInfo lists '\(info.name)' but the parser does not handle it")
        }
    }

    private func exportOptions(_ target: String, _ info: CommandInfo) throws(UsageError) -> ExportOptions {
        let formats = (options["--format"] ?? []).flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !formats.isEmpty else { throw UsageError("missing --format FORMAT[,FORMAT...]", command: info.name) }
        for name in formats where !ExportFormat.allCases.map(\.rawValue).contains(name) {
            let hint = Suggestion.closest(to: name, among: ExportFormat.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError("unknown format '\(name)'; formats: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))\(hint)", command: info.name)
        }
        guard let out = options["--out"]?.last, !out.isEmpty else { throw UsageError("missing --out DIR", command: info.name) }
        var since: Int64?
        if let raw = options["--since"]?.last {
            guard let id = Int64(raw), id >= 1 else {
                throw UsageError("option '--since' expects a run id (a whole number), found '\(raw)'", command: info.name)
            }
            since = id
        }
        if since != nil && flags.contains("--changed") {
            throw UsageError("--since and --changed select documents differently: use one", command: info.name)
        }
        var seen = Set<String>()
        return ExportOptions(target: target, formats: formats.filter { seen.insert($0).inserted }, out: out,
                             documents: options["--document"] ?? [], since: since, changed: flags.contains("--changed"),
                             force: flags.contains("--force"), words: flags.contains("--words"))
    }

    private func dryRunAll(_ info: CommandInfo) throws(UsageError) -> Bool {
        guard flags.contains("--all") else { return false }
        guard flags.contains("--dry-run") else { throw UsageError("--all lists what --dry-run finds: use it with --dry-run", command: info.name) }
        return true
    }

    private func workers(_ info: CommandInfo) throws(UsageError) -> Int? {
        guard let raw = options["--workers"]?.last else { return nil }
        guard let n = Int(raw), (1...64).contains(n) else {
            throw UsageError("option '--workers' expects a whole number from 1 to 64, found '\(raw)'", command: info.name)
        }
        return n
    }

    private func shardCount(_ info: CommandInfo) throws(UsageError) -> Int {
        let raw = options["--shards"]?.last ?? ""
        guard let n = Int(raw), (1...100_000).contains(n) else {
            throw UsageError("option '--shards' expects a whole number from 1 to 100000, found '\(raw)'", command: info.name)
        }
        return n
    }

    private func progress(_ info: CommandInfo) throws(UsageError) -> ProgressMode {
        guard let raw = options["--progress"]?.last else { return .auto }
        return try choice(raw, option: "--progress", info: info)
    }

    private func choice<E: RawRepresentable & CaseIterable>(_ raw: String, option: String, info: CommandInfo) throws(UsageError) -> E
    where E.RawValue == String {
        try choice(raw, among: Array(E.allCases), option: option, info: info)
    }

    private func choice<E: RawRepresentable>(_ raw: String, among values: [E], option: String, info: CommandInfo) throws(UsageError) -> E
    where E.RawValue == String {
        if let value = values.first(where: { $0.rawValue == raw }) { return value }
        let valid = values.map(\.rawValue)
        let hint = Suggestion.closest(to: raw, among: valid).map { " (did you mean '\($0)'?)" } ?? ""
        throw UsageError("option '\(option)' expects one of \(valid.joined(separator: ", ")), found '\(raw)'\(hint)", command: info.name)
    }
}
