import DataDetection
import DocumentModel
import Foundation
import Imaging
import OCR
import PhoneNumbers
import Pipeline

/// Where a scanned page's CPU time goes in every stage the defaults run on it, part by part, one
/// page at a time on this thread (thread CPU clock): image decode, text size, deskew, the
/// recogniser's parts (`PassSeconds`), then what layout and barcodes add on a scan — ruling
/// lines and figure candidates (extraction's, made only with layout on), the barcode search
/// (with the page's word count, as the stage runs it), data detection and the layout pass.
/// Orientation detection is left out (the pipeline runs it only after a poor reading); the
/// recogniser's start (Tesseract's init and model load, once per worker) is reported apart.
enum ScanSplit {
    static func run(folder: String, level name: String) throws {
        guard let level = OCRLevel(rawValue: name) else { throw CocoaError(.coderInvalidValue) }
        let root = URL(fileURLWithPath: folder)
        let files = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            .filter { [".jpg", ".jpeg", ".png"].contains(where: $0.lowercased().hasSuffix) }.sorted()
        let extract = ExtractSettings()
        var clock = PassSeconds.now()
        let lap = { () -> Double in let now = PassSeconds.now(); defer { clock = now }; return now - clock }
        let pre = try Preprocessor(settings: extract)
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = level; return s }())
        let start = lap()
        let barcodes = BarcodeDetector(settings: BarcodeSettings())
        let detector = DataDetector(settings: DetectionSettings(), phoneNumbers: PhoneNumberLibrary())
        let columns = ["decode", "textScale", "deskew", "ocrPrep", "fastPass", "rereads", "finishing",
                       "rulings", "figures", "barcodes", "detect", "layout"]
        var totals = [Double](repeating: 0, count: columns.count)
        print((["page"] + columns + ["words", "codes"]).joined(separator: "\t"))
        for file in files {
            _ = lap()
            let image = try ImageFile.read(root.appendingPathComponent(file).path, maxPixels: extract.maxPixels, assumedDPI: 0)
            let decode = lap()
            let scale = try image.textScale()
            if image.resolution == 0 { image.setResolution(min(1200, max(50, scale?.estimatedDPI ?? 300))) }
            let measure = lap()
            let prepared = try pre.prepare(image, textScale: scale, orientation: false)
            let deskew = lap()
            let text = try ocr.recognize(prepared.image, textDPI: prepared.textDPI, textArea: prepared.textScale?.area,
                                         deadline: 600, maxPixels: extract.maxPixels).withoutNoise
            let s = ocr.lastPassSeconds
            _ = lap()
            let rulings = try LayoutStage.rulings(in: prepared.image)
            let rulingSeconds = lap()
            let figures = LayoutStage.figureRegions(in: prepared.image)
            let figureSeconds = lap()
            let codes = try barcodes.detect(prepared.image, textWords: text.words.count)
            let barcodeSeconds = lap()
            _ = detector.detect(in: text)
            let detectSeconds = lap()
            _ = LayoutStage.analyze(text: text.removingWords(inside: codes), rulings: rulings, figures: figures,
                                    width: prepared.image.width, height: prepared.image.height, settings: LayoutSettings())
            let layoutSeconds = lap()
            let row = [decode, measure, deskew, s.preparation, s.fastPass, s.pageReread + s.lineRereads, s.finishing,
                       rulingSeconds, figureSeconds, barcodeSeconds, detectSeconds, layoutSeconds]
            for i in row.indices { totals[i] += row[i] }
            print(([file] + row.map { String(format: "%.3f", $0) } + ["\(text.words.count)", "\(codes.count)"])
                .joined(separator: "\t"))
        }
        let sum = totals.reduce(0, +)
        print((["total"] + totals.map { String(format: "%.2f", $0) }).joined(separator: "\t"))
        print((["share"] + totals.map { String(format: "%.1f%%", 100 * $0 / max(sum, 1e-9)) }).joined(separator: "\t"))
        print(String(format: "recogniser start (Tesseract init, model load; once per worker): %.3f s", start))
    }
}
