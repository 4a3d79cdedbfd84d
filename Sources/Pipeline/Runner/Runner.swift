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
    /// Inputs with their own OCR languages: their documents' fingerprints, by root.
    var inputFingerprints: [String: [Stage: String]] = [:]

    /// How workers are started: worker processes of `request.workerExecutable` unless a test
    /// gives in-process fakes (the coordinator's scheduling, leasing, retry and resume tested
    /// without child processes).
    var launchWorker: WorkerPool.Launcher?

    /// This process's own binary (`/proc/self/exe`), which workers are started from.
    public static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Throws ``LogFileError`` when `request.logFile` cannot be opened for appending.
    public init(spec: PipelineSpec, pipelinePath: String, request: RunRequest) throws {
        self.spec = spec
        self.pipelinePath = pipelinePath
        self.request = request
        self.progress = try ProgressReporter.make(request.progress, logFile: request.logFile)
    }

    var workerCount: Int {
        max(1, request.workers ?? spec.run.workers ?? CPUCount.available())
    }

    /// Runs to the end (or to an interrupt). Throws only when the run cannot happen at all
    /// (database unusable or busy, workers cannot start); failed pages are data in the summary.
    public func run() throws -> RunSummary {
        let started = Date()
        // The workers start first: each loads quire's ≈ 130 shared libraries (≈ 36 ms of CPU),
        // which now overlaps the database's opening and discovery instead of following them
        // (the first page of a 200-page PDF was done 0.03 s sooner). A run with nothing to do
        // ends them unused; one that cannot start them finds out at its first dispatch.
        let events = EventQueue<CoordinatorEvent>()
        let pool = makePool(events)
        defer { pool.shutdown() }
        if !request.passesOnly { try? pool.fill(upTo: workerCount) }
        let lock = try RunLock(databasePath: spec.database)
        defer { withExtendedLifetime(lock) {} }
        let store = try Store(path: spec.database)
        try store.configureForRun()
        try lock.holdDatabaseFile()
        if let identity = lock.identity { try store.pinIdentity(identity) }
        computeFingerprints()
        let commandName: String = { if case .run = request.command { return "run" } else { return "rerun" } }()
        let runID = try store.beginRun(pipeline: spec.name, pipelinePath: pipelinePath,
                                       command: request.passesOnly ? "merge" : commandName,
                                       workers: workerCount, arguments: request.arguments)
        if let shard = request.shard { try store.markShardRun(runID, shard: shard.label) }
        do {
            let summary = try run(runID: runID, store: store, pool: pool, started: started)
            if let replaced = store.replacedError { throw replaced }
            return summary
        } catch {
            // A fatal error (database full or unwritable, workers that cannot start): the row must
            // not stay `running`. Its page counts are already true (kept at every commit). If even
            // this write fails, the next run marks it `crashed`.
            try? store.markRunFailed(runID)
            throw store.replacedError ?? error
        }
    }

    private func run(runID: Int64, store: Store, pool: WorkerPool, started: Date) throws -> RunSummary {
        var state = RunState(runID: runID, events: pool.events)
        let signals = SignalWatcher(events: state.events)
        defer { signals.stop() }

        progress.runStarted(runID: runID, pipeline: spec.name, database: spec.database, workers: workerCount)
        var warnings: [String] = []
        let filter = documentFilter()
        switch request.command {
        case .run:
            warnings = try discover(into: store, state: &state, stop: signals.flag)
            try store.updateRun(runID, counts: state.counts)
        case .rerun(let failedOnly, _, _, let force):
            if failedOnly {
                let reset = try store.resetFailedDocuments(matching: filter, maxAttempts: spec.run.maxAttempts, force: force,
                                                           exists: { !$0.isGone })
                if reset.gone > 0 {
                    progress.note("\(reset.gone) failed document(s) whose file no longer exists are not retried")
                }
            }
        }
        if signals.flag.isSet { state.interrupted = true }

        // Phase 1: open new documents and count their pages (in workers: opening can crash).
        if !request.passesOnly && !state.interrupted {
            try countPages(filter: filter, pool: pool, store: store, state: &state)
        }
        // Phase 2: pages.
        if !state.interrupted {
            var plan = request.passesOnly ? (pages: [PlannedPage](), skipped: 0) : try store.plan(planRequest(filter: filter))
            if let shard = request.shard { plan.pages = plan.pages.filter { shard.includes(path: $0.path, page: $0.pageNumber) } }
            let (pages, gone) = withoutGoneFiles(PlannedPage.inDispatchOrder(plan.pages))
            state.counts.pagesSkipped = plan.skipped + gone
            if gone > 0 { progress.note("\(gone) page(s) of documents whose file no longer exists are not processed") }
            progress.pagesPlanned(pages.count)
            if case .rerun(_, let stage?, _, _) = request.command { try store.markRedo(pages, stage: stage) }
            // Document passes an earlier run owed (stopped after a document's last page): done now.
            let planned = Set(pages.map(\.documentID))
            var passes: [WorkItem] = []
            for document in try store.documentsOwingPass() where !planned.contains(document.documentID) && filter(document.path) {
                passes += try documentPass(for: document, store: store, state: &state)
            }
            try dispatch(pages.map { .page($0) } + passes, pool: pool, store: store, state: &state)
        }
        // No work is left for the workers. Ended now, their exit (tens of ms of the kernel's
        // time for two workers) overlaps the run's last writes and the database's closing
        // checkpoint and sync instead of following them.
        pool.killIdle()
        let status: RunStatus = state.interrupted ? .interrupted : .completed
        // `ocr.languages: auto`: a language found without its model, once per run.
        for message in try store.missingLanguageModels(runID: runID) {
            progress.warning(message)
            warnings.append(message)
        }
        try store.updateRun(runID, counts: state.counts, status: status)
        var summary = RunSummary(runID: runID, status: status, counts: state.counts,
                                 seconds: Date().timeIntervalSince(started), failures: state.failures,
                                 warnings: warnings, database: spec.database, emptyInputs: state.emptyInputs,
                                 notices: state.notices,
                                 exhaustedPages: try store.exhaustedPages(maxAttempts: spec.run.maxAttempts),
                                 failedPagesWaiting: try store.retryablePages(maxAttempts: spec.run.maxAttempts))
        summary.failedPagesOfExistingFiles = try store.failedPagesByFile()
            .filter { !FilePath(display: $0.path, bytes: $0.pathBytes).isGone }.reduce(0) { $0 + $1.pages }
        summary.documentPassPages = state.documentPassPages
        try store.finishRun(runID, exitCode: summary.exitCode, seconds: summary.seconds)
        progress.runFinished(summary)
        return summary
    }

    /// The workers of a run (or of a dry run's page counting).
    func makePool(_ events: EventQueue<CoordinatorEvent>) -> WorkerPool {
        WorkerPool(size: workerCount,
                   launch: launchWorker ?? WorkerPool.processes(executable: request.workerExecutable,
                                                                memoryMiB: spec.run.workerMemoryMiB),
                   events: events)
    }

    /// Opens the documents whose pages have not been counted (new or changed files) in workers,
    /// and records their page counts and pending pages; one that cannot be opened is failed.
    func countPages(filter: (String) -> Bool, pool: WorkerPool, store: Store, state: inout RunState) throws {
        let toCount = try store.documentsToCount(passwordEnv: passwordEnv(for:)).filter { filter($0.path) }
            .map { document in var ref = document; ref.passwordInput = inputNumber(for: ref.path); return ref }
        if !toCount.isEmpty { try dispatch(toCount.map { .count($0) }, pool: pool, store: store, state: &state) }
    }

    /// Computes the current fingerprints: the pipeline's, and those of inputs with their own OCR
    /// languages (by root).
    func computeFingerprints() {
        fingerprints = Fingerprints.compute(spec)
        inputFingerprints = [:]
        for input in spec.inputs {
            if let languages = input.languages { inputFingerprints[input.root] = Fingerprints.compute(spec, languages: languages) }
        }
    }

    /// The fingerprints that apply to a document path (its input may set its own OCR languages).
    func fingerprints(for path: String) -> [Stage: String] {
        spec.input(for: path).flatMap { inputFingerprints[$0.root] } ?? fingerprints
    }

    func planRequest(filter: @escaping @Sendable (String) -> Bool) -> PlanRequest {
        var request: PlanRequest
        switch self.request.command {
        case .run:
            request = PlanRequest(mode: .run, fingerprints: fingerprints, maxAttempts: spec.run.maxAttempts, documentFilter: filter)
        case .rerun(let failedOnly, let stage, _, let force):
            request = PlanRequest(mode: .rerun(failedOnly: failedOnly, stage: stage, force: force), fingerprints: fingerprints,
                                  maxAttempts: spec.run.maxAttempts, documentFilter: filter)
        }
        request.inputFingerprints = inputFingerprints
        return request
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

    /// Pages that need their file (a due stage works on the image) and whose file is gone are left as
    /// they are (never retried, never failed again for a file nobody can read); layout alone
    /// works from stored words and goes on. Returns the pages kept and how many were left.
    private func withoutGoneFiles(_ pages: [PlannedPage]) -> ([PlannedPage], Int) {
        var gone: [Int64: Bool] = [:]
        let kept = pages.filter { page in
            if !page.stages.contains(where: { StageCatalog.type(of: $0)?.needsImage ?? false }) { return true }
            if let known = gone[page.documentID] { return !known }
            let isGone = FilePath(display: page.path, bytes: page.pathBytes).isGone
            gone[page.documentID] = isGone
            return !isGone
        }
        return (kept, pages.count - kept.count)
    }

    /// How many skipped files a run names one by one before it only counts them.
    static let skippedNamed = 5

    /// "3000 files are no documents and were skipped (the first 5 are named above); …"
    static func skippedSummary(_ count: Int, database: String) -> String {
        "\(count) files are no documents and were skipped (the first \(skippedNamed) are named above); "
            + "`quire status` counts them, and the full list is "
            + "sqlite3 \(shellQuoted(database)) \"SELECT path FROM documents WHERE status = 'skipped'\""
    }

    /// Names of the environment variables holding passwords for the input `path` came from.
    func passwordEnv(for path: String) -> [String] {
        spec.inputs.first { path == $0.root || path.hasPrefix($0.root + "/") }?.passwordEnv ?? []
    }

    /// 1-based number of the input `path` came from (0 when none matches).
    func inputNumber(for path: String) -> Int {
        (spec.inputs.firstIndex { path == $0.root || path.hasPrefix($0.root + "/") } ?? -1) + 1
    }

    func discover(into store: Store, state: inout RunState, stop: InterruptFlag) throws -> [String] {
        var discovery = Discovery(ignoringDatabase: spec.database)
        discovery.shouldStop = { stop.isSet }
        let found = discovery.walk(spec.inputs)
        for warning in found.warnings { progress.warning(warning) }
        for entry in found.special {
            state.notices.append("\(entry.path): \(entry.kind), not a file; skipped")
            progress.note("\(entry.path): \(entry.kind), not a file; skipped")
        }
        for path in found.future {
            state.notices.append("\(path): modified in the future (the clock where it was written?); processed now, min_file_age not waited for")
        }
        for file in found.files where request.shard?.includes(path: file.path) ?? true {
            if found.interrupted || stop.isSet { break }
            state.counts.documentsSeen += 1
            // Opened once, only if it must be read: a regular file, by its exact bytes.
            var opened: InputFile?
            func input() throws -> InputFile {
                if let opened { return opened }
                let reader = try InputFile(file.filePath)
                opened = reader
                return reader
            }
            let outcome: DocumentOutcome
            do {
                outcome = try store.recordDocument(file, runID: state.runID,
                                                   kind: { FileKind.sniff(try input().head()) },
                                                   hash: { try input().sha256(shouldStop: { stop.isSet }) })
            } catch is InputFile.Interrupted {
                break
            }
            state.discovered.append((file.path, outcome))
            switch outcome {
            case .new: state.counts.documentsNew += 1
            case .failed(_, let message):
                state.counts.documentsFailed += 1
                state.failures.append(FailureNote(path: file.path, page: nil, stage: "discover", error: message))
                progress.documentFailed(path: file.path, message: message)
            case .duplicate(_, let of):
                progress.note("\(file.path): same content as document \(of), recorded as a duplicate")
            case .skipped(_, let reason):
                state.counts.documentsSkipped += 1
                // A folder of 3,000 non-documents names a few, then counts them (below).
                if state.counts.documentsSkipped <= Self.skippedNamed { progress.note("\(file.path): skipped: \(reason)") }
            case .moved(_, let from):
                state.counts.documentsMoved += 1
                progress.note("\(file.path): moved from \(from)")
            case .returned:
                progress.note("\(file.path): found again")
            case .unchanged: break
            }
        }
        if state.counts.documentsSkipped > Self.skippedNamed {
            progress.note(Self.skippedSummary(state.counts.documentsSkipped, database: spec.database))
        }
        if found.interrupted || stop.isSet {
            state.interrupted = true
            progress.warning("interrupted during discovery: stopping")
            return found.warnings
        }
        var warnings = found.warnings
        for file in found.tooYoung where request.shard?.includes(path: file.path) ?? true {
            state.counts.filesTooYoung += 1
            state.tooYoung.append(file.path)
            try store.touchSeen(file, runID: state.runID)
            progress.note("\(file.path): changed less than min_file_age ago; left for the next run")
        }
        for (tally, input) in zip(found.tallies, spec.inputs) where tally.found && tally.matched == 0 && !input.allowEmpty {
            let message = tally.files == 0
                ? "\(input.root): input holds no files (an unmounted share?); set allow_empty: true if that is normal"
                : "\(input.root): include/exclude patterns match none of its \(tally.files) file(s)"
            state.emptyInputs.append(input.root)
            warnings.append(message)
            progress.warning(message)
        }
        // Only a complete look at a root that holds files can say a file is gone.
        let looked = zip(found.tallies, spec.inputs).filter { $0.0.found && $0.0.files > 0 }.map(\.1.root)
        for path in try store.markMissing(runID: state.runID, under: looked) {
            state.counts.documentsMissing += 1
            state.missing.append(path)
            progress.note("\(path): no longer found; marked missing")
        }
        return warnings
    }
}

/// What the coordinator's loop knows about the run in progress.
struct RunState {
    let runID: Int64
    let events: EventQueue<CoordinatorEvent>
    var counts = RunCounts()
    var failures: [FailureNote] = []
    var interrupted = false
    /// Inputs that held no files, or whose patterns matched none (and do not allow it).
    var emptyInputs: [String] = []
    /// What discovery did with each file, in order (for `--dry-run`).
    var discovered: [(path: String, outcome: DocumentOutcome)] = []
    /// Files left for the next run, and documents found missing, by this discovery.
    var tooYoung: [String] = []
    var missing: [String] = []
    /// Pages of each document not yet settled in the current dispatch.
    var pagesLeft: [Int64: Int] = [:]
    /// Work that settled pages brought about (the document pass), queued by the dispatch loop.
    var followUps: [WorkItem] = []
    /// Document-pass layout tasks of each document not yet settled: at zero, its pass is done.
    var passLeft: [Int64: Int] = [:]
    /// Pages queued to be read again after a crash, with what their first attempt produced.
    var carried: [Int64: PageOutcome] = [:]
    /// Pages whose worker was killed (SIGKILL) once in this run: read again once, then failed.
    var killed: Set<Int64> = []
    /// Documents whose file changed while they were processed, and files whose size or mtime
    /// moved with the same content (Runner+Changes.swift).
    var changed: Set<Int64> = []
    var verified: [Int64: Store.FileVersion] = [:]
    /// Lines for the run's summary (files changed while processed, dated in the future, special files).
    var notices: [String] = []
    /// Pages recorded and not yet committed, and when the first of them was: committed together,
    /// in one transaction, by ``Runner/settle(store:state:)``.
    var unsettled: [PageOutcome] = []
    var unsettledSince: Date?
    /// How this run laid out the pages of the documents in progress, for their passes (``RunningMargins``).
    var margins = RunningMargins()
    /// Pages the document passes laid out (or read) again.
    var documentPassPages = 0
    init(runID: Int64, events: EventQueue<CoordinatorEvent> = EventQueue()) { self.runID = runID; self.events = events }
}

/// Turns SIGINT and SIGTERM into coordinator events (the default action would kill the run
/// without recording it as interrupted).
final class SignalWatcher {
    private var sources: [DispatchSourceSignal] = []
    /// Set at the first signal: long loops outside the dispatch loop (discovery, hashing) ask it.
    let flag = InterruptFlag()

    init(events: EventQueue<CoordinatorEvent>) {
        signal(SIGPIPE, SIG_IGN)
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [flag] in
                flag.set()
                events.post(.interrupt(signal: sig))
            }
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

/// A flag set once from the signal queue and read from the coordinator's thread.
final class InterruptFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
