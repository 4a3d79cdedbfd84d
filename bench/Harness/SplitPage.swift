import Foundation
import Imaging
import OCR
import Pipeline

/// One page image prepared as the pipeline prepares a scan before OCR (decode, text size,
/// deskew), each part timed with the thread's CPU clock: the common start of `ocr-split` and
/// `scan-split`.
struct SplitPage {
    let prepared: PreparedImage
    /// CPU seconds of the decode, the text-size measurement and the deskew.
    let decode: Double, measure: Double, deskew: Double

    /// The page images (JPEG, PNG) under `folder`, sorted by path.
    static func files(in folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            .filter { [".jpg", ".jpeg", ".png"].contains(where: $0.lowercased().hasSuffix) }.sorted()
    }

    init(_ path: String, extract: ExtractSettings, with pre: Preprocessor) throws {
        var lap = CPULap()
        let image = try ImageFile.read(path, maxPixels: extract.maxPixels, assumedDPI: 0)
        decode = lap.next()
        let scale = try image.textScale()
        if image.resolution == 0 { image.setResolution(min(1200, max(50, scale?.estimatedDPI ?? 300))) }
        measure = lap.next()
        prepared = try pre.prepare(image, textScale: scale, orientation: false)
        deskew = lap.next()
    }
}

/// Thread CPU seconds between calls (``PassSeconds/now()``).
struct CPULap {
    private var clock = PassSeconds.now()

    /// Seconds since the last call (or since this lap was made).
    mutating func next() -> Double {
        let now = PassSeconds.now()
        defer { clock = now }
        return now - clock
    }
}
