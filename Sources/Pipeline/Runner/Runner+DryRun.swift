import Foundation

/// What `quire run --dry-run` found: the documents a run would record and the pages it would
/// process, without changing the database.
public struct DryRunReport: Codable, Sendable {
    /// Paths by what a run would make of them: `new`, `changed` (a new version at a known path),
    /// `moved`, `missing`, `returned`, `duplicate`, `skipped`, `failed`, `waiting` (changed less
    /// than `min_file_age` ago), `unchanged`.
    public var documents: [String: [String]]
    /// Pages of known documents a run would process, by stage (a page counts once per stage).
    public var pagesByStage: [String: Int]
    /// Pages of known documents a run would process.
    public var pages: Int
    /// New or changed documents, whose pages are counted when they are opened.
    public var documentsToOpen: Int
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
            lines += paths.prefix(limit).map { "    \($0)" }
            if paths.count > limit { lines.append("    … and \(paths.count - limit) more (--all lists them)") }
        }
        let stages = Stage.allCases.compactMap { stage in pagesByStage[stage.rawValue].map { "\(stage.rawValue) \($0)" } }
        lines.append("Pages to process: \(pages)" + (stages.isEmpty ? "" : " (" + stages.joined(separator: ", ") + ")")
                     + (documentsToOpen > 0 ? "; plus the pages of \(documentsToOpen) document(s) to open" : ""))
        for warning in warnings { lines.append("warning: \(warning)") }
        return lines.map(TerminalText.safe).joined(separator: "\n")   // file names: one line each, no control reaches the terminal
    }
}

extension Runner {
    /// Discovers and plans as `run()` would, on a snapshot of the database (`VACUUM INTO` a
    /// temporary file), so the real database is only read. Files are read to hash them, as a
    /// run would; nothing is opened by the C libraries.
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

        var documents: [String: [String]] = [:]
        for (path, outcome) in state.discovered {
            documents[Self.kind(of: outcome, store: store), default: []].append(path)
        }
        if !state.tooYoung.isEmpty { documents["waiting"] = state.tooYoung }
        if !state.missing.isEmpty { documents["missing"] = state.missing }
        let plan = try store.plan(planRequest(filter: { _ in true }))
        var byStage: [String: Int] = [:]
        for page in plan.pages { for stage in page.stages { byStage[stage.rawValue, default: 0] += 1 } }
        return DryRunReport(documents: documents, pagesByStage: byStage, pages: plan.pages.count,
                            documentsToOpen: try store.documentsToCount(passwordEnv: { _ in [] }).count,
                            emptyInputs: state.emptyInputs, warnings: warnings)
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
