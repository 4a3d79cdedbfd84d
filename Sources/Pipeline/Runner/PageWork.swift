import DocumentModel
import Foundation
import Imaging

/// The page work of one worker process: runs each task's stages in ``StageCatalog`` order. The
/// stages' instances (and the engines they hold) are created once and reused across pages.
final class PageWork {
    private let faults: FaultInjection
    private let instances: [Stage: any PageStage]
    private let documents = OpenedDocuments()

    /// The settings of the page tasks (`WorkerRequest.settings`, sent before the first).
    var settings: StageSettings?

    init(faults: FaultInjection) {
        self.faults = faults
        instances = Dictionary(uniqueKeysWithValues: StageCatalog.declared.map { ($0.stage, $0.init() as any PageStage) })
    }

    func pageCount(_ document: DocumentRef) throws -> Int {
        try faults.trigger(stage: .extract, path: document.path, page: 0)
        guard let extract = instances[.extract] as? ExtractPageStage else { return 0 }
        return try documents.withOpened(document) { try extract.pageCount($0) }
    }

    /// Runs the task's stages in order, sending each output as it is made; a stage that fails is
    /// reported, and the stages that read its output are skipped. Errors thrown from here are
    /// protocol errors.
    func run(_ task: PageTask, emit: @escaping (WorkerEvent) throws -> Void) throws {
        guard let settings else {
            throw WorkerProtocolError(message: "page task \(task.taskID) came before any settings")
        }
        let page = PageContext(task: task, settings: settings, faults: faults, instances: instances,
                               documents: documents, emit: emit)
        let due = StageCatalog.executionOrder.filter { task.stages.contains($0.stage) }
        let imageNeeded = due.contains { $0.needsImage }
        for type in StageCatalog.executionOrder {
            guard task.stages.contains(type.stage) || (imageNeeded && type.producesImage) else { continue }
            // Skipped: it failed already (in an earlier stage's step), or an input failed.
            guard !page.failed.contains(type.stage), !type.inputs.contains(where: page.failed.contains) else { continue }
            guard let instance = instances[type.stage] else { continue }
            let stepsBefore = page.stepMS
            let t0 = Date()
            guard let output = try type.runErased(instance, page) else {
                // The image's producer failing leaves nothing to work on.
                if type.producesImage && page.failed.contains(type.stage) { return }
                continue
            }
            let wall = Int(Date().timeIntervalSince(t0) * 1000)
            try page.produce(stage: type.stage, erased: output,
                             ms: Self.duration(of: type.stage, wall: wall, stepsBefore: stepsBefore, stepsAfter: page.stepMS))
        }
    }
}

extension PageWork {
    /// The time a stage took on a page: the wall time of its run, less the steps it made for
    /// other stages (extraction reads the page for OCR while checking orientation), plus its own
    /// steps made earlier in another stage's run (that reading, counted for OCR).
    static func duration(of stage: Stage, wall: Int, stepsBefore: [Stage: Int], stepsAfter: [Stage: Int]) -> Int {
        let foreign = stepsAfter.reduce(0) { sum, step in
            step.key == stage ? sum : sum + step.value - (stepsBefore[step.key] ?? 0)
        }
        return max(0, wall - foreign) + (stepsBefore[stage] ?? 0)
    }
}

/// The document being worked on, open by its exact path, kept while its pages come: the C
/// libraries see the regular file opened by its exact bytes (`InputFile`), named by its
/// descriptor; messages name the real path.
final class OpenedDocuments {
    private var open: (id: Int64, file: InputFile)?

    func withOpened<T>(_ document: DocumentRef, _ body: (DocumentRef) throws -> T) throws -> T {
        if open?.id != document.id || open?.file.path != document.filePath {
            open = nil
            open = (document.id, try InputFile(document.filePath))
        }
        let file = open!.file
        var ref = document
        ref.path = file.descriptorPath
        ref.pathBytes = nil
        do {
            return try body(ref)
        } catch {
            throw OpenedFileError(message: describe(error).replacingOccurrences(of: file.descriptorPath, with: document.path))
        }
    }
}

/// A failure reading a document opened by descriptor, with the message naming the real path.
struct OpenedFileError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The coordinator broke the worker protocol (a bug, never bad input).
struct WorkerProtocolError: Error, CustomStringConvertible {
    var message: String
    var description: String { "worker protocol: \(message)" }
}
