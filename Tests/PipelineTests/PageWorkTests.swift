import DocumentModel
import Foundation
import XCTest
@testable import Pipeline

/// A worker's page work in-process (no child process): what one stage hands the next travels in
/// its output, within one page task, and each stage's time is its own.
final class PageWorkTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    private struct Produced { var stage: Stage; var value: any Sendable; var ms: Int }

    /// Runs one task and returns the outputs it sent, in order, and the failed stages.
    private func run(_ work: PageWork, _ task: PageTask) throws -> (outputs: [Produced], failed: [Stage]) {
        var outputs: [Produced] = [], failed: [Stage] = []
        try work.run(task) { event in
            switch event {
            case .output(_, let output, let ms): outputs.append(Produced(stage: output.stage, value: output.value, ms: ms))
            case .stageFailed(_, let stage, _): failed.append(stage)
            default: break
            }
        }
        return (outputs, failed)
    }

    private func document(_ id: Int64, _ relative: String) throws -> DocumentRef {
        let path = Self.fixtures.appendingPathComponent(relative).path
        return DocumentRef(id: id, path: path, kind: try FileKind.sniff(path: path))
    }

    func testOCRTakesExtractionsReadingFromTheSameTaskOnly() throws {
        let work = PageWork(faults: FaultInjection(environment: [:]))
        var spec = PipelineSpec(name: "t", database: "/dev/null", inputs: [])
        spec.barcodes.enabled = false
        work.settings = StageSettings(spec: spec)
        let stages: Set<Stage> = [.extract, .ocr]

        // A scan: extraction reads it while checking orientation; OCR hands on that reading.
        let scan = try run(work, PageTask(taskID: 1, document: try document(1, "ocr/clean.png"), pageNumber: 1, stages: stages))
        XCTAssertEqual(scan.failed, [])
        XCTAssertEqual(scan.outputs.map(\.stage), [.extract, .ocr])
        let extract = try XCTUnwrap(scan.outputs[0].value as? ExtractOutput)
        XCTAssertNotNil(extract.working?.firstReading, "orientation checking read the page")
        let text = try XCTUnwrap(scan.outputs[1].value as? PageText)
        XCTAssertEqual(text.words.map(\.text), extract.working?.firstReading?.text.words.map(\.text))
        XCTAssertGreaterThan(text.words.count, 10)
        // The reading is OCR's time, not extraction's.
        let readingMS = try XCTUnwrap(extract.working?.firstReading?.ms)
        XCTAssertGreaterThan(readingMS, 0)
        XCTAssertGreaterThanOrEqual(scan.outputs[1].ms, readingMS)
        XCTAssertLessThan(scan.outputs[1].ms, readingMS + 100, "OCR only handed the reading on")

        // The worker-only part of the output never crosses the pipe.
        let sent = try JSONDecoder().decode(StageOutput.self, from: JSONEncoder().encode(StageOutput(stage: .extract, erased: extract)))
        XCTAssertNil((sent.value as? ExtractOutput)?.working)

        // The next task, a born-digital page, gets no OCR: nothing of the scan's reading is left
        // in the OCR stage's instance for it to find.
        let born = try run(work, PageTask(taskID: 2, document: try document(2, "extract/born_digital.pdf"), pageNumber: 1, stages: stages))
        XCTAssertEqual(born.failed, [])
        XCTAssertEqual(born.outputs.map(\.stage), [.extract])
        XCTAssertNotNil((born.outputs[0].value as? ExtractOutput)?.textLayer)
    }

    func testAStagesTimeLeavesOutStepsMadeForOtherStagesAndCountsItsOwnMadeEarlier() {
        // Extraction (wall 900 ms) read the page for OCR (600 ms): 300 ms are extraction's.
        XCTAssertEqual(PageWork.duration(of: .extract, wall: 900, stepsBefore: [:], stepsAfter: [.extract: 250, .ocr: 600]), 300)
        // OCR then only hands the reading on (wall 1 ms): its time is the reading's.
        XCTAssertEqual(PageWork.duration(of: .ocr, wall: 1, stepsBefore: [.extract: 250, .ocr: 600],
                                         stepsAfter: [.extract: 250, .ocr: 600]), 601)
        // A stage without steps of others: its wall time.
        XCTAssertEqual(PageWork.duration(of: .layout, wall: 40, stepsBefore: [.ocr: 600], stepsAfter: [.ocr: 600]), 40)
    }
}
