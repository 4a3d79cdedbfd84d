import DocumentModel
import Foundation
import Imaging
import OCR
import Pipeline

/// Reads a bench/ocr-quality set (made by make_set.py) at each level. Writes
/// `<set>/out/<level>/<page>.txt`, `<set>/out/timings.json` and, with `--osd`, `<set>/out/osd.json`;
/// evaluate.py computes CER from them.
enum OCREvaluation {
    struct Entry: Decodable { var file: String; var variant: String; var languages: [String]; var rotation: Int }
    struct Timing: Encodable { var file: String; var level: String; var preprocessSeconds: Double
        var ocrSeconds: Double; var rotation: Int; var skew: Double; var accurateLines: Int; var lines: Int }
    struct OSDRun: Encodable { var file: String; var expected: Int; var dpi: Int; var rotation: Int?
        var confidence: Double; var seconds: Double }

    static func run(set: String, levels names: String, osd: Bool) throws {
        let levels = names.split(separator: ",").compactMap { OCRLevel(rawValue: String($0)) }
        let root = URL(fileURLWithPath: set)
        let entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: root.appendingPathComponent("manifest.json")))
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)

        if osd { try evaluateOSD(entries, root: root, out: out) }

        let pre = try Preprocessor(settings: ExtractSettings())
        var recognizers: [String: TextRecognizer] = [:]
        var timings: [Timing] = []
        for entry in entries {
            let image = try ImageFile.read(root.appendingPathComponent(entry.file).path, maxPixels: .max, assumedDPI: 300)
            let t0 = Date()
            let prepared = try pre.prepare(image)
            let preSeconds = Date().timeIntervalSince(t0)
            for level in levels {
                let key = "\(level.rawValue)/\(entry.languages.joined(separator: "+"))"
                if recognizers[key] == nil {
                    var s = OCRSettings(); s.level = level; s.languages = entry.languages
                    recognizers[key] = try TextRecognizer(settings: s)
                }
                let t1 = Date()
                let page = try recognizers[key]!.recognize(prepared.image, deadline: 120)
                let ocrSeconds = Date().timeIntervalSince(t1)
                let dir = out.appendingPathComponent(level.rawValue)
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                let name = URL(fileURLWithPath: entry.file).deletingPathExtension().lastPathComponent
                try page.lines.map(\.text).joined(separator: "\n")
                    .write(to: dir.appendingPathComponent(name + ".txt"), atomically: true, encoding: .utf8)
                timings.append(Timing(file: entry.file, level: level.rawValue, preprocessSeconds: preSeconds,
                                      ocrSeconds: ocrSeconds, rotation: prepared.rotation, skew: prepared.skewDegrees,
                                      accurateLines: page.lines.filter { $0.stage == .accurate }.count,
                                      lines: page.lines.count))
                print("\(entry.file) \(level): \(String(format: "%.2f", ocrSeconds)) s, rotation \(prepared.rotation)")
            }
        }
        for (key, r) in recognizers.sorted(by: { $0.key < $1.key }) {
            print("strategy wins \(key): \(r.strategyWins.sorted { $0.key < $1.key }), page re-reads kept: \(r.pageRereadWins)")
        }
        let encoder = JSONEncoder(); encoder.outputFormatting = .prettyPrinted
        try encoder.encode(timings).write(to: out.appendingPathComponent("timings.json"))
        print("BENCH wrote \(out.path) for \(entries.count) pages at \(levels.count) levels")
    }

    /// Orientation detection at full resolution and on downscaled copies: accuracy vs time.
    private static func evaluateOSD(_ entries: [Entry], root: URL, out: URL) throws {
        let osd = try OrientationDetector()
        var runs: [OSDRun] = []
        for entry in entries {
            let image = try ImageFile.read(root.appendingPathComponent(entry.file).path, maxPixels: .max, assumedDPI: 300)
            for dpi in [300, 200, 150, 100] {
                let t0 = Date()
                var probe = try image.grayscale()
                if dpi != 300 { probe = try probe.scaled(by: Double(dpi) / 300) }
                probe = try probe.ocrWithResolution(dpi)
                let result = try? osd.detect(probe)
                runs.append(OSDRun(file: entry.file, expected: entry.rotation, dpi: dpi, rotation: result?.rotation,
                                   confidence: result?.confidence ?? 0, seconds: Date().timeIntervalSince(t0)))
            }
        }
        let encoder = JSONEncoder(); encoder.outputFormatting = .prettyPrinted
        try encoder.encode(runs).write(to: out.appendingPathComponent("osd.json"))
    }
}
