import CTesseract
import Foundation
import OCR

/// A stage's fingerprint: the SHA-256 of its settings and of the engine and model behind it.
/// A page whose stored fingerprint differs from the current one has that stage (and the stages
/// after it) redone; nothing else is.
enum Fingerprints {
    /// Bump when a stage's algorithm changes what it produces for the same settings.
    /// extract 2 / ocr 2: text-scale estimate (auto resolution), enlarged small text, orientation check;
    /// layout 2: headings, paragraphs, figures and captions on real pages; barcodes 2: staged photo search.
    static let revisions: [Stage: Int] = [.extract: 2, .ocr: 2, .layout: 2, .barcodes: 2]

    /// `languages`: an input's own OCR languages (replacing `ocr.languages`).
    static func compute(_ spec: PipelineSpec, languages: [String]? = nil) -> [Stage: String] {
        var parts: [Stage: String] = [.extract: "extract r\(revisions[.extract]!) \(encode(spec.extract))"]
        if spec.ocr.enabled {
            var ocr = spec.ocr
            if let languages { ocr.languages = languages }
            parts[.ocr] = "ocr r\(revisions[.ocr]!) tesseract \(tesseractVersion) \(encode(ocr)) \(modelStamp(ocr.languages))"
        }
        if spec.layout.enabled { parts[.layout] = "layout r\(revisions[.layout]!) \(encode(spec.layout))" }
        if spec.barcodes.enabled { parts[.barcodes] = "barcodes r\(revisions[.barcodes]!) zxing-cpp \(encode(spec.barcodes))" }
        return parts.mapValues { SHA256.hex(of: $0) }
    }

    private static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    static var tesseractVersion: String { String(cString: TessVersion()) }

    /// Size and modification time of each language's traineddata: a new model means new OCR.
    private static func modelStamp(_ languages: [String]) -> String {
        let dirs = [Tessdata.defaultPath] + languages.compactMap { Tessdata.standardModelPath(for: $0) }
        return dirs.flatMap { dir in
            languages.map { lang in
                let attrs = try? FileManager.default.attributesOfItem(atPath: dir + "/" + lang + ".traineddata")
                let size = (attrs?[.size] as? NSNumber)?.intValue ?? 0
                let mtime = (attrs?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                return "\(dir)/\(lang):\(size):\(Int(mtime))"
            }
        }.joined(separator: ",")
    }
}
