import Foundation
import Imaging
import OCR
import Pipeline

/// Where a scanned page's CPU time goes, part by part, read as the pipeline reads it (image
/// decode, text-size measurement, deskew, then `TextRecognizer`'s parts: preparation, fast pass,
/// page re-read, weak-line re-reads, finishing), one page at a time on this thread, with
/// whether the page kept Tesseract's inverted re-reads (`InvertedLines.whereDarkAreas`).
/// Orientation detection is left out: the pipeline runs it only after a poor reading.
enum OCRSplit {
    static func run(folder: String, level name: String) throws {
        guard let level = OCRLevel(rawValue: name) else { throw CocoaError(.coderInvalidValue) }
        let root = URL(fileURLWithPath: folder)
        let files = SplitPage.files(in: folder)
        let extract = ExtractSettings()
        let pre = try Preprocessor(settings: extract)
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = level; return s }())
        let columns = ["decode", "textScale", "deskew", "ocrPrep", "fastPass", "pageReread", "lineRereads", "finishing"]
        var totals = [Double](repeating: 0, count: columns.count)
        var invertedOn = 0
        print((["page"] + columns + ["inverted", "scale", "textDPI", "px"]).joined(separator: "\t"))
        for file in files {
            let page = try SplitPage(root.appendingPathComponent(file).path, extract: extract, with: pre)
            let prepared = page.prepared
            _ = try ocr.recognize(prepared.image, textDPI: prepared.textDPI, textArea: prepared.textScale?.area,
                                  deadline: 600, maxPixels: extract.maxPixels)
            let s = ocr.lastPassSeconds
            let row = [page.decode, page.measure, page.deskew, s.preparation, s.fastPass, s.pageReread, s.lineRereads, s.finishing]
            for i in row.indices { totals[i] += row[i] }
            if ocr.lastReadInvertedLines { invertedOn += 1 }
            print(([file] + row.map { String(format: "%.3f", $0) }
                   + [ocr.lastReadInvertedLines ? "on" : "off", String(format: "%.2f", ocr.lastWorkingScale), "\(prepared.textDPI)", "\(prepared.image.width * prepared.image.height)"]).joined(separator: "\t"))
        }
        let sum = totals.reduce(0, +)
        print((["total"] + totals.map { String(format: "%.2f", $0) } + ["\(invertedOn)/\(files.count) on"]).joined(separator: "\t"))
        print((["share"] + totals.map { String(format: "%.1f%%", 100 * $0 / max(sum, 1e-9)) }).joined(separator: "\t"))
    }
}
