import DocumentModel
import Foundation
import XCTest
@testable import Pipeline

/// The worker pipe's messages as JSON (the pipe itself carries binary frames:
/// `MessageRoundTripTests`): they survive the trip exactly, and a page's text is one base64 string.
final class MessagesTests: XCTestCase {
    func testWorkerEventsRoundTripThroughJSON() throws {
        let words = [Word(text: "Größe\n\"quoted\"", confidence: 91.25, box: Box(x: 1, y: 2, width: 3, height: 4),
                          fontSize: 12.5, isBold: true),
                     Word(text: "plain", confidence: 50, box: Box(x: 5, y: 6, width: 7, height: 8))]
        let text = PageText(source: .ocr, lines: [Line(text: "Größe plain", confidence: 70, box: Box(x: 1, y: 2, width: 11, height: 12),
                                                       words: words, stage: .accurate, blockHint: 3, paragraphHint: nil)],
                            regions: [RegionHint(kind: .table, box: Box(x: 0, y: 0, width: 9, height: 9), index: 0)])
        let events: [WorkerEvent] = [.recognized(taskID: 7, text: text, ms: 12), .stageStarted(taskID: 7, stage: .ocr),
                                     .stageFailed(taskID: 7, stage: .barcodes, message: "line one\nline two")]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for event in events {
            let data = try encoder.encode(event)
            let back = try JSONDecoder().decode(WorkerEvent.self, from: data)
            XCTAssertEqual(try encoder.encode(back), data)
        }
        // Page text travels as one base64 string of its binary form, and comes back whole.
        let json = String(decoding: try encoder.encode(text), as: UTF8.self)
        XCTAssertTrue(json.hasPrefix("\"") && !json.contains("Größe"), json)
        XCTAssertEqual(try JSONDecoder().decode(PageText.self, from: Data(json.utf8)), text)
        let empty = PageText(source: .textLayer, lines: [])
        XCTAssertEqual(try JSONDecoder().decode(PageText.self, from: try encoder.encode(empty)), empty)
    }

    func testCorruptPageTextIsADecodingErrorNotACrash() {
        for bad in [#""AQ==""#, #""AQAF""#, #""not base64!""#, #""AgA=""#] {
            XCTAssertThrowsError(try JSONDecoder().decode(PageText.self, from: Data(bad.utf8)), bad)
        }
    }
}
