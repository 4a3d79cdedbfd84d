import DocumentModel
import Foundation
import Imaging

/// The page work of one worker process: engines are created on first use and reused across
/// pages (re-created only when a task brings different settings).
final class PageWork {
    private let faults: FaultInjection
    private let extractor = PageExtractor()
    private var preprocessor: (settings: ExtractSettings, languages: [String], engine: Preprocessor)?
    private var recognizer: (settings: OCRSettings, engine: TextRecognizer)?
    private var barcodeReader: (settings: BarcodeSettings, conservative: Bool, engine: BarcodeDetector)?
    /// The document being worked on, open by its exact path (kept while its pages come).
    private var openFile: (id: Int64, file: InputFile)?

    /// The settings of the page tasks (`WorkerRequest.settings`, sent before the first).
    var settings: StageSettings?

    /// Raster resolution for text-layer pages whose image only serves ruling detection.
    static let rulingDPI = 100

    init(faults: FaultInjection) { self.faults = faults }

    func pageCount(_ document: DocumentRef) throws -> Int {
        try faults.trigger(stage: .extract, path: document.path, page: 0)
        return try withOpened(document) { try extractor.pageCount(of: $0) }
    }

    /// Runs `body` with `document` as the C libraries should see it: the regular file opened by
    /// its exact bytes (`InputFile`), named by its descriptor. Messages name the real path.
    private func withOpened<T>(_ document: DocumentRef, _ body: (DocumentRef) throws -> T) throws -> T {
        if openFile?.id != document.id || openFile?.file.path != document.filePath {
            openFile = nil
            openFile = (document.id, try InputFile(document.filePath))
        }
        let file = openFile!.file
        var ref = document
        ref.path = file.descriptorPath
        ref.pathBytes = nil
        do {
            return try body(ref)
        } catch {
            throw OpenedFileError(message: describe(error).replacingOccurrences(of: file.descriptorPath, with: document.path))
        }
    }

    /// Runs the task's stages in order, reporting each; a stage that throws is reported as failed
    /// and the stages that depend on it are skipped. Errors thrown from here are protocol errors.
    func run(_ task: PageTask, emit: (WorkerEvent) throws -> Void) throws {
        let started = Date()
        let id = task.taskID
        guard let settings else {
            throw WorkerProtocolError(message: "page task \(task.taskID) came before any settings")
        }

        /// Runs one stage: announces it, triggers test faults, times it, reports a failure.
        func stage<T>(_ s: Stage, _ body: () throws -> T) throws -> (T, Int)? {
            try emit(.stageStarted(taskID: id, stage: s))
            let t0 = Date()
            do {
                try faults.trigger(stage: s, path: task.document.path, page: task.pageNumber)
                let value = try body()
                return (value, Int(Date().timeIntervalSince(t0) * 1000))
            } catch {
                try emit(.stageFailed(taskID: id, stage: s, message: describe(error)))
                return nil
            }
        }

        var image: Image?
        var extracted: ExtractOutput?
        var text = task.storedText
        var textDPI: Int?
        var early: (text: PageText, ms: Int)?
        var ocrFailed = false
        let ocr = settings.ocr.with(languages: task.ocrLanguages)
        let needsImage = !task.stages.isDisjoint(with: [.extract, .ocr, .barcodes])
        if needsImage {
            // Without barcodes, a text-layer page's raster serves only ruling detection: 100 dpi
            // is plenty, and it is rendered straight to the 1-bit ink the detector works on.
            let reduced = task.stages.contains(.barcodes) ? nil
                : TextLayerRaster(dpi: PageWork.rulingDPI, inkThreshold: RulingDetector().threshold)
            guard let (page, extractMS) = try stage(.extract, {
                try withOpened(task.document) {
                    try extractor.extract($0, page: task.pageNumber, settings: settings.extract, textLayerRaster: reduced)
                }
            }) else { return }
            let usesOCR = page.textSource == .ocr
            // Orientation after the first reading: OSD costs about a third of a fast reading, and
            // nearly every page is upright; only a page that reads poorly is checked (and read
            // again when it is turned). Without OCR in this task, OSD runs first as before.
            let readFirst = usesOCR && settings.extract.detectOrientation && ocr.enabled && task.stages.contains(.ocr)
            guard var (prepared, prepMS) = try stage(.preprocess, {
                usesOCR ? try preprocess(page.image, textScale: page.textScale, settings.extract,
                                         languages: ocr.languages, orientation: !readFirst)
                        : PreparedImage(image: page.image, rotation: 0, skewDegrees: 0)
            }) else { return }
            if readFirst {
                let remaining = max(1, settings.pageTimeout * 0.9 - Date().timeIntervalSince(started))
                if let ((reading, upright), ms) = try stage(.ocr, {
                    try recognizeUpright(page, prepared, settings, ocr: ocr, deadline: remaining)
                }) {
                    early = (reading, ms)
                    prepared = upright
                } else {
                    ocrFailed = true
                }
            }
            // Ruling lines belong to the page's preparation: a leptonica failure fails that stage.
            guard let (rulings, _) = try stage(.preprocess, {
                settings.layout.enabled && settings.layout.tables
                    ? try LayoutStage.rulings(in: prepared.image).map { $0.scaled(by: Double(page.dpi) / Double(page.imageDPI)) }
                    : []
            }) else { return }
            let figures = settings.layout.enabled
                ? LayoutStage.figureRegions(in: prepared.image).map { $0.scaled(by: Double(page.dpi) / Double(page.imageDPI)) }
                : []
            let size = usesOCR ? (prepared.image.width, prepared.image.height) : (page.width, page.height)
            // An image without a resolution takes the estimate measured on the upright page.
            let dpi = page.resolutionEstimated ? PageExtractor.resolution(estimatedFrom: prepared.textScale) : page.dpi
            let output = ExtractOutput(
                size: PageSize(width: size.0, height: size.1, dpi: dpi),
                textSource: page.textSource, rotation: prepared.rotation, skew: prepared.skewDegrees,
                rulings: rulings, figures: figures, textLayer: page.textLayer,
                estimatedDPI: usesOCR ? prepared.textScale?.estimatedDPI : nil)
            try emit(.extracted(taskID: id, output: output, ms: extractMS + prepMS))
            textDPI = prepared.textDPI
            image = prepared.image
            extracted = output
            if let layer = page.textLayer { text = layer }
        }
        var recognizedMS: Int?
        if let early {
            text = early.text
            recognizedMS = early.ms
            // Sent before the barcode stage runs: a crash there keeps the OCR.
            try emit(.recognized(taskID: id, text: early.text, ms: early.ms))
        } else if !ocrFailed, task.stages.contains(.ocr), extracted?.textSource == .ocr, let image {
            let remaining = max(1, settings.pageTimeout * 0.9 - Date().timeIntervalSince(started))
            if let (recognized, ms) = try stage(.ocr, { try recognize(image, textDPI: textDPI, ocr, deadline: remaining) }) {
                text = recognized
                recognizedMS = ms
                // Sent before the barcode stage runs: a crash there keeps the OCR.
                try emit(.recognized(taskID: id, text: recognized, ms: ms))
            } else {
                ocrFailed = true
            }
        }
        // Barcodes come before layout: the structure places them, and words inside a symbol
        // (OCR reading a QR code or a PDF417 as "text") are left out.
        var codes = task.storedBarcodes
        if task.stages.contains(.barcodes), let image {
            guard let (found, ms) = try stage(.barcodes, {
                try barcodes(settings.barcodes, conservative: task.conservativeBarcodes)
                    .detect(image, textWords: text?.words.count ?? 0)
            }) else { return }
            codes = found
            try emit(.barcodes(taskID: id, barcodes: found, ms: ms))
        }
        if let recognized = text, let recognizedMS, let codes {
            // The stored text leaves them out too (sent again, filtered).
            let filtered = recognized.removingWords(inside: codes)
            if filtered != recognized {
                text = filtered
                try emit(.recognized(taskID: id, text: filtered, ms: recognizedMS))
            }
        }
        if task.stages.contains(.layout), !ocrFailed {
            let pageText = (text ?? PageText(source: extracted?.textSource ?? .ocr, lines: [])).removingWords(inside: codes ?? [])
            let size = extracted?.size ?? task.storedSize ?? PageSize(width: 0, height: 0, dpi: 0)
            let rulings = extracted?.rulings ?? task.storedRulings ?? []
            let figures = extracted?.figures ?? task.storedFigures ?? []
            if let (blocks, ms) = try stage(.layout, {
                // Only a document's first page may hold its title; running headers and footers
                // are found by the coordinator's document pass.
                LayoutStage.analyze(text: pageText, rulings: rulings, figures: figures, width: size.width, height: size.height,
                                    settings: settings.layout, isFirstPage: task.pageNumber == 1,
                                    repeatedMargins: task.repeatedMargins)
            }) {
                try emit(.laidOut(taskID: id, blocks: blocks,
                                  structureJSON: LayoutStage.structureJSON(blocks, barcodes: codes ?? []), ms: ms))
            }
        }
    }

    private func preprocessor(_ settings: ExtractSettings, languages: [String]) throws -> Preprocessor {
        if preprocessor?.settings != settings || preprocessor?.languages != languages {
            preprocessor = (settings, languages, try Preprocessor(settings: settings, languages: languages))
        }
        return preprocessor!.engine
    }

    private func preprocess(_ image: Image, textScale: TextScale?, _ settings: ExtractSettings,
                            languages: [String], orientation: Bool) throws -> PreparedImage {
        try preprocessor(settings, languages: languages).prepare(image, textScale: textScale, orientation: orientation)
    }

    /// Reads the prepared (deskewed, not yet turned) page; when the reading is poor
    /// (`Preprocessor.mayBeTurned`), asks orientation detection and, if the page is turned,
    /// reads the upright page instead. Returns the reading and the image it was made on.
    private func recognizeUpright(_ page: ExtractedPage, _ prepared: PreparedImage, _ settings: StageSettings,
                                  ocr: OCRSettings, deadline: Double) throws -> (PageText, PreparedImage) {
        let start = Date()
        let reading = try recognize(prepared.image, textDPI: prepared.textDPI, ocr, deadline: deadline)
        guard Preprocessor.mayBeTurned(reading) else { return (reading, prepared) }
        let pre = try preprocessor(settings.extract, languages: ocr.languages)
        guard let upright = try pre.reoriented(page.image, textScale: page.textScale) else { return (reading, prepared) }
        let left = max(1, deadline - Date().timeIntervalSince(start))
        return (try recognize(upright.image, textDPI: upright.textDPI, ocr, deadline: left), upright)
    }

    private func recognize(_ image: Image, textDPI: Int?, _ settings: OCRSettings, deadline: Double) throws -> PageText {
        if recognizer?.settings != settings { recognizer = (settings, try TextRecognizer(settings: settings)) }
        return try recognizer!.engine.recognize(image, textDPI: textDPI, deadline: deadline)
    }

    private func barcodes(_ settings: BarcodeSettings, conservative: Bool) -> BarcodeDetector {
        if barcodeReader?.settings != settings || barcodeReader?.conservative != conservative {
            // After a crash, retry without the symbologies known to abort zxing-cpp 1.4.
            let excluded: Set<Symbology> = conservative ? [.gs1DataBar, .gs1DataBarExpanded, .maxiCode] : []
            barcodeReader = (settings, conservative, BarcodeDetector(settings: settings, excluding: excluded))
        }
        return barcodeReader!.engine
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
