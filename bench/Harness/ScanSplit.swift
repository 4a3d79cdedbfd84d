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
        let files = SplitPage.files(in: folder)
        let extract = ExtractSettings()
        var lap = CPULap()
        let pre = try Preprocessor(settings: extract)
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = level; return s }())
        let start = lap.next()
        let barcodes = BarcodeDetector(settings: BarcodeSettings())
        let detector = DataDetector(settings: DetectionSettings(), phoneNumbers: PhoneNumberLibrary())
        let columns = ["decode", "textScale", "deskew", "ocrPrep", "fastPass", "rereads", "finishing",
                       "rulings", "figures", "barcodes", "detect", "layout"]
        var totals = [Double](repeating: 0, count: columns.count)
        print((["page"] + columns + ["words", "codes"]).joined(separator: "\t"))
        for file in files {
            let page = try SplitPage(root.appendingPathComponent(file).path, extract: extract, with: pre)
            let prepared = page.prepared
            _ = lap.next()
            let text = try ocr.recognize(prepared.image, textDPI: prepared.textDPI, textArea: prepared.textScale?.area,
                                         deadline: 600, maxPixels: extract.maxPixels).withoutNoise
            let s = ocr.lastPassSeconds
            _ = lap.next()
            let rulings = try LayoutStage.rulings(in: prepared.image)
            let rulingSeconds = lap.next()
            let figures = LayoutStage.figureRegions(in: prepared.image)
            let figureSeconds = lap.next()
            let codes = try barcodes.detect(prepared.image, textWords: text.words.count)
            let barcodeSeconds = lap.next()
            _ = detector.detect(in: text)
            let detectSeconds = lap.next()
            _ = LayoutStage.analyze(text: text.removingWords(inside: codes), rulings: rulings, figures: figures,
                                    width: prepared.image.width, height: prepared.image.height, settings: LayoutSettings())
            let layoutSeconds = lap.next()
            let row = [page.decode, page.measure, page.deskew, s.preparation, s.fastPass, s.pageReread + s.lineRereads, s.finishing,
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
