import DocumentModel
import Foundation
import Imaging

/// One page task as the stages of a worker see it: the task, the settings, what earlier stages
/// produced (or what the coordinator loaded from the database for them), and the reporting of
/// each step. Lives for one page task.
final class PageContext {
    let task: PageTask
    let settings: StageSettings
    let started = Date()
    private let faults: FaultInjection
    private let emit: (WorkerEvent) throws -> Void
    private let instances: [Stage: any PageStage]
    private let documents: OpenedDocuments

    /// Outputs by stage: loaded from the database first, replaced by what stages produce here.
    private(set) var outputs: [Stage: any Sendable] = [:]
    /// Stages produced in this task (their outputs were sent).
    private(set) var produced: Set<Stage> = []
    /// Stages (not steps) that failed in this task.
    private(set) var failed: Set<Stage> = []
    /// Durations of the stages produced here, in milliseconds.
    private var durations: [Stage: Int] = [:]

    /// Milliseconds of the steps made so far in this task, by the stage they belong to (a
    /// preprocess step is extraction's; OCR's reading during orientation checking is OCR's).
    private(set) var stepMS: [Stage: Int] = [:]

    init(task: PageTask, settings: StageSettings, faults: FaultInjection, instances: [Stage: any PageStage],
         documents: OpenedDocuments, emit: @escaping (WorkerEvent) throws -> Void) {
        self.task = task; self.settings = settings; self.faults = faults; self.instances = instances
        self.documents = documents; self.emit = emit
        for stored in task.stored { outputs[stored.stage] = stored.value }
    }

    var document: DocumentRef { task.document }
    var pageNumber: Int { task.pageNumber }

    /// Runs `body` with the task's document open (see ``OpenedDocuments``).
    func withOpenedDocument<T>(_ body: (DocumentRef) throws -> T) throws -> T {
        try documents.withOpened(task.document, body)
    }

    /// Whether `stage` is due in this task (its output will be stored).
    func isDue(_ stage: Stage) -> Bool { task.stages.contains(stage) }

    /// Seconds left for OCR: 90 % of the page timeout, less what the page has used.
    var ocrDeadline: Double { max(1, settings.pageTimeout * 0.9 - Date().timeIntervalSince(started)) }

    /// Runs one step: announces it (so a crash is attributed to it), triggers test faults, times
    /// it, and reports a failure. Returns nil when the step threw.
    func step<T>(_ stage: Stage, _ body: () throws -> T) throws -> (T, Int)? {
        try emit(.stageStarted(taskID: task.taskID, stage: stage))
        let t0 = Date()
        do {
            try faults.trigger(stage: stage, path: task.document.path, page: task.pageNumber,
                               conservativeBarcodes: task.conservativeBarcodes)
            let value = try body()
            let ms = Int(Date().timeIntervalSince(t0) * 1000)
            stepMS[stage.storedStage, default: 0] += ms
            return (value, ms)
        } catch {
            try emit(.stageFailed(taskID: task.taskID, stage: stage, message: describe(error)))
            failed.insert(stage.storedStage)
            return nil
        }
    }

    /// The output of `type` on this page: produced in this task, or loaded from the database.
    func output<S: PageStage>(of type: S.Type) -> S.Output? { outputs[S.stage] as? S.Output }

    /// What the rest of the document tells `type` (``PageStage/documentContext(for:from:)``).
    func documentContext<S: PageStage>(of type: S.Type) -> S.DocumentContext? {
        task.documentContexts.first { $0.stage == S.stage }?.value as? S.DocumentContext
    }

    /// Records and sends the output of `type`, taking `ms` to make.
    func produce<S: PageStage>(_ type: S.Type, _ output: S.Output, ms: Int) throws {
        try produce(stage: S.stage, erased: output, ms: ms)
    }

    func produce(stage: Stage, erased output: any Sendable, ms: Int) throws {
        outputs[stage] = output
        produced.insert(stage)
        durations[stage] = ms
        try emit(.output(taskID: task.taskID, output: StageOutput(stage: stage, erased: output), ms: ms))
    }

    /// Milliseconds the step producing `stage` took (for a stage that records another's output).
    func duration(of stage: Stage) -> Int? { durations[stage] }

    /// Changes the output of `type` made in this task and sends it again (a later stage refining
    /// an earlier one's output, such as barcodes taking OCR's words inside symbols out).
    /// `change` returns nil to leave it as it is.
    func revise<S: PageStage>(_ type: S.Type, _ change: (S.Output) -> S.Output?) throws {
        guard produced.contains(S.stage), let current = output(of: type), let revised = change(current) else { return }
        try produce(type, revised, ms: durations[S.stage] ?? 0)
    }

    /// Another stage's instance in this worker (e.g. OCR, which extraction asks to read a page
    /// before checking its orientation).
    func instance<S: PageStage>(of type: S.Type) -> S? { instances[S.stage] as? S }

    /// Marks `stage` failed without running it (a step of another stage failed for it).
    func markFailed(_ stage: Stage) { failed.insert(stage) }
}
