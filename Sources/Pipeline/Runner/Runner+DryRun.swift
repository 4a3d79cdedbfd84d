import Foundation

/// What `quire run --dry-run` found: the documents a run would record and the pages it would
/// process, without changing the database.
public struct DryRunReport: Codable, Sendable {
    /// Paths by what a run would make of them: `new`, `changed` (a new version at a known path),
    /// `moved`, `missing`, `returned`, `duplicate`, `skipped`, `failed` (unreadable, or a new
    /// document that cannot be opened), `waiting` (changed less than `min_file_age` ago), `unchanged`.
    public var documents: [String: [String]]
    /// The page count of each new or changed document, by path (opened as a run opens them).
    public var pageCounts: [String: Int]
    /// Why each `failed` document a run would fail to open fails, by path.
    public var failures: [String: String]
    /// Pages a run would process, by stage (a page counts once per stage).
    public var pagesByStage: [String: Int]
    /// Pages a run would process, the pages of new and changed documents included.
    public var pages: Int
    /// Inputs that hold no files or match none (a run would exit 66).
    public var emptyInputs: [String]
    public var warnings: [String]

    /// The human-readable form (lists up to `limit` paths per kind).
    public func text(limit: Int = 10) -> String {
        let order = ["new", "changed", "moved", "returned", "missing", "waiting", "failed", "skipped", "duplicate", "unchanged"]
        let counts = order.compactMap { kind in documents[kind].map { "\($0.count) \(kind)" } }
        var lines = ["Dry run: nothing was changed.", "Documents: " + (counts.isEmpty ? "none" : counts.joined(separator: ", "))]
        for kind in order where kind != "unchanged" {
            guard let paths = documents[kind], !paths.isEmpty else { continue }
            lines.append("  \(kind):")
            lines += paths.prefix(limit).map { "    " + describe($0) }
            if paths.count > limit { lines.append("    … and \(paths.count - limit) more (--all lists them)") }
        }
        let stages = Stage.allCases.compactMap { stage in pagesByStage[stage.rawValue].map { "\(stage.rawValue) \($0)" } }
        let newPages = pageCounts.values.reduce(0, +)
        lines.append("Pages to process: \(pages)" + (stages.isEmpty ? "" : " (" + stages.joined(separator: ", ") + ")")
                     + (pageCounts.isEmpty ? "" : "; \(newPages) of them in \(pageCounts.count) new or changed document(s)"))
        for warning in warnings { lines.append("warning: \(warning)") }
        return lines.map(TerminalText.safe).joined(separator: "\n")   // file names: one line each, no control reaches the terminal
    }

    /// "report.pdf (3 pages)", "broken.pdf: why it cannot be opened", or the path.
    private func describe(_ path: String) -> String {
        if let count = pageCounts[path] { return "\(path) (\(count) page\(count == 1 ? "" : "s"))" }
        if let reason = failures[path] { return reason.hasPrefix(path + ": ") ? reason : "\(path): \(reason)" }
        return path
    }
}

extension Runner {
    /// Discovers and plans as `run()` would, on a snapshot of the database (`VACUUM INTO` a
    /// temporary file), so the real database is only read. Files are read to hash them, and new
    /// or changed documents are opened in workers to count their pages (the page tree or the
    /// TIFF's directories, nothing rendered), as a run would; what they record goes to the snapshot.
    public func dryRun() throws -> DryRunReport {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("quire-dry-run-\(getpid())-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: scratch + suffix) } }
        if FileManager.default.fileExists(atPath: spec.database) {
            try Store(path: spec.database, readOnly: true).snapshot(to: scratch)
        }
        let store = try Store(path: scratch)
        computeFingerprints()
        var state = RunState(runID: try store.beginRun(pipeline: spec.name, pipelinePath: pipelinePath, command: "run",
                                                       workers: workerCount))
        let signals = SignalWatcher(events: state.events)
        defer { signals.stop() }
        let warnings = try discover(into: store, state: &state, stop: signals.flag)
        if signals.flag.isSet { throw CancellationError() }
        do {
            let pool = makePool(state.events)
            defer { pool.shutdown() }
            try countPages(filter: { _ in true }, pool: pool, store: store, state: &state)
        }
        if state.interrupted || signals.flag.isSet { throw CancellationError() }

        var documents: [String: [String]] = [:]
        var pageCounts: [String: Int] = [:]
        var failures: [String: String] = [:]
        for (path, outcome) in state.discovered {
            var kind = Self.kind(of: outcome, store: store)
            if case .new(let id) = outcome {
                let opened = try store.pageCount(ofDocument: id)
                if let count = opened.count { pageCounts[path] = count } else if let error = opened.error { kind = "failed"; failures[path] = error }
            }
            documents[kind, default: []].append(path)
        }
        if !state.tooYoung.isEmpty { documents["waiting"] = state.tooYoung }
        if !state.missing.isEmpty { documents["missing"] = state.missing }
        let plan = try store.plan(planRequest(filter: { _ in true }))
        var byStage: [String: Int] = [:]
        for page in plan.pages { for stage in page.stages { byStage[stage.rawValue, default: 0] += 1 } }
        return DryRunReport(documents: documents, pageCounts: pageCounts, failures: failures, pagesByStage: byStage,
                            pages: plan.pages.count, emptyInputs: state.emptyInputs, warnings: warnings)
    }

    private static func kind(of outcome: DocumentOutcome, store: Store) -> String {
        switch outcome {
        case .new(let id): return (try? store.supersedesAnother(id)) == true ? "changed" : "new"
        case .unchanged: return "unchanged"
        case .duplicate: return "duplicate"
        case .failed: return "failed"
        case .skipped: return "skipped"
        case .moved: return "moved"
        case .returned: return "returned"
        }
    }
}
