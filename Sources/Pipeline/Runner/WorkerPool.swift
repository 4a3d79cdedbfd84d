import Foundation

/// The coordinator's worker processes, each in a slot that knows the task it holds.
final class WorkerPool {
    struct ActiveTask {
        var id: Int
        var item: WorkItem
        var outcome: PageOutcome?
        var stage: Stage = .extract
        var started = Date()
        var timedOut = false
    }

    /// A worker and the tasks sent to it, in the order it works through them. The worker runs
    /// them one after another, so every event it sends concerns the head (`task`); the next one
    /// is already queued in its pipe, so it never waits for the coordinator between pages.
    final class Slot {
        var process: WorkerProcess
        var ready = false
        var tasks: [ActiveTask] = []
        init(process: WorkerProcess) { self.process = process }

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

    /// Tasks sent ahead to each worker (the one it works on and the next).
    static let depth = 2

    let size: Int
    private let executable: String
    private let memoryMiB: Int
    private let events: EventQueue<CoordinatorEvent>
    private(set) var slots: [Int: Slot] = [:]
    private var nextIndex = 0
    /// Workers that died before saying they were ready, in a row: a broken installation.
    private(set) var startFailures = 0

    init(size: Int, executable: String, memoryMiB: Int, events: EventQueue<CoordinatorEvent>) {
        self.size = size; self.executable = executable; self.memoryMiB = memoryMiB; self.events = events
    }

    /// Starts workers until there are `count` (at most `size`).
    func fill(upTo count: Int) throws {
        while slots.count < min(count, size) { try spawn() }
    }

    private func spawn() throws {
        var environment = ProcessInfo.processInfo.environment
        // libgomp reads this before main: without it Tesseract is 7-10x slower (PLATFORM-NOTES).
        environment["OMP_THREAD_LIMIT"] = "1"
        // A crash report should end with the library's own words (an assertion), not with
        // Swift's backtracer output.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let index = nextIndex
        nextIndex += 1
        let process = try WorkerProcess(index: index, executable: executable,
                                        arguments: ["__worker", "--memory-mib", String(memoryMiB)],
                                        environment: environment, events: events)
        slots[index] = Slot(process: process)
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

    /// Ready workers with room for another task, least loaded first.
    var openSlots: [Slot] {
        slots.keys.sorted().compactMap { slots[$0] }.filter { $0.ready && $0.tasks.count < Self.depth }
            .sorted { $0.tasks.count < $1.tasks.count }
    }
    var activeCount: Int { slots.values.filter { !$0.tasks.isEmpty }.count }

    func killAll() { slots.values.forEach { $0.process.kill() } }

    /// Ends every worker: closing stdin lets idle ones exit; stragglers are killed.
    func shutdown() {
        slots.values.forEach { $0.process.closeInput() }
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
