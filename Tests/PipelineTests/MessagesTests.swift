import DocumentModel
import Foundation
import XCTest
@testable import Pipeline

/// What crosses the worker pipe survives the trip exactly (one JSON object per line).
final class MessagesTests: XCTestCase {
    func testWorkerEventsRoundTripThroughOneJSONLine() throws {
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
            XCTAssertFalse(data.contains(0x0A), "a message is one line")
            let back = try JSONDecoder().decode(WorkerEvent.self, from: data)
            XCTAssertEqual(try encoder.encode(back), data)
        }
        // Words travel as compact arrays, not keyed objects.
        let json = String(decoding: try JSONEncoder().encode(words[1]), as: UTF8.self)
        XCTAssertEqual(json, #"["plain",50,5,6,7,8,null,false]"#)
        XCTAssertEqual(try JSONDecoder().decode(Word.self, from: Data(json.utf8)), words[1])
    }
}
