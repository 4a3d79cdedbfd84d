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

    final class Slot {
        var process: WorkerProcess
        var ready = false
        var task: ActiveTask?
        init(process: WorkerProcess) { self.process = process }
    }

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

    var idleSlots: [Slot] { slots.keys.sorted().compactMap { slots[$0] }.filter { $0.ready && $0.task == nil } }
    var activeCount: Int { slots.values.filter { $0.task != nil }.count }

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
