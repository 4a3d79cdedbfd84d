import CSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One worker as the coordinator sees it: requests go in, events come back on the coordinator's
/// queue (`CoordinatorEvent.worker`, then `.workerExited` once). ``WorkerProcess`` is the real
/// one; tests give the runner in-process fakes (``WorkerPool/Launcher``).
protocol WorkerHandle: AnyObject {
    var index: Int { get }
    func send(_ request: WorkerRequest) throws
    /// Ends the worker at once (timeout, interrupt, shutdown); its exit is then reported.
    func kill(signal: Int32)
    /// No more requests: an idle worker exits on its own.
    func closeInput()
    /// Its events start reaching the coordinator's queue (called once, after the pool started
    /// the workers it was filling).
    func beginReporting()
}

extension WorkerHandle {
    func kill() { kill(signal: SIGKILL) }
    func beginReporting() {}
}

/// The coordinator's workers, each in a slot that knows the task it holds.
final class WorkerPool {
    /// Starts worker number `index`, reporting on `events`.
    typealias Launcher = (_ index: Int, _ events: EventQueue<CoordinatorEvent>) throws -> any WorkerHandle

    struct ActiveTask {
        var id: Int
        var item: WorkItem
        var outcome: PageOutcome?
        var stage: Stage = .extract
        var started = Date()
        var timedOut = false
    }

    /// A worker and the tasks sent to it, in the order it works through them. The worker runs
    /// them one after another, so every event it sends concerns the head (`task`); while pages
    /// are quick the next one is already queued in its pipe (see `WorkerPool.depth`).
    final class Slot {
        var process: any WorkerHandle
        var ready = false
        /// The run's stage settings were sent (once, before the first task).
        var hasSettings = false
        var tasks: [ActiveTask] = []
        /// Sent SIGKILL by ``killIdle()``: not signalled again (its pid may be reaped and reused).
        var killed = false
        init(process: any WorkerHandle) { self.process = process }

        /// The task the worker is working on.
        var task: ActiveTask? {
            get { tasks.first }
            set {
                if let newValue { if tasks.isEmpty { tasks = [newValue] } else { tasks[0] = newValue } }
                else if !tasks.isEmpty { tasks.removeFirst() }
            }
        }

        /// Removes the head task; the next one starts now.
        func finishHead() -> ActiveTask? {
            guard !tasks.isEmpty else { return nil }
            let head = tasks.removeFirst()
            if !tasks.isEmpty {
                tasks[0].started = Date()
                tasks[0].outcome?.startedAt = Date()
            }
            return head
        }
    }

    /// Tasks a worker holds at least while pages are quick: the one it works on and the next,
    /// so that it never waits for the coordinator's round trip between pages.
    static let prefetchDepth = 2
    /// Seconds of work a worker holds while pages are quick, at least: more than the
    /// coordinator's usual pause between two reads of its workers (≈ 0.1 s). With only two
    /// tasks queued, both workers fell idle within ≈ 8 ms of a commit's start and waited for its
    /// end: 200 born-digital pages took 1.12 s (median of 9) against 0.92 s with 32 queued
    /// (bench/RESULTS.md, "prefetch").
    static let prefetchSeconds = 0.2
    /// How many of the coordinator's recent commits a worker's tasks outlast: the coordinator
    /// sends no task while it commits, and a commit of `Runner.settleCount` born-digital pages
    /// took up to 0.25 s on a slow machine, longer than `prefetchSeconds`; one worker then
    /// stood idle through most of it (bench/RESULTS.md, round31).
    static let prefetchCommits = 1.5
    /// The most tasks a worker holds: a bound on the work that waits behind a page that turns
    /// out long, and on what a crash sends back in line.
    static let prefetchMax = 64
    /// Pages that take longer than this (a moving average) go one at a time: the round trip to
    /// the coordinator is then a negligible share of a page, and a page queued behind a long
    /// one could not move to a worker that falls idle (measured: 12 OCR pages on 2 workers
    /// finished ≈ 10 % later than with one at a time, the last pages waiting behind others).
    static let prefetchBelowSeconds = 0.25
    /// Moving average of the seconds a page task took, nil before the first finished.
    private(set) var recentPageSeconds: Double?
    /// The longest recent commit, in seconds: each commit's time, or the last value fading by a
    /// fifth a commit when that is longer (a long commit is remembered for a few more).
    private(set) var recentCommitSeconds = 0.0

    /// Tasks a worker may hold now: enough quick pages to outlast `prefetchSeconds` and
    /// `prefetchCommits` of the longest recent commit (at least two, at most `prefetchMax`);
    /// one slow page.
    var depth: Int {
        guard let recent = recentPageSeconds else { return Self.prefetchDepth }
        guard recent < Self.prefetchBelowSeconds else { return 1 }
        let seconds = max(Self.prefetchSeconds, Self.prefetchCommits * recentCommitSeconds)
        let covering = (seconds / max(recent, 0.001)).rounded(.up)
        return min(Self.prefetchMax, max(Self.prefetchDepth, Int(covering)))
    }

    /// Records how long a finished task took (page tasks only; page counts are instant): the
    /// worker's own stage times when it reported them, else the time since the task became the
    /// worker's head (which a busy coordinator's late reading stretches).
    func noteFinished(_ task: ActiveTask) {
        guard case .page = task.item else { return }
        let reported = task.outcome?.stageMS.values.reduce(0, +) ?? 0
        let seconds = reported > 0 ? Double(reported) / 1000 : Date().timeIntervalSince(task.started)
        recentPageSeconds = recentPageSeconds.map { 0.7 * $0 + 0.3 * seconds } ?? seconds
    }

    /// Records how long the coordinator took to commit recorded pages (no task was sent meanwhile).
    func noteCommit(seconds: Double) {
        recentCommitSeconds = max(seconds, 0.8 * recentCommitSeconds)
    }

    let size: Int
    private let launch: Launcher
    let events: EventQueue<CoordinatorEvent>
    private(set) var slots: [Int: Slot] = [:]
    private var nextIndex = 0
    /// Workers that died before saying they were ready, in a row: a broken installation.
    private(set) var startFailures = 0

    init(size: Int, launch: @escaping Launcher, events: EventQueue<CoordinatorEvent>) {
        self.size = size; self.launch = launch; self.events = events
    }

    /// Worker processes: forked from the coordinator while that can be done safely
    /// (``forkable(executable:)``), otherwise started as `EXECUTABLE __worker --memory-mib N`.
    /// Both run ``Worker/main(memoryMiB:)``.
    static func processes(executable: String, memoryMiB: Int) -> Launcher {
        { index, events in
            if forkable(executable: executable) {
                return try WorkerProcess(index: index, start: .fork(main: { Worker.main(memoryMiB: memoryMiB) }),
                                         events: events)
            }
            var environment = ProcessInfo.processInfo.environment
            // libgomp reads this before main: without it Tesseract is 7-10x slower (PLATFORM-NOTES).
            environment["OMP_THREAD_LIMIT"] = "1"
            // A crash report should end with the library's own words (an assertion), not with
            // Swift's backtracer output.
            environment["SWIFT_BACKTRACE"] = "enable=no"
            return try WorkerProcess(index: index,
                                     start: .exec(executable: executable,
                                                  arguments: ["__worker", "--memory-mib", String(memoryMiB)],
                                                  environment: environment),
                                     events: events)
        }
    }

    /// Whether a worker can be forked from this process instead of exec'd: the worker is this
    /// very program; libgomp was loaded with `OMP_THREAD_LIMIT=1` (it reads the variable once,
    /// when the library loads, and a forked child keeps what the coordinator read); and the
    /// process has one thread, so that no lock can be held across the fork. A pool's first
    /// workers are forked (the coordinator starts them before any thread of its own); a
    /// replacement for one that died is exec'd. `QUIRE_WORKERS_EXEC=1` always exec's them.
    static func forkable(executable: String) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["OMP_THREAD_LIMIT"] == "1" && environment["QUIRE_WORKERS_EXEC"] != "1"
            && quire_thread_count() == 1 && executable == Runner.ownExecutable
    }

    /// Starts workers until there are `count` (at most `size`), then lets them report: all are
    /// started before any reader thread is (see ``forkable(executable:)``).
    func fill(upTo count: Int) throws {
        var started: [any WorkerHandle] = []
        defer { started.forEach { $0.beginReporting() } }
        while slots.count < min(count, size) {
            let index = nextIndex
            nextIndex += 1
            let process = try launch(index, events)
            slots[index] = Slot(process: process)
            started.append(process)
        }
    }

    /// Forgets a worker that exited; returns its slot (with the task it held).
    func remove(_ index: Int) -> Slot? {
        guard let slot = slots.removeValue(forKey: index) else { return nil }
        if slot.ready { startFailures = 0 } else { startFailures += 1 }
        return slot
    }

    func markReady(_ index: Int) {
        slots[index]?.ready = true
        startFailures = 0
    }

    /// Ready workers with room for another task (see `depth`), least loaded first.
    var openSlots: [Slot] {
        let depth = depth
        return slots.keys.sorted().compactMap { slots[$0] }.filter { $0.ready && $0.tasks.count < depth }
            .sorted { $0.tasks.count < $1.tasks.count }
    }
    var activeCount: Int { slots.values.filter { !$0.tasks.isEmpty }.count }

    func killAll() { slots.values.filter { !$0.killed }.forEach { $0.process.kill() } }

    /// Kills the workers that hold no task, without waiting for them (``shutdown()`` collects
    /// them): when a run has no more work for them, the kernel frees their memory while the
    /// coordinator finishes the run, not after.
    func killIdle() {
        for slot in slots.values where slot.tasks.isEmpty && !slot.killed {
            slot.process.kill()
            slot.killed = true
        }
    }

    /// Ends every worker. One without a task holds nothing and is killed at once: the workers
    /// start with the run (``Runner/run()``), and one still loading quire's libraries when a run
    /// with nothing to do ends would otherwise finish loading only to exit (a run over unchanged
    /// files took 0.13 s instead of 0.06). Closing stdin lets a busy one finish its task and exit;
    /// stragglers are killed.
    func shutdown() {
        for slot in slots.values where !slot.killed {
            if slot.tasks.isEmpty { slot.process.kill() } else { slot.process.closeInput() }
        }
        let deadline = Date(timeIntervalSinceNow: 2)
        while !slots.isEmpty && Date() < deadline {
            if case .workerExited(let index, _, _, _)? = events.next(timeout: 0.1) { slots.removeValue(forKey: index) }
        }
        killAll()
    }
}

/// A unit of work for a worker.
enum WorkItem {
    case count(DocumentRef)
    case page(PlannedPage)
}
