import DocumentModel
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The coordinator of a run: discovers documents, plans pages, hands them to worker processes,
/// and is the only writer to the database. One `Runner` per `quire run` / `quire rerun`.
public final class Runner {
    let spec: PipelineSpec
    let pipelinePath: String
    let request: RunRequest
    let progress: ProgressReporter
    var fingerprints: [Stage: String] = [:]

    /// This process's own binary (`/proc/self/exe`), which workers are started from.
    public static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    public init(spec: PipelineSpec, pipelinePath: String, request: RunRequest) {
        self.spec = spec
        self.pipelinePath = pipelinePath
        self.request = request
        self.progress = ProgressReporter.make(request.progress)
    }

    var workerCount: Int {
        max(1, request.workers ?? spec.run.workers ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Runs to the end (or to an interrupt). Throws only when the run cannot happen at all
    /// (database unusable or busy, workers cannot start); failed pages are data in the summary.
    public func run() throws -> RunSummary {
        let started = Date()
        let lock = try RunLock(databasePath: spec.database)
        defer { withExtendedLifetime(lock) {} }
        let store = try Store(path: spec.database)
        fingerprints = Fingerprints.compute(spec)
        let commandName: String = { if case .run = request.command { return "run" } else { return "rerun" } }()
        let runID = try store.beginRun(pipeline: spec.name, pipelinePath: pipelinePath, command: commandName,
                                       workers: workerCount)
        do {
            return try run(runID: runID, store: store, started: started)
        } catch {
            // A fatal error (database full or unwritable, workers that cannot start): the row must
            // not stay `running`. Its page counts are already true (kept at every commit). If even
            // this write fails, the next run marks it `crashed`.
            try? store.markRunFailed(runID)
            throw error
        }
    }

    private func run(runID: Int64, store: Store, started: Date) throws -> RunSummary {
        var state = RunState(runID: runID)
        let signals = SignalWatcher(events: state.events)
        defer { signals.stop() }

        progress.runStarted(pipeline: spec.name, database: spec.database, workers: workerCount)
        var warnings: [String] = []
        let filter = documentFilter()
        switch request.command {
        case .run:
            warnings = try discover(into: store, state: &state)
            try store.updateRun(runID, counts: state.counts)
        case .rerun(let failedOnly, _, _, let force):
            if failedOnly { _ = try store.resetFailedDocuments(matching: filter, maxAttempts: spec.run.maxAttempts, force: force) }
        }
        let pool = WorkerPool(size: workerCount, executable: request.workerExecutable,
                              memoryMiB: spec.run.workerMemoryMiB, events: state.events)
        defer { pool.shutdown() }

        // Phase 1: open new documents and count their pages (in workers: opening can crash).
        let toCount = try store.documentsToCount(passwordEnv: passwordEnv(for:)).filter { filter($0.path) }
            .map { document in var ref = document; ref.passwordInput = inputNumber(for: ref.path); return ref }
        if !toCount.isEmpty && !state.interrupted {
            try dispatch(toCount.map { .count($0) }, pool: pool, store: store, state: &state)
        }
        // Phase 2: pages.
        if !state.interrupted {
            let plan = try store.plan(planRequest(filter: filter))
            state.counts.pagesSkipped = plan.skipped
            progress.pagesPlanned(plan.pages.count)
            try dispatch(plan.pages.map { .page($0) }, pool: pool, store: store, state: &state)
        }
        let status: RunStatus = state.interrupted ? .interrupted : .completed
        try store.updateRun(runID, counts: state.counts, status: status)
        let summary = RunSummary(runID: runID, status: status, counts: state.counts,
                                 seconds: Date().timeIntervalSince(started), failures: state.failures,
                                 warnings: warnings, database: spec.database,
                                 exhaustedPages: try store.exhaustedPages(maxAttempts: spec.run.maxAttempts),
                                 failedPagesWaiting: try store.retryablePages(maxAttempts: spec.run.maxAttempts))
        progress.runFinished(summary)
        return summary
    }

    private func planRequest(filter: @escaping @Sendable (String) -> Bool) -> PlanRequest {
        switch request.command {
        case .run:
            return PlanRequest(mode: .run, fingerprints: fingerprints, maxAttempts: spec.run.maxAttempts, documentFilter: filter)
        case .rerun(let failedOnly, let stage, _, let force):
            return PlanRequest(mode: .rerun(failedOnly: failedOnly, stage: stage, force: force), fingerprints: fingerprints,
                               maxAttempts: spec.run.maxAttempts, documentFilter: filter)
        }
    }

    /// `--document GLOB`: matched against the full path and against the path relative to its input root.
    private func documentFilter() -> @Sendable (String) -> Bool {
        guard case .rerun(_, _, let patterns, _) = request.command, !patterns.isEmpty else { return { _ in true } }
        let globs = patterns.map { Glob($0) }
        let roots = spec.inputs.map(\.root)
        return { path in
            let relatives = [path] + roots.filter { path.hasPrefix($0 + "/") }.map { String(path.dropFirst($0.count + 1)) }
            return globs.contains { glob in relatives.contains { glob.matches($0) } }
        }
    }

    /// Names of the environment variables holding passwords for the input `path` came from.
    func passwordEnv(for path: String) -> [String] {
        spec.inputs.first { path == $0.root || path.hasPrefix($0.root + "/") }?.passwordEnv ?? []
    }

    /// 1-based number of the input `path` came from (0 when none matches).
    func inputNumber(for path: String) -> Int {
        (spec.inputs.firstIndex { path == $0.root || path.hasPrefix($0.root + "/") } ?? -1) + 1
    }

    private func discover(into store: Store, state: inout RunState) throws -> [String] {
        let db = spec.database
        var discovery = Discovery()
        discovery.ignoredPaths = [db, db + "-wal", db + "-shm", db + "-journal", db + ".lock"]
        let found = discovery.walk(spec.inputs)
        for warning in found.warnings { progress.warning(warning) }
        for file in found.files {
            if state.interrupted { break }
            state.counts.documentsSeen += 1
            let outcome = try store.recordDocument(file, runID: state.runID,
                                                   kind: { try FileKind.sniff(path: file.path) },
                                                   hash: { try SHA256.hex(ofFileAt: file.path) })
            switch outcome {
            case .new: state.counts.documentsNew += 1
            case .failed(_, let message):
                state.counts.documentsFailed += 1
                state.failures.append(FailureNote(path: file.path, page: nil, stage: "discover", error: message))
                progress.documentFailed(path: file.path, message: message)
            case .duplicate(_, let of):
                progress.note("\(file.path): same content as document \(of), recorded as a duplicate")
            case .unchanged: break
            }
        }
        return found.warnings
    }
}

/// What the coordinator's loop knows about the run in progress.
struct RunState {
    let runID: Int64
    let events = EventQueue<CoordinatorEvent>()
    var counts = RunCounts()
    var failures: [FailureNote] = []
    var interrupted = false
    /// Pages of each document not yet settled in the current dispatch.
    var pagesLeft: [Int64: Int] = [:]
    /// Work that settled pages brought about (the document pass), queued by the dispatch loop.
    var followUps: [WorkItem] = []
    init(runID: Int64) { self.runID = runID }
}

/// Turns SIGINT and SIGTERM into coordinator events (the default action would kill the run
/// without recording it as interrupted).
final class SignalWatcher {
    private var sources: [DispatchSourceSignal] = []

    init(events: EventQueue<CoordinatorEvent>) {
        signal(SIGPIPE, SIG_IGN)
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { events.post(.interrupt(signal: sig)) }
            source.resume()
            sources.append(source)
        }
    }

    func stop() {
        sources.forEach { $0.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
