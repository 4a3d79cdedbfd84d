import DocumentModel

/// Messages between the coordinator and its worker processes: one binary frame each
/// (`FrameChannel.swift`, `BinaryEncoder`).
/// Everything here is a plain Sendable & Codable value (STYLE 13).

/// What a worker is asked to do.
public enum WorkerRequest: Codable, Sendable {
    /// The stage settings for the page tasks that follow (sent once, before a worker's first
    /// page task: they are the same for the whole run).
    case settings(StageSettings)
    /// Open a document and count its pages.
    case count(taskID: Int, document: DocumentRef)
    /// Process one page.
    case page(PageTask)
}

/// One page's work: which stored stages to produce (with the settings the worker was last sent).
public struct PageTask: Codable, Sendable {
    public var taskID: Int
    public var document: DocumentRef
    public var pageNumber: Int
    /// Stored stages to produce (`Stage.stored` members). Extraction runs whenever a stage needs
    /// the image; its output is sent (and stored) only when `.extract` is asked for.
    public var stages: Set<Stage>
    /// Stored outputs of stages this task reads but does not redo (loaded by the coordinator:
    /// a layout redo gets the page's stored words, rulings, size and barcodes).
    public var stored: [StageOutput] = []
    /// What the rest of the document tells the due stages that ask (`PageStage.documentContext`).
    public var documentContexts: [StageDocumentContext] = []
    /// True when a previous attempt of the barcode stage crashed its worker: use the
    /// conservative reader configuration.
    public var conservativeBarcodes: Bool
    /// Running header/footer keys of the document (`HeadersFooters.key`), known after its pages:
    /// set for a document-pass task.
    public var repeatedMargins: Set<String> = []
    /// A document-pass task: the page laid out again once its document is done, with the
    /// document's `repeatedMargins` as they are. A page's own layout takes the margin keys of
    /// the document's pages its worker laid out before (`LayoutPageStage`).
    public var documentPass = false
    /// The OCR languages of the document's input, when it sets its own (else `ocr.languages`).
    public var ocrLanguages: [String]?

    public init(taskID: Int, document: DocumentRef, pageNumber: Int, stages: Set<Stage>,
                stored: [StageOutput] = [], conservativeBarcodes: Bool = false) {
        self.taskID = taskID; self.document = document; self.pageNumber = pageNumber; self.stages = stages
        self.stored = stored; self.conservativeBarcodes = conservativeBarcodes
    }
}

public struct PageSize: Codable, Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var dpi: Int
    public init(width: Int, height: Int, dpi: Int) { self.width = width; self.height = height; self.dpi = dpi }
}

/// The settings of every stage, as one value a worker can cache engines by.
public struct StageSettings: Codable, Sendable, Equatable, StageSettingsHolder {
    public var stages: StageSettingsSet
    public var pageTimeout: Double

    public init(spec: PipelineSpec) {
        stages = spec.stages
        pageTimeout = spec.run.pageTimeout
    }
}


/// What a worker reports, in order, for one task.
public enum WorkerEvent: Codable, Sendable {
    /// Sent once when the worker has started.
    case ready(pid: Int32)
    /// Sent before a stage begins, so a crash can be attributed to it.
    case stageStarted(taskID: Int, stage: Stage)
    case pageCount(taskID: Int, count: Int)
    case documentFailed(taskID: Int, message: String)
    /// A stage's output for the page (sent again when a later stage revises it).
    case output(taskID: Int, output: StageOutput, ms: Int)
    /// A stage threw: the stages that depend on it are skipped, the others still run.
    case stageFailed(taskID: Int, stage: Stage, message: String)
    /// The task is complete (whatever failed along the way).
    case finished(taskID: Int)
}

extension WorkerEvent {
    /// OCR's reading of a page.
    static func recognized(taskID: Int, text: PageText, ms: Int) -> WorkerEvent {
        .output(taskID: taskID, output: StageOutput(OCRPageStage.self, text), ms: ms)
    }
}
