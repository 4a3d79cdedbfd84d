import DocumentModel

/// Messages between the coordinator and its worker processes: one JSON object per line.
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
    /// For a layout redo without OCR: the page's stored text, rulings and size.
    public var storedText: PageText?
    public var storedRulings: [RulingLine]?
    /// For a layout-only redo: the page's stored figure regions (`ExtractOutput.figures`).
    public var storedFigures: [Box]?
    public var storedSize: PageSize?
    /// For a layout redo without the barcode stage: the page's stored barcodes.
    public var storedBarcodes: [Barcode]?
    /// True when a previous attempt of the barcode stage crashed its worker: use the
    /// conservative reader configuration.
    public var conservativeBarcodes: Bool
    /// Running header/footer keys of the document (`HeadersFooters.key`), known after its pages.
    public var repeatedMargins: Set<String> = []
    /// The OCR languages of the document's input, when it sets its own (else `ocr.languages`).
    public var ocrLanguages: [String]?

    public init(taskID: Int, document: DocumentRef, pageNumber: Int, stages: Set<Stage>,
                storedText: PageText? = nil, storedRulings: [RulingLine]? = nil, storedSize: PageSize? = nil,
                conservativeBarcodes: Bool = false) {
        self.taskID = taskID; self.document = document; self.pageNumber = pageNumber; self.stages = stages
        self.storedText = storedText; self.storedRulings = storedRulings
        self.storedSize = storedSize; self.conservativeBarcodes = conservativeBarcodes
    }
}

public struct PageSize: Codable, Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var dpi: Int
    public init(width: Int, height: Int, dpi: Int) { self.width = width; self.height = height; self.dpi = dpi }
}

/// The settings of every stage, as one value a worker can cache engines by.
public struct StageSettings: Codable, Sendable, Equatable {
    public var extract: ExtractSettings
    public var ocr: OCRSettings
    public var layout: LayoutSettings
    public var barcodes: BarcodeSettings
    public var pageTimeout: Double

    public init(spec: PipelineSpec) {
        extract = spec.extract; ocr = spec.ocr; layout = spec.layout; barcodes = spec.barcodes
        pageTimeout = spec.run.pageTimeout
    }
}

/// The output of extraction and preprocessing.
public struct ExtractOutput: Codable, Sendable {
    public var size: PageSize
    public var textSource: TextSource
    public var rotation: Int
    public var skew: Double
    public var rulings: [RulingLine]
    /// Candidate figure regions of the page image (`FigureDetector`), in page pixels.
    public var figures: [Box] = []
    /// The text layer, when the page's text comes from it.
    public var textLayer: PageText?
    /// OCR pages: the resolution estimated from the size of the page's text (`TextScale`), in
    /// the original image's pixels per inch; nil when not measured.
    public var estimatedDPI: Int? = nil
}

/// What a worker reports, in order, for one task.
public enum WorkerEvent: Codable, Sendable {
    /// Sent once when the worker has started.
    case ready(pid: Int32)
    /// Sent before a stage begins, so a crash can be attributed to it.
    case stageStarted(taskID: Int, stage: Stage)
    case pageCount(taskID: Int, count: Int)
    case documentFailed(taskID: Int, message: String)
    case extracted(taskID: Int, output: ExtractOutput, ms: Int)
    case recognized(taskID: Int, text: PageText, ms: Int)
    case laidOut(taskID: Int, blocks: [Block], structureJSON: String, ms: Int)
    case barcodes(taskID: Int, barcodes: [Barcode], ms: Int)
    /// A stage threw: the stages that depend on it are skipped, the others still run.
    case stageFailed(taskID: Int, stage: Stage, message: String)
    /// The task is complete (whatever failed along the way).
    case finished(taskID: Int)
}
