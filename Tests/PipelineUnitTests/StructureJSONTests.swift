import DocumentModel
import Foundation
import XCTest
@testable import Pipeline

/// A page's structure JSON (`pages.structure_json`) is written by `JSONText`, not `JSONEncoder`:
/// the bytes must be the ones `JSONEncoder` with sorted keys writes for the same structure (the
/// column's text is what exports and users' queries read, and equal structures give equal text).
final class StructureJSONTests: XCTestCase {
    private func foundation(_ structure: StructureJSON) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(structure), as: UTF8.self)
    }

    private func written(_ structure: StructureJSON) throws -> String {
        var json = JSONText()
        try structure.write(to: &json)
        return json.string
    }

    /// Every character JSON escapes (all controls, quote, backslash, slash), DEL, and UTF-8 of
    /// two, three and four bytes, among letters.
    private static let alphabet: [Character] = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }
        + ["\"", "\\", "/", "\u{7F}", "é", "€", "😀", "\u{2028}", "a", "Z", " ", "0", "\r\n"]

    private func text(_ g: inout SeededRandom) -> String {
        String((0..<Int.random(in: 0...12, using: &g)).map { _ in Self.alphabet.randomElement(using: &g)! })
    }

    private func int(_ g: inout SeededRandom) -> Int {
        [0, -1, 7, Int.max, Int.min, Int.random(in: -100_000...100_000, using: &g)].randomElement(using: &g)!
    }

    private func double(_ g: inout SeededRandom) -> Double {
        var finite = Double(bitPattern: g.next())
        while !finite.isFinite { finite = Double(bitPattern: g.next()) }
        return [0, -0.0, 1, 0.5, 0.001, 0.999, 1e-5, 1e16, 123_456_789_012_345_680, 95, 1e21, 5e-324, .pi,
                (Double.random(in: 0...1, using: &g) * 1000).rounded() / 1000, finite].randomElement(using: &g)!
    }

    private func ints(_ g: inout SeededRandom, _ n: Int) -> [Int] { (0..<n).map { _ in int(&g) } }

    private func maybe<T>(_ g: inout SeededRandom, _ value: T) -> T? { Bool.random(using: &g) ? value : nil }

    private func some<T>(_ g: inout SeededRandom, _ make: (inout SeededRandom) -> T) -> [T] {
        (0..<Int.random(in: 0...3, using: &g)).map { _ in make(&g) }
    }

    private func structure(_ g: inout SeededRandom) -> StructureJSON {
        var s = StructureJSON([])
        s.title = maybe(&g, text(&g))
        s.text = text(&g)
        s.blocks = some(&g) { g in
            .init(kind: text(&g), readingOrder: int(&g), text: text(&g), box: ints(&g, 4), level: maybe(&g, int(&g)),
                  captionOf: maybe(&g, int(&g)), continues: maybe(&g, Bool.random(using: &g)))
        }
        s.headings = some(&g) { g in .init(text: text(&g), level: int(&g), box: ints(&g, 4)) }
        s.paragraphs = some(&g) { g in .init(text: text(&g), box: ints(&g, 4)) }
        let list: (inout SeededRandom) -> StructureJSON.ListJSON = { g in
            .init(items: self.some(&g) { g in
                .init(marker: self.text(&g), markerType: self.text(&g), depth: self.int(&g), text: self.text(&g))
            }, box: self.ints(&g, 4))
        }
        s.lists = some(&g, list)
        s.references = some(&g, list)
        s.tables = some(&g) { g in
            .init(rowCount: int(&g), columnCount: int(&g), rows: some(&g) { g in
                some(&g) { g in .init(rowRange: ints(&g, 2), columnRange: ints(&g, 2), text: text(&g), isHeader: Bool.random(using: &g)) }
            }, box: ints(&g, 4))
        }
        s.figures = some(&g) { g in .init(readingOrder: int(&g), box: ints(&g, 4), caption: maybe(&g, text(&g))) }
        s.captions = some(&g) { g in .init(text: text(&g), box: ints(&g, 4), captionOf: maybe(&g, int(&g))) }
        s.barcodes = some(&g) { g in
            StructureJSON.BarcodeJSON(Barcode(symbology: Symbology.allCases.randomElement(using: &g)!, payload: text(&g),
                                              corners: (0..<4).map { _ in
                                                  Point(x: Int.random(in: -9_999...99_999, using: &g), y: Int.random(in: -9_999...99_999, using: &g))
                                              },
                                              supplementalPayload: maybe(&g, text(&g))))
        }
        s.detectedData = some(&g) { g in
            var d = StructureJSON.DetectedDataJSON(DetectedData(
                type: DataType.allCases.randomElement(using: &g)!, text: text(&g), value: text(&g), currency: maybe(&g, text(&g)),
                carrier: maybe(&g, text(&g)), firstWord: WordIndex(line: 0, word: 0), lastWord: WordIndex(line: 0, word: 1),
                boxes: (0..<Int.random(in: 0...2, using: &g)).map { _ in Box(x: int(&g), y: int(&g), width: int(&g), height: int(&g)) },
                confidence: 0))
            d.confidence = double(&g)
            return d
        }
        return s
    }

    func testRandomStructuresAreWrittenAsJSONEncoderWritesThem() throws {
        var g = SeededRandom(seed: 34)
        for i in 0..<400 {
            let s = structure(&g)
            XCTAssertEqual(try written(s), try foundation(s), "case \(i)")
        }
    }

    func testAnalyzedPageIsWrittenAsJSONEncoderWritesIt() throws {
        func word(_ text: String, _ x: Int, _ y: Int, size: Int = 42) -> Word {
            Word(text: text, confidence: 90, box: Box(x: x, y: y, width: text.count * size / 2, height: size))
        }
        func line(_ words: [Word]) -> Line {
            Line(text: words.map(\.text).joined(separator: " "), confidence: 90, box: Box.enclosing(words.map(\.box))!,
                 words: words, stage: .fast)
        }
        var lines = [line([word("Report", 100, 60, size: 90)]), line([word("•", 100, 200), word("first/\"one\"", 160, 200)]),
                     line([word("•", 100, 260), word("second", 160, 260)])]
        lines += (0..<4).map { r in line((0..<6).map { word("cell\($0)", 100 + 300 * $0, 500 + 60 * r) }) }
        lines.append(line([word("Figure", 100, 1500), word("1.", 300, 1500), word("Growth.", 400, 1500)]))
        let blocks = LayoutStage.analyze(text: PageText(source: .ocr, lines: lines), rulings: [],
                                         figures: [Box(x: 100, y: 900, width: 1000, height: 500)], width: 2000, height: 2800,
                                         settings: LayoutSettings())
        XCTAssertGreaterThan(blocks.count, 3)
        let detected = [DetectedData(type: .money, text: "€ 12,50", value: "12.50", currency: "EUR", firstWord: WordIndex(line: 0, word: 0),
                                     lastWord: WordIndex(line: 0, word: 1), boxes: [Box(x: 1, y: 2, width: 3, height: 4)],
                                     confidence: 0.8765)]
        let codes = [Barcode(symbology: .qr, payload: "https://example.org/a?b=c",
                             corners: [Point(x: 10, y: 10), Point(x: 60, y: 10), Point(x: 60, y: 60), Point(x: 10, y: 60)])]
        let json = LayoutStage.structureJSON(blocks, barcodes: codes, detectedData: detected)
        XCTAssertEqual(json, try foundation(LayoutStage.structure(blocks, barcodes: codes, detectedData: detected)))
        XCTAssertTrue(json.contains(#""confidence":0.877"#), json)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// `JSONEncoder` refuses a number that is not finite, and the column then holds `{}`: so here.
    func testANonFiniteNumberGivesAnEmptyObject() throws {
        for confidence in [Double.nan, .infinity, -.infinity] {
            let detected = [DetectedData(type: .date, text: "x", value: "x", firstWord: WordIndex(line: 0, word: 0),
                                         lastWord: WordIndex(line: 0, word: 0), boxes: [], confidence: confidence)]
            XCTAssertEqual(LayoutStage.structureJSON([], detectedData: detected), "{}")
            XCTAssertThrowsError(try foundation(LayoutStage.structure([], barcodes: [], detectedData: detected)))
        }
    }
}
