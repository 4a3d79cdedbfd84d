import CTesseract
import DocumentModel
import Imaging

/// Options for one `TesseractEngine.recognize` call.
public struct RecognitionOptions {
    /// Segmentation for this call (pages: `.auto`; line crops: `.singleLine`).
    public var segmentation: PageSegmentation = .auto
    /// Seconds the recognition may take (checked by Tesseract between words); nil: no limit.
    public var deadline: Double? = nil
    /// Polled between words; returning true stops the page with `OCRError.cancelled`.
    public var isCancelled: (() -> Bool)? = nil
    /// Resolution to tell Tesseract when the image carries none (or an implausible one).
    public var fallbackResolution: Int = 300
    /// The stage recorded on the lines.
    public var stage: TextStage = .fast
    /// Domain terms: near-misses outside Tesseract's dictionary are corrected to them.
    public var vocabulary: Vocabulary? = nil
    /// When weak lines are re-read inverted (Tesseract's default: always).
    public var invertedLines: InvertedLines = .always

    public init(segmentation: PageSegmentation = .auto, deadline: Double? = nil,
                isCancelled: (() -> Bool)? = nil, fallbackResolution: Int = 300,
                stage: TextStage = .fast, vocabulary: Vocabulary? = nil, invertedLines: InvertedLines = .always) {
        self.segmentation = segmentation; self.deadline = deadline; self.isCancelled = isCancelled
        self.fallbackResolution = fallbackResolution; self.stage = stage; self.vocabulary = vocabulary
        self.invertedLines = invertedLines
    }
}

extension TesseractEngine {
    /// Recognises `image` and returns its text as document-model values; no Tesseract object
    /// outlives the call (`TessBaseAPIClear` runs before returning).
    /// - Throws: `OCRError.deadlineExceeded`, `.cancelled`, `.recognitionFailed`.
    public func recognize(_ image: Image, options: RecognitionOptions = .init()) throws -> PageText {
        try withAPI { api in
            defer { TessBaseAPIClear(api) }
            TessBaseAPISetPageSegMode(api, options.segmentation.tess)
            image.withPix { pix in
                // SetImage2 takes its own reference/copy of the pix (ImageThresholder::SetImage).
                TessBaseAPISetImage2(api, pix)
            }
            let dpi = image.resolution
            TessBaseAPISetSourceResolution(api, Int32((70...2400).contains(dpi) ? dpi : options.fallbackResolution))
            let inverted = try readsInvertedLines(options.invertedLines, api: api)
            lastReadInvertedLines = inverted
            // SetVariable: 0 for an unknown name or a bad value (neither here). Read by the
            // recogniser line by line, so it takes effect for this Recognize.
            TessBaseAPISetVariable(api, "tessedit_do_invert", inverted ? "1" : "0")
            let monitor = RecognitionMonitor(deadline: options.deadline, isCancelled: options.isCancelled)
            let status = TessBaseAPIRecognize(api, monitor.pointer)
            if monitor.wasCancelled { throw OCRError.cancelled }
            if status != 0 {
                if let deadline = options.deadline, monitor.deadlinePassed {
                    throw OCRError.deadlineExceeded(seconds: deadline)
                }
                throw OCRError.recognitionFailed("TessBaseAPIRecognize returned \(status)")
            }
            // TessBaseAPIGetIterator: NULL when nothing was recognised; the caller deletes it.
            guard let results = ResultIterator(taking: TessBaseAPIGetIterator(api)) else {
                return PageText(source: .ocr, lines: [])
            }
            return PageTextReader(stage: options.stage, vocabulary: options.vocabulary).read(results)
        }
    }

    /// Whether this recognition re-reads weak lines inverted, after `SetImage` and
    /// `SetSourceResolution`. For `.whereDarkAreas` it looks at Tesseract's own binarisation of
    /// the image: `GetThresholdedImage` thresholds it and keeps the result for `Recognize`
    /// ("May be called any time after SetImage"; `FindLines` thresholds only when no binary
    /// image is held), so the check costs no second thresholding. A failure to get it keeps
    /// the inverted re-reads (the cautious answer).
    private func readsInvertedLines(_ policy: InvertedLines, api: OpaquePointer) throws -> Bool {
        switch policy {
        case .always: return true
        case .never: return false
        case .whereDarkAreas(let xHeight):
            // GetThresholdedImage: "Caller takes ownership of the Pix and must pixDestroy it."
            guard let pix = TessBaseAPIGetThresholdedImage(api) else { return true }
            return try Image(owning: pix).mayHoldLightText(xHeight: xHeight)
        }
    }
}
