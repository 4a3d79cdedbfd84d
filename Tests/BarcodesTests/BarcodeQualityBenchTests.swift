import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// Runs every candidate pass alone over the quality set (bench/barcode-quality/make_set.py) and
/// writes one JSON line per page and pass (plus `search=staged`: the staged search as run); bench/barcode-quality/evaluate.py turns them into
/// recall and false positives for any combination of passes. Skipped unless
/// QUIRE_BARCODE_BENCH=<set dir> is set. Prints numbers, asserts only that pages were read.
final class BarcodeQualityBenchTests: XCTestCase {
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
    }

    func testQualitySet() throws {
        guard let dir = ProcessInfo.processInfo.environment["QUIRE_BARCODE_BENCH"] else {
            throw XCTSkip("set QUIRE_BARCODE_BENCH to the quality set folder")
        }
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir + "/pages").filter { $0.hasSuffix(".png") }.sorted()
        let outPath = dir + "/quire-passes.jsonl"
        XCTAssertTrue(FileManager.default.createFile(atPath: outPath, contents: nil), outPath)
        let out = try XCTUnwrap(FileHandle(forWritingAtPath: outPath))
        defer { try? out.close() }
        let reader = BarcodeReader()
        let encoder = JSONEncoder()
        var read = 0
        for page in pages {
            let image = try XCTUnwrap(Image(readingForTests: dir + "/pages/" + page))
            for pass in Self.candidatePasses {
                let start = Date()
                let found = try reader.read(image, pass: pass)
                let record = Record(file: page, pass: pass.description, seconds: Date().timeIntervalSince(start),
                                    found: found.map { Found(symbology: $0.symbology.rawValue, payload: $0.payload,
                                                             bounds: [$0.bounds.x, $0.bounds.y, $0.bounds.width, $0.bounds.height]) })
                out.write(try encoder.encode(record) + Data("\n".utf8))
            }
            // The staged search as the pipeline runs it (evidence-gated, candidate-only extra passes).
            let start = Date()
            let found = try reader.read(image)
            let record = Record(file: page, pass: "search=staged", seconds: Date().timeIntervalSince(start),
                                found: found.map { Found(symbology: $0.symbology.rawValue, payload: $0.payload,
                                                         bounds: [$0.bounds.x, $0.bounds.y, $0.bounds.width, $0.bounds.height]) })
            out.write(try encoder.encode(record) + Data("\n".utf8))
            read += 1
        }
        print("BENCH wrote \(outPath) for \(read) pages")
        XCTAssertEqual(read, pages.count)
    }
}
