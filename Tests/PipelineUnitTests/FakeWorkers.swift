import DocumentModel
import Foundation
@testable import Pipeline
#if canImport(Glibc)
import Glibc
#endif

/// What in-process fake workers do, shared by all the workers of a run (a worker that dies is
/// replaced by a fresh one that follows the same script). Thread-safe: each fake answers on its
/// own thread, as a worker process would over its pipe.
final class FakeScript: @unchecked Sendable {
    /// What a worker does with one page task.
    enum Act {
        /// Produces every due stage's output and finishes the task.
        case finish
        /// Dies with `signal` once it has announced `stage`.
        case die(stage: Stage, signal: Int32)
        /// Announces `stage` and never finishes (until it is killed).
        case hang(stage: Stage)
        /// Announces `stage`, then SIGINT reaches the coordinator; hangs until it is killed.
        case interruptRun(stage: Stage)
    }

    struct Finished: Equatable { var name: String; var page: Int; var stages: Set<Stage>; var conservative: Bool }

    private let lock = NSLock()
    /// Page counts by file name.
    let pageCounts: [String: Int]
    /// What to do with a page task (file name, page, task); `.finish` when nil.
    private let decide: @Sendable (String, Int, PageTask) -> Act
    private var finishedTasks: [Finished] = []
    private var launched = 0

    init(pageCounts: [String: Int], decide: @escaping @Sendable (String, Int, PageTask) -> Act = { _, _, _ in .finish }) {
        self.pageCounts = pageCounts; self.decide = decide
    }

    /// Page tasks finished, in order.
    var finished: [Finished] { lock.lock(); defer { lock.unlock() }; return finishedTasks }
    /// Workers started.
    var launches: Int { lock.lock(); defer { lock.unlock() }; return launched }

    func act(for task: PageTask) -> Act { decide(Self.name(task.document), task.pageNumber, task) }

    func recordFinished(_ task: PageTask) {
        lock.lock(); defer { lock.unlock() }
        finishedTasks.append(Finished(name: Self.name(task.document), page: task.pageNumber, stages: task.stages,
                                      conservative: task.conservativeBarcodes))
    }

    /// The launcher the runner starts its workers with.
    var launcher: WorkerPool.Launcher {
        { [self] index, events in
            lock.lock(); launched += 1; lock.unlock()
            return FakeWorker(index: index, events: events, script: self)
        }
    }

    static func name(_ document: DocumentRef) -> String { (document.path as NSString).lastPathComponent }
}

/// A worker that runs in the test process: it answers requests on its own thread with what
/// its script says, and reports its exit once, as ``WorkerProcess`` does.
final class FakeWorker: WorkerHandle, @unchecked Sendable {
    let index: Int
    private let pid: pid_t
    private let events: EventQueue<CoordinatorEvent>
    private let script: FakeScript
    /// Requests in; nil when the input is closed.
    private let requests = EventQueue<WorkerRequest?>()
    private let lock = NSLock()
    private var exited = false
    private var killed = NSCondition()

    init(index: Int, events: EventQueue<CoordinatorEvent>, script: FakeScript) {
        self.index = index; self.pid = pid_t(100_000 + index); self.events = events; self.script = script
        let thread = Thread { [self] in work() }
        thread.start()
    }

    func send(_ request: WorkerRequest) throws { requests.post(request) }
    func kill(signal: Int32) { exit(.signaled(signal)) }
    func closeInput() { requests.post(nil) }

    private var hasExited: Bool { lock.lock(); defer { lock.unlock() }; return exited }

    /// Posts `event` unless the worker has exited (a dead process says nothing more).
    private func say(_ event: WorkerEvent) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard !exited else { return false }
        events.post(.worker(index: index, event: event))
        return true
    }

    private func exit(_ termination: Termination) {
        lock.lock()
        guard !exited else { lock.unlock(); return }
        exited = true
        events.post(.workerExited(index: index, pid: pid, termination: termination, lastWords: nil))
        lock.unlock()
        killed.broadcast()
    }

    private func waitUntilKilled() {
        killed.lock()
        while !hasExited { _ = killed.wait(until: Date(timeIntervalSinceNow: 0.05)) }
        killed.unlock()
    }

    private func work() {
        guard say(.ready(pid: pid)) else { return }
        while !hasExited {
            guard let next = requests.next(timeout: 0.05) else { continue }
            guard let request = next else { exit(.exited(0)); return }
            switch request {
            case .settings: continue
            case .count(let taskID, let document):
                _ = say(.stageStarted(taskID: taskID, stage: .extract))
                if let count = script.pageCounts[FakeScript.name(document)] {
                    _ = say(.pageCount(taskID: taskID, count: count))
                } else {
                    _ = say(.documentFailed(taskID: taskID, message: "\(document.path): not a document the script knows"))
                }
                _ = say(.finished(taskID: taskID))
            case .page(let task):
                let act = script.act(for: task)
                // The stages before the one the act happens in run as usual.
                let stopsIn: Stage? = {
                    switch act {
                    case .finish: return nil
                    case .die(let stage, _), .hang(let stage), .interruptRun(let stage): return stage
                    }
                }()
                for type in StageCatalog.executionOrder where task.stages.contains(type.stage) {
                    let stage = type.stage
                    if stage == stopsIn { break }
                    guard say(.stageStarted(taskID: task.taskID, stage: stage)),
                          let output = Self.output(of: stage, for: task) else { continue }
                    _ = say(.output(taskID: task.taskID, output: output, ms: 1))
                }
                switch act {
                case .finish:
                    script.recordFinished(task)
                    _ = say(.finished(taskID: task.taskID))
                case .die(let stage, let signal):
                    _ = say(.stageStarted(taskID: task.taskID, stage: stage))
                    exit(.signaled(signal))
                case .hang(let stage):
                    _ = say(.stageStarted(taskID: task.taskID, stage: stage))
                    waitUntilKilled()
                case .interruptRun(let stage):
                    _ = say(.stageStarted(taskID: task.taskID, stage: stage))
                    events.post(.interrupt(signal: SIGINT))
                    waitUntilKilled()
                }
            }
        }
    }

    /// A small, valid output of `stage` for a page: a text layer of one word naming the page.
    static func output(of stage: Stage, for task: PageTask) -> StageOutput? {
        let name = "\(FakeScript.name(task.document))#\(task.pageNumber)"
        let word = Word(text: name, confidence: 99, box: Box(x: 10, y: 10, width: 100, height: 20))
        let text = PageText(source: .textLayer,
                            lines: [Line(text: name, confidence: 99, box: word.box, words: [word], stage: .fast)])
        switch stage {
        case .extract:
            return StageOutput(stage: .extract, erased: ExtractOutput(
                size: PageSize(width: 612, height: 792, dpi: 72), textSource: .textLayer, rotation: 0, skew: 0,
                rulings: [], textLayer: text))
        case .barcodes:
            return StageOutput(stage: .barcodes, erased: BarcodeFindings(codes: []))
        default:
            return nil
        }
    }
}
