import Export
import Foundation
import Pipeline

/// `quire export PIPELINE|DATABASE --format … --out DIR …`.
func executeExport(_ options: ExportOptions) throws -> Int32 {
    let (database, spec) = try resolveTarget(options.target, command: "export")
    var request = ExportRequest(databasePath: database, inputRoots: spec?.inputs.map(\.root) ?? [],
                                formats: options.formats.compactMap(ExportFormat.init(rawValue:)), outDir: options.out,
                                documentGlobs: options.documents, sinceRun: options.since, changedOnly: options.changed,
                                force: options.force, words: options.words, generatorVersion: CommandInfo.version)
    if let spec {
        request.pdf = spec.export.pdf
        request.languages = { path in spec.ocrLanguages(for: path) }
    }
    if let inputs = spec?.inputs {
        let environment = ProcessInfo.processInfo.environment
        request.passwords = { path in
            let names = inputs.first { path == $0.root || path.hasPrefix($0.root + "/") }?.passwordEnv ?? []
            return names.compactMap { environment[$0] }
        }
        // Variables are named by position, never by name (an entry may be a password by mistake).
        request.passwordHint = { path in
            guard let index = inputs.firstIndex(where: { path == $0.root || path.hasPrefix($0.root + "/") }) else { return nil }
            let names = inputs[index].passwordEnv
            if names.isEmpty { return "list environment variables holding passwords under input \(index + 1)'s `passwords:`" }
            let unset = names.indices.filter { environment[names[$0]] == nil }.map { "#\($0 + 1)" }
            if unset.isEmpty { return "none of the set password variables of input \(index + 1) opens it" }
            return unset.count == 1 ? "variable \(unset[0]) of input \(index + 1) is not set"
                                    : "variables \(unset.joined(separator: ", ")) of input \(index + 1) are not set"
        }
    } else {
        request.passwordHint = { _ in "export with the pipeline file, whose `passwords:` variables open it" }
    }
    let summary = try Exporter(request: request).run()
    var lines = ["exported \(summary.documentsExported) document(s), \(summary.filesWritten) file(s) into \(options.out)"
                 + (summary.unchanged > 0 ? "; \(summary.unchanged) unchanged since their last export" : "")
                 + (summary.filesRemoved > 0 ? "; \(summary.filesRemoved) file(s) of moved or missing documents removed" : "")]
    if !summary.inProgress.isEmpty {
        lines.append("  \(summary.inProgress.count) document(s) skipped: a run is still working on them, or was interrupted (--force exports them with pending pages marked)")
        for path in summary.inProgress.prefix(10) { lines.append("    \(TerminalText.safe(path))") }
    }
    for f in summary.failures.prefix(20) {
        lines.append("  failed: \(TerminalText.safe(f.path)) [\(f.format.rawValue)]: \(TerminalText.safe(f.message))")
    }
    write(lines.joined(separator: "\n"), to: .stderr)
    return summary.failures.isEmpty ? ExitCode.success.rawValue : ExitCode.pagesFailed.rawValue
}

/// `quire search PIPELINE|DATABASE QUERY [--limit N] [--json]`.
func executeSearch(_ options: SearchOptions) throws -> Int32 {
    let (database, _) = try resolveTarget(options.target, command: "search")
    let hits: [SearchHit]
    do {
        hits = try Store(path: database, readOnly: true).search(options.query, limit: options.limit)
    } catch let error as SearchQueryError {
        throw UsageError(error.description, command: "search")
    }
    // A common word in a large archive: only the most recently stored matches were ranked.
    let capped = try !hits.isEmpty && Store(path: database, readOnly: true).searchMatchesMoreThanRanked(options.query)
    if options.json {
        struct Output: Encodable {
            var query: String
            var hits: [SearchHit]
            /// Set when more pages match than are ranked: the hits are the best of this many most recent.
            var rankedMostRecent: Int?
            enum CodingKeys: String, CodingKey { case query, hits, rankedMostRecent = "ranked_most_recent" }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let output = Output(query: options.query, hits: hits, rankedMostRecent: capped ? Store.searchRankedPages : nil)
        write(String(decoding: try encoder.encode(output), as: UTF8.self), to: .stdout)
    } else {
        if capped {
            write("note: more than \(Store.searchRankedPages) pages match; these are the best of the \(Store.searchRankedPages) "
                  + "most recently stored (add words to the query to rank among all its matches)", to: .stderr)
        }
        for hit in hits {
            let snippet = hit.snippet.split(whereSeparator: \.isNewline).joined(separator: " ")
            write("\(TerminalText.safe(hit.path)):\(hit.page): \(TerminalText.safe(snippet))", to: .stdout)
        }
        if hits.isEmpty {
            var line = "no matches for '\(TerminalText.safe(options.query))'"
            // A bare NEAR means within 10 words (FTS5's NEAR); say when the words are there, farther apart.
            if SearchQuery.hasBareNear(options.query),
               let apart = try? Store(path: database, readOnly: true).search(options.query, limit: options.limit, near: false),
               !apart.isEmpty {
                line += " within 10 words; \(apart.count) page(s) hold all the words farther apart "
                    + "(first: \(TerminalText.safe(apart[0].path)):\(apart[0].page)): write NEAR/50 for a wider span, or leave NEAR out"
            }
            write(line, to: .stderr)
        }
    }
    return ExitCode.success.rawValue
}

/// A pipeline file names its database and input roots; anything else is taken as a database.
private func resolveTarget(_ target: String, command: String) throws -> (database: String, spec: PipelineSpec?) {
    guard let handle = FileHandle(forReadingAtPath: target) else {
        throw CommandFailure(.databaseUnusable, "\(target): no such pipeline file or database")
    }
    let head = handle.readData(ofLength: 16)
    try? handle.close()
    if head.starts(with: Array("SQLite format 3".utf8)) { return (target, nil) }
    let spec = try PipelineLoader.load(path: target)
    return (spec.database, spec)
}

// Every path and message printed goes through Pipeline's `TerminalText.safe` (one escaping
// function: controls, DEL, C1 and bidirectional overrides), here as in `run`, `status` and `--dry-run`.
