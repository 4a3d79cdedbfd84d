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

    public init(image: Image, rotation: Int, skewDegrees: Double) {
        self.image = image; self.rotation = rotation; self.skewDegrees = skewDegrees
    }
}

/// The preprocess stage: orientation (Tesseract OSD) and deskew (leptonica), each switchable
/// in `ExtractSettings`. Create once per worker (it owns an OSD engine) and reuse.
public final class Preprocessor {
    /// OSD runs on a grey copy scaled down to this resolution when the page is finer. Measured on
    /// bench/ocr-quality (24 pages): 200 dpi as accurate as 300 dpi and ≈10 % faster; at 150 dpi a
    /// 6-pt page was called upside down (confidence 2.3), at 100 dpi rotated pages were called
    /// the wrong way with confidence up to 6.3.
    public static let orientationDPI = 200
    /// Below this OSD confidence the page is left as it is (upright pages must never be
    /// turned by mistake). Measured at 150–300 dpi: wrong calls ≤ 2.33, correct calls on
    /// rotated pages ≥ 6.
    public static let minimumOrientationConfidence = 3.0
    /// Skews smaller than this are left alone. Measured with the Tesseract CLI on 10-pt and 7-pt
    /// A5 pages, clean and degraded: up to 1° of tilt the text reads as well as straight
    /// (CER 0.00–0.04 % on clean and 7-pt pages), from 1.5° it degrades (7 pt: 20 % at 1.5°,
    /// 95 % at 2°). Straightening costs ≈ 60 ms of area-mapped rotation on a 300-dpi A4 page, and
    /// Tesseract works longer on the resampled page; below 0.5° that buys nothing.
    public static let minimumSkew = 0.5
    /// Leptonica's confidence below which a skew measurement is not trusted.
    public static let minimumSkewConfidence = 3.0

    private let settings: ExtractSettings
    private let detector: OrientationDetector?

    /// - Throws: `OCRError.missingLanguage("osd", …)` when orientation detection is on and
    ///   `tesseract-ocr-osd` is not installed.
    public init(settings: ExtractSettings) throws {
        self.settings = settings
        detector = settings.detectOrientation ? try OrientationDetector() : nil
    }

    public func prepare(_ image: Image) throws -> PreparedImage {
        var current = image
        var rotation = 0
        if let detector, let found = try detectOrientation(of: image, with: detector) {
            rotation = (360 - found) % 360
            if rotation != 0 { current = try current.rotated(quarterTurns: rotation / 90) }
        }
        var skew = 0.0
        if settings.deskew, let estimate = try current.ocrFindSkew(range: 10),
           estimate.confidence >= Self.minimumSkewConfidence,
           abs(estimate.degrees) >= Self.minimumSkew, abs(estimate.degrees) <= 10 {
            skew = estimate.degrees
            current = try current.ocrRotatedSmall(clockwiseDegrees: -skew)
        }
        return PreparedImage(image: current, rotation: rotation, skewDegrees: skew)
    }

    /// The clockwise rotation of the input, or nil when OSD is unsure or finds no text.
    private func detectOrientation(of image: Image, with detector: OrientationDetector) throws -> Int? {
        let dpi = image.resolution >= 70 ? image.resolution : settings.assumedImageDPI
        var probe = try image.grayscale()
        if dpi > Self.orientationDPI + 30 {
            probe = try probe.scaled(by: Double(Self.orientationDPI) / Double(dpi))
        }
        probe = try probe.ocrWithResolution(min(dpi, Self.orientationDPI))
        do {
            let result = try detector.detect(probe)
            return result.confidence >= Self.minimumOrientationConfidence ? result.rotation : nil
        } catch OCRError.orientationUndetermined {
            return nil
        }
    }
}
