import DocumentModel
import Foundation
import Imaging
import OCR

/// A page image made ready for OCR: upright and deskewed, with what was done to it.
public struct PreparedImage {
    public var image: Image
    /// Clockwise degrees applied to make the page upright: 0, 90, 180 or 270.
    public var rotation: Int
    /// Skew measured on the (upright) page, degrees, clockwise positive; the image was rotated
    /// by the opposite amount. 0 when deskewing is off or nothing reliable was measured.
    public var skewDegrees: Double
    /// The size of the text on `image` (measured again after a quarter turn); nil when unknown.
    public var textScale: TextScale?
    /// The resolution the size of the page's text corresponds to (see `Preprocessor.textDPI`).
    public var textDPI: Int

    public init(image: Image, rotation: Int, skewDegrees: Double, textScale: TextScale? = nil, textDPI: Int? = nil) {
        self.image = image; self.rotation = rotation; self.skewDegrees = skewDegrees
        self.textScale = textScale
        self.textDPI = textDPI ?? (image.resolution >= 70 ? image.resolution : PageExtractor.fallbackDPI)
    }
}

/// The preprocess stage: orientation (Tesseract OSD, with a reading check when it is not
/// clear-cut) and deskew (leptonica), each switchable in `ExtractSettings`. Create once per
/// worker (it owns an OSD engine and a recogniser for the check) and reuse.
public final class Preprocessor {
    /// OSD runs on a grey copy scaled to this text resolution (down from finer pages, up from
    /// coarser ones). Measured on bench/ocr-quality (24 pages): 200 dpi as accurate as 300 dpi
    /// and ≈10 % faster; at 150 dpi a 6-pt page was called upside down (confidence 2.3), at
    /// 100 dpi rotated pages were called the wrong way with confidence up to 6.3.
    public static let orientationDPI = 200
    /// Below this OSD confidence the page is left as it is. Measured at 150–300 dpi: wrong
    /// calls ≤ 2.33, correct calls on rotated pages ≥ 6.
    public static let minimumOrientationConfidence = 3.0
    /// At and above this OSD confidence a turn is taken without checking. Between the two, the
    /// page is read both ways (`verifiedRotation`). Wrong calls on upright real pages (journal
    /// pages, receipts) reached confidence 6.3 at low resolution; turned pages at a sound
    /// resolution score 10 and more.
    public static let clearOrientationConfidence = 10.0
    /// A turn checked by reading must read this much better (`ReadingQuality.score`, 0...1).
    public static let orientationCheckMargin = 0.1
    /// Skews smaller than this are left alone. Measured with the Tesseract CLI on 10-pt and 7-pt
    /// A5 pages, clean and degraded: up to 1° of tilt the text reads as well as straight
    /// (CER 0.00–0.04 % on clean and 7-pt pages), from 1.5° it degrades (7 pt: 20 % at 1.5°,
    /// 95 % at 2°). Straightening costs ≈ 60 ms of area-mapped rotation on a 300-dpi A4 page, and
    /// Tesseract works longer on the resampled page; below 0.5° that buys nothing.
    public static let minimumSkew = 0.5
    /// Leptonica's confidence below which a skew measurement is not trusted.
    public static let minimumSkewConfidence = 3.0

    private let settings: ExtractSettings
    private let languages: [String]
    /// The OSD engine, made on first use. The pipeline reads a page before it looks at its
    /// orientation (only a poor reading calls ``reoriented(_:textScale:)``), so most workers
    /// never need it; loading it at start cost ≈ 55 ms of CPU a worker (a one-page run with
    /// `detect_orientation` on, 0.22 s against 0.16 s off).
    private var detector: OrientationDetector?
    /// True once the OSD engine has been loaded (for tests).
    package var orientationEngineLoaded: Bool { detector != nil }
    /// The recogniser of the orientation check, made on first use.
    private var checker: TesseractEngine?

    /// - Parameter languages: the OCR languages (for the reading check of doubtful turns).
    /// - Throws: `OCRError.missingLanguage("osd", …)` when orientation detection is on and
    ///   `tesseract-ocr-osd` is not installed.
    public init(settings: ExtractSettings, languages: [String] = ["eng"]) throws {
        self.settings = settings
        self.languages = languages
        // The model's absence is an error of the run's start, as it was when the engine was made here.
        if settings.detectOrientation, !Tessdata.isInstalled("osd") {
            throw OCRError.missingLanguage("osd", debianPackage: Tessdata.debianPackage(for: "osd"))
        }
    }

    /// The OSD engine (made now if not yet); nil when orientation detection is off.
    private func orientationDetector() throws -> OrientationDetector? {
        guard settings.detectOrientation else { return nil }
        if detector == nil { detector = try OrientationDetector() }
        return detector
    }

    /// The resolution the size of the page's text corresponds to: with `assumed_image_dpi: auto`
    /// the page's own estimate (`TextScale`) when there is one, else the image's resolution
    /// (the file's, the assumed one, or 300).
    public func textDPI(of image: Image, scale: TextScale?) -> Int {
        if settings.assumedImageDPI == nil, let scale { return min(2400, max(30, scale.estimatedDPI)) }
        return image.resolution >= 70 ? image.resolution : (settings.assumedImageDPI ?? PageExtractor.fallbackDPI)
    }

    /// - Parameters:
    ///   - textScale: the text size measured on `image` (`ExtractedPage.textScale`).
    ///   - orientation: false to skip orientation detection here (the caller reads the page
    ///     first and calls `reoriented` only when the reading is poor).
    public func prepare(_ image: Image, textScale: TextScale? = nil, orientation: Bool = true) throws -> PreparedImage {
        var current = image
        var rotation = 0
        var scale = textScale
        var dpi = textDPI(of: image, scale: scale)
        if orientation, let detector = try orientationDetector(),
           let found = try detectOrientation(of: image, textDPI: dpi, with: detector) {
            rotation = (360 - found) % 360
            if rotation != 0 {
                current = try current.rotated(quarterTurns: rotation / 90)
                // Quarter turns put the letters' widths where their heights were: measure again.
                if rotation % 180 != 0, scale != nil {
                    scale = try current.textScale()
                    dpi = textDPI(of: current, scale: scale)
                } else {
                    // A half turn keeps the text's size; where the text is turns with the page.
                    let area = scale?.area?.rotated(clockwiseDegrees: 180, width: current.width, height: current.height)
                    scale?.area = area
                }
            }
        }
        var skew = 0.0
        if settings.deskew, let estimate = try current.ocrFindSkew(range: 10),
           estimate.confidence >= Self.minimumSkewConfidence,
           abs(estimate.degrees) >= Self.minimumSkew, abs(estimate.degrees) <= 10 {
            skew = estimate.degrees
            current = try current.ocrRotatedSmall(clockwiseDegrees: -skew)
            let area = scale?.area?.rotated(clockwiseDegrees: -skew, width: current.width, height: current.height)
            scale?.area = area
        }
        return PreparedImage(image: current, rotation: rotation, skewDegrees: skew, textScale: scale, textDPI: dpi)
    }

    /// The page prepared again, turned upright, when orientation detection (with its reading
    /// check) finds it turned; nil when it is upright, undetermined, or detection is off.
    public func reoriented(_ image: Image, textScale: TextScale?) throws -> PreparedImage? {
        guard settings.detectOrientation else { return nil }
        let prepared = try prepare(image, textScale: textScale, orientation: true)
        return prepared.rotation == 0 ? nil : prepared
    }

    /// Below this mean word confidence a reading may come from a turned page. Measured with the
    /// fast model on real pages turned 180°: 10 receipts and 4 arXiv pages read at 25–40
    /// upside down, and at 62–94 upright (one faded receipt 40 with `--psm 6`, 78 here). At
    /// the former bound, 70, a third of the dev receipts had orientation detection run on
    /// them for nothing (OSD, on a page prepared again, was 4 % of the dev set's CPU time).
    public static let uprightReadingConfidence = 55.0

    /// True when a reading suggests the page may not be upright: few words, a low mean word
    /// confidence (upside-down text reads as confident garbage of about 30), or most lines
    /// standing upright (Tesseract reads a page lying on its side as vertical lines).
    public static func mayBeTurned(_ reading: PageText) -> Bool {
        let words = reading.words
        guard words.count >= 8 else { return true }
        if reading.meanConfidence < uprightReadingConfidence { return true }
        let long = reading.lines.filter { $0.text.count >= 6 }
        let standing = long.filter { $0.box.height > $0.box.width }.count
        return !long.isEmpty && standing * 2 > long.count
    }

    /// A probe is never enlarged past this many pixels. A 12-megapixel camera photo of a QR code
    /// has no text size and a 72-dpi file resolution: enlarged 2.8× it became a 94-megapixel
    /// probe, and orientation detection on it took 5 s of CPU, so the page failed on the 10 s
    /// limit under load (dev set: `close/image017.jpg`). A page of text at 200 dpi is 4
    /// megapixels (A4); a probe that must be enlarged past 16 stays at the page's own size.
    static let maxEnlargedProbePixels = 16_000_000.0

    /// The scale of the probe of a `width`×`height` image whose text is at `textDPI`: to
    /// `orientationDPI`, enlarging at most 3× and not past ``maxEnlargedProbePixels``.
    static func probeFactor(width: Int, height: Int, textDPI: Int) -> Double {
        let factor = min(3, Double(orientationDPI) / Double(max(1, textDPI)))
        guard factor > 1 else { return factor }
        return max(1, min(factor, (maxEnlargedProbePixels / Double(max(1, width * height))).squareRoot()))
    }

    /// A grey copy of `image` at `orientationDPI` text resolution (``probeFactor(width:height:textDPI:)``).
    private func probe(_ image: Image, textDPI: Int) throws -> Image {
        var probe = try image.grayscale()
        let factor = Self.probeFactor(width: image.width, height: image.height, textDPI: textDPI)
        if factor < 0.87 || factor > 1.15 { probe = try probe.scaled(by: factor) }
        return try probe.ocrWithResolution(Int((Double(textDPI) * (factor < 0.87 || factor > 1.15 ? factor : 1)).rounded()))
    }

    /// The clockwise rotation of the input, or nil when OSD is unsure, finds no text, or (below
    /// `clearOrientationConfidence`) the turned page does not read clearly better.
    private func detectOrientation(of image: Image, textDPI: Int, with detector: OrientationDetector) throws -> Int? {
        let probe = try probe(image, textDPI: textDPI)
        let result: OrientationResult
        do {
            result = try detector.detect(probe)
        } catch OCRError.orientationUndetermined {
            return nil
        }
        guard result.confidence >= Self.minimumOrientationConfidence else { return nil }
        guard result.rotation != 0, result.confidence < Self.clearOrientationConfidence else { return result.rotation }
        return try verifiedRotation(result.rotation, probe: probe) ? result.rotation : nil
    }

    /// The reading check on `image` (whose text is at `textDPI`), as `prepare` makes it.
    func verifiedRotation(_ rotation: Int, of image: Image, textDPI: Int) throws -> Bool {
        try verifiedRotation(rotation, probe: try probe(image, textDPI: textDPI))
    }

    /// Reads a sample of the page as it is and turned as OSD proposes; true when the turned
    /// sample reads better by `orientationCheckMargin`.
    func verifiedRotation(_ rotation: Int, probe: Image) throws -> Bool {
        if checker == nil { checker = try TesseractEngine(languages: languages) }
        guard let checker else { return false }
        let sample = try Self.sample(of: probe)
        let upright = try checker.readingQuality(of: sample, deadline: 10)
        let turned = try checker.readingQuality(of: sample.rotated(quarterTurns: (360 - rotation) % 360 / 90), deadline: 10)
        return turned.score >= upright.score + Self.orientationCheckMargin
    }

    /// The middle of the page: the central 80 % of its width and 40 % of its height (the same
    /// pixels are read both ways, so a turned page's partial lines cost both readings alike).
    static func sample(of image: Image) throws -> Image {
        let box = Box(x: image.width / 10, y: image.height * 3 / 10,
                      width: max(1, image.width * 8 / 10), height: max(1, image.height * 4 / 10))
        let sample = try image.cropped(to: box)
        sample.setResolution(image.resolution)
        return sample
    }
}
