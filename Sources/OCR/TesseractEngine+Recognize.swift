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

    public init(segmentation: PageSegmentation = .auto, deadline: Double? = nil,
                isCancelled: (() -> Bool)? = nil, fallbackResolution: Int = 300,
                stage: TextStage = .fast, vocabulary: Vocabulary? = nil) {
        self.segmentation = segmentation; self.deadline = deadline; self.isCancelled = isCancelled
        self.fallbackResolution = fallbackResolution; self.stage = stage; self.vocabulary = vocabulary
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
}
