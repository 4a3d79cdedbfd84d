import DataDetection
import DocumentModel
import Foundation
import PhoneNumbers

/// Runs the detector (with libphonenumber) over real pages' words (a file written by
/// bench/data-detection/export_pages.py) and writes its detections as JSON lines for
/// bench/data-detection/score.py.
enum DetectionEvaluation {
    struct StoredWord: Decodable { var text: String; var confidence: Double; var x, y, width, height: Int }
    struct StoredLine: Decodable { var words: [StoredWord] }
    struct StoredPage: Decodable { var page_id: Int; var path: String; var lines: [StoredLine] }
    struct Row: Encodable {
        var page_id: Int; var path: String; var type: String; var text: String; var value: String
        var currency: String?; var carrier: String?; var confidence: Double
    }

    static func run(pages input: String, locale: String?, out output: String) throws {
        let detector = DataDetector(settings: DetectionSettings(locale: locale), phoneNumbers: PhoneNumberLibrary())
        let pages = try String(contentsOfFile: input, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(StoredPage.self, from: Data($0.utf8))
        }
        guard !pages.isEmpty else { throw HarnessError("\(input) holds no pages") }
        var rows = "", count = 0
        let clock = ContinuousClock(), start = clock.now
        for stored in pages {
            let lines = stored.lines.map { line in
                let words = line.words.map { Word(text: $0.text, confidence: $0.confidence, box: Box(x: $0.x, y: $0.y, width: $0.width, height: $0.height)) }
                return Line(text: words.map(\.text).joined(separator: " "), confidence: 0,
                            box: Box.enclosing(words.map(\.box)) ?? Box(x: 0, y: 0, width: 0, height: 0), words: words, stage: .fast)
            }
            for d in detector.detect(in: PageText(source: .ocr, lines: lines)) {
                let row = Row(page_id: stored.page_id, path: stored.path, type: d.type.rawValue, text: d.text, value: d.value,
                              currency: d.currency, carrier: d.carrier, confidence: d.confidence)
                rows += String(decoding: try JSONEncoder().encode(row), as: UTF8.self) + "\n"
                count += 1
            }
        }
        let elapsed = clock.now - start
        try rows.write(toFile: output, atomically: true, encoding: .utf8)
        print("detect eval: \(pages.count) pages, \(count) detections in \(elapsed) -> \(output)")
    }
}
