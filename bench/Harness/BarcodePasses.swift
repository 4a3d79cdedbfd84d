import Barcodes
import DocumentModel
import Foundation
import Imaging

/// Runs every candidate pass alone over the quality set (bench/barcode-quality/make_set.py) and
/// writes one JSON line per page and pass (plus `search=staged`: the staged search as run) to
/// `SET/quire-passes.jsonl`; bench/barcode-quality/evaluate.py turns them into recall and false
/// positives for any combination of passes.
enum BarcodePasses {
    static let candidatePasses: [BarcodePass] = [
        .fast,
        BarcodePass(multi: false, area: .candidates),
        BarcodePass(multi: true, area: .tiles),
        BarcodePass(multi: true, rotation: 45, linearOnly: true),
        BarcodePass(multi: true, rotation: 22.5, linearOnly: true),
        BarcodePass(multi: true, scale: 0.5),
        BarcodePass(multi: false, area: .candidates, scale: 2),
        BarcodePass(multi: true, binarizer: .globalHistogram),
        BarcodePass(multi: false, area: .candidates, binarizer: .globalHistogram),
        BarcodePass(multi: false),
        BarcodePass(linearOnly: true, zbar: true),
    ]

    struct Record: Encodable {
        var file: String
        var pass: String
        var seconds: Double
        var found: [Found]
    }

    struct Found: Encodable {
        var symbology: String
        var payload: String
        var bounds: [Int]

        init(_ barcode: Barcode) {
            symbology = barcode.symbology.rawValue
            payload = barcode.payload
            bounds = [barcode.bounds.x, barcode.bounds.y, barcode.bounds.width, barcode.bounds.height]
        }
    }

    static func run(set dir: String) throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir + "/pages").filter { $0.hasSuffix(".png") }.sorted()
        let outPath = dir + "/quire-passes.jsonl"
        guard FileManager.default.createFile(atPath: outPath, contents: nil),
              let out = FileHandle(forWritingAtPath: outPath) else { throw HarnessError("cannot write \(outPath)") }
        defer { try? out.close() }
        let reader = BarcodeReader()
        let encoder = JSONEncoder()
        func write(_ page: String, _ pass: String, _ read: () throws -> [Barcode]) throws {
            let start = Date()
            let found = try read()
            let record = Record(file: page, pass: pass, seconds: Date().timeIntervalSince(start), found: found.map(Found.init))
            out.write(try encoder.encode(record) + Data("\n".utf8))
        }
        for page in pages {
            guard let image = Image(readingForTests: dir + "/pages/" + page) else { throw HarnessError("cannot read \(page)") }
            for pass in candidatePasses { try write(page, pass.description) { try reader.read(image, pass: pass) } }
            // The staged search as the pipeline runs it (evidence-gated, candidate-only extra passes).
            try write(page, "search=staged") { try reader.read(image) }
        }
        print("BENCH wrote \(outPath) for \(pages.count) pages")
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
