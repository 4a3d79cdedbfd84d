import CTesseract
import DocumentModel
import Imaging

/// What Tesseract's orientation and script detection (OSD) found on a page.
public struct OrientationResult: Sendable, Hashable {
    /// How far the *input* is rotated clockwise (0, 90, 180, 270): rotating it by
    /// `(360 - rotation) % 360` degrees clockwise makes it upright.
    public var rotation: Int
    /// Tesseract's orientation confidence (not a probability; ≳ 2 is a clear decision).
    public var confidence: Double
    /// The script found (e.g. "Latin").
    public var script: String
    public var scriptConfidence: Double
}

/// Orientation and script detection (OSD) with its own Tesseract handle: the `osd` model with
/// the legacy engine (`OEM_TESSERACT_ONLY`) in `PSM_OSD_ONLY` (on an LSTM handle OSD returns
/// garbage). Needs Debian's `tesseract-ocr-osd`. Create once per worker and reuse.
public final class OrientationDetector {
    private let engine: TesseractEngine

    /// - Throws: `OCRError.missingLanguage("osd", "tesseract-ocr-osd")` when the model is absent.
    public init(dataPath: String = Tessdata.defaultPath) throws {
        engine = try TesseractEngine(languages: ["osd"], dataPath: dataPath, engineMode: .legacy)
        engine.withAPI { TessBaseAPISetPageSegMode($0, PSM_OSD_ONLY) }
    }

    /// Detects the orientation of `image` (best at 150–300 dpi with a few lines of text).
    /// - Throws: `OCRError.orientationUndetermined` when Tesseract finds too little text.
    public func detect(_ image: Image) throws -> OrientationResult {
        try engine.withAPI { api in
            defer { TessBaseAPIClear(api) }
            image.withPix { TessBaseAPISetImage2(api, $0) }
            let dpi = image.resolution
            TessBaseAPISetSourceResolution(api, Int32((70...2400).contains(dpi) ? dpi : 300))
            var degrees: Int32 = 0, conf: Float = 0, scriptConf: Float = 0
            var script: UnsafePointer<CChar>?
            // The script name points into Tesseract's unicharset: it must NOT be freed
            // (the header's "call TessDeleteText" comment is out of date).
            guard TessBaseAPIDetectOrientationScript(api, &degrees, &conf, &script, &scriptConf) != 0 else {
                throw OCRError.orientationUndetermined("Tesseract OSD found too little text on a \(image.width)x\(image.height) image")
            }
            return OrientationResult(rotation: (Int(degrees) % 360 + 360) % 360, confidence: Double(conf),
                                     script: script.map { String(cString: $0) } ?? "",
                                     scriptConfidence: Double(scriptConf))
        }
    }
}
