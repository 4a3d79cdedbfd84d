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
    }
    let summary = try Exporter(request: request).run()
    var lines = ["exported \(summary.documentsExported) document(s), \(summary.filesWritten) file(s) into \(options.out)"
                 + (summary.unchanged > 0 ? "; \(summary.unchanged) unchanged since their last export" : "")]
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
    if options.json {
        struct Output: Encodable { var query: String; var hits: [SearchHit] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        write(String(decoding: try encoder.encode(Output(query: options.query, hits: hits)), as: UTF8.self), to: .stdout)
    } else {
        for hit in hits {
            let snippet = hit.snippet.split(whereSeparator: \.isNewline).joined(separator: " ")
            write("\(TerminalText.safe(hit.path)):\(hit.page): \(TerminalText.safe(snippet))", to: .stdout)
        }
        if hits.isEmpty { write("no matches for '\(TerminalText.safe(options.query))'", to: .stderr) }
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
