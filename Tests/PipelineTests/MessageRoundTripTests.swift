import BinaryCoding
import DataDetection
import DocumentModel
import Foundation
import XCTest
@testable import Pipeline

/// Every message of the worker pipe, with each stage's real output for real pages (the
/// fixtures), comes back from the binary form exactly: re-encoded it gives the same bytes
/// (doubles bit for bit), and JSON sees the same value.
final class MessageRoundTripTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    private func document(_ id: Int64, _ relative: String) throws -> DocumentRef {
        let path = Self.fixtures.appendingPathComponent(relative).path
        return DocumentRef(id: id, path: path, kind: try FileKind.sniff(path: path))
    }

    private func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func assertRoundTrip(_ event: WorkerEvent, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = try BinaryEncoder().encode(event)
        let back = try BinaryDecoder().decode(WorkerEvent.self, from: bytes)
        XCTAssertEqual(try BinaryEncoder().encode(back), bytes, "\(event)", file: file, line: line)
        XCTAssertEqual(try json(back), try json(event), file: file, line: line)
    }

    /// The events a worker sends for these pages, as it sends them.
    private func events(_ pages: [(String, Int, Set<Stage>)], spec: PipelineSpec) throws -> [WorkerEvent] {
        let work = PageWork(faults: FaultInjection(environment: [:]))
        work.settings = StageSettings(spec: spec)
        var sent: [WorkerEvent] = []
        for (n, (file, page, stages)) in pages.enumerated() {
            let task = PageTask(taskID: n, document: try document(Int64(n), file), pageNumber: page, stages: stages)
            try work.run(task) { sent.append($0) }
            sent.append(.finished(taskID: n))
        }
        return sent
    }

    private var spec: PipelineSpec {
        var spec = PipelineSpec(name: "t", database: "/dev/null", inputs: [])
        spec.split.enabled = true
        return spec
    }

    func testEveryStagesRealOutputComesBackExactly() throws {
        let all: Set<Stage> = [.extract, .ocr, .barcodes, .layout, .detect, .split]
        let sent = try events([("extract/born_digital_codes.pdf", 1, all), ("detect/dates.pdf", 1, all),
                               ("ocr/clean.png", 1, all), ("split/sheets.tif", 1, all), ("split/sheets.tif", 3, all)], spec: spec)
        var stages: Set<Stage> = []
        for event in sent {
            if case .output(_, let output, _) = event { stages.insert(output.stage) }
            try assertRoundTrip(event)
        }
        let declared = Set(StageCatalog.declared.map { $0.stage })
        XCTAssertEqual(stages, declared, "a real output of every stage")
        // The outputs are not empty: words, blocks, detected data, barcodes.
        let outputs = sent.compactMap { event -> StageOutput? in if case .output(_, let o, _) = event { return o }; return nil }
        XCTAssertTrue(outputs.contains { ($0.value(as: ExtractPageStage.self)?.textLayer?.words.count ?? 0) > 20 })
        XCTAssertTrue(outputs.contains { ($0.value(as: OCRPageStage.self)?.words.count ?? 0) > 10 })
        XCTAssertTrue(outputs.contains { ($0.value(as: LayoutPageStage.self)?.blocks.count ?? 0) > 1 })
        XCTAssertTrue(outputs.contains { !($0.value(as: DetectPageStage.self)?.items.isEmpty ?? true) })
        XCTAssertTrue(outputs.contains { !($0.value(as: BarcodesPageStage.self)?.codes.isEmpty ?? true) })
        XCTAssertTrue(outputs.contains { $0.value(as: SplitPageStage.self)?.blank == true })
    }

    func testTheOtherEventsComeBackExactly() throws {
        let events: [WorkerEvent] = [.ready(pid: .max), .ready(pid: 0), .stageStarted(taskID: -1, stage: .layout),
                                     .pageCount(taskID: 3, count: 0), .documentFailed(taskID: 4, message: ""),
                                     .documentFailed(taskID: 4, message: "Größe \"kaputt\"\n\u{0}"),
                                     .stageFailed(taskID: .max, stage: .barcodes, message: "line one\nline two"),
                                     .finished(taskID: .min),
                                     .recognized(taskID: 7, text: PageText(source: .ocr, lines: []), ms: 0)]
        for event in events { try assertRoundTrip(event) }
    }

    func testRequestsComeBackExactly() throws {
        var spec = self.spec
        spec.ocr.level = .accurate
        spec.barcodes.enabled = false
        spec.dataDetection.locale = "de_DE"
        let settings = StageSettings(spec: spec)
        let bytes = try BinaryEncoder().encode(WorkerRequest.settings(settings))
        guard case .settings(let back) = try BinaryDecoder().decode(WorkerRequest.self, from: bytes) else { return XCTFail() }
        XCTAssertEqual(back, settings)
        XCTAssertEqual(try json(back), try json(settings))

        let doc = try document(9, "extract/born_digital.pdf")
        let count = try BinaryDecoder().decode(WorkerRequest.self, from: try BinaryEncoder().encode(WorkerRequest.count(taskID: 2, document: doc)))
        guard case .count(2, let countDoc) = count else { return XCTFail("\(count)") }
        XCTAssertEqual(countDoc, doc)

        // A layout redo: the stored outputs it reads, a document context, margins, languages.
        let stored = try events([("extract/born_digital_codes.pdf", 1, [.extract, .barcodes, .detect])], spec: self.spec)
            .compactMap { event -> StageOutput? in if case .output(_, let o, _) = event { return o }; return nil }
        var task = PageTask(taskID: 5, document: doc, pageNumber: 2, stages: [.layout, .detect], stored: stored, conservativeBarcodes: true)
        task.documentContexts = [StageDocumentContext(stage: .detect, erased: DateOrderHint(dayFirst: 3, monthFirst: 1))]
        task.repeatedMargins = ["header|page", "", "ü"]
        task.ocrLanguages = ["deu", "eng"]
        let data = try BinaryEncoder().encode(WorkerRequest.page(task))
        guard case .page(let t) = try BinaryDecoder().decode(WorkerRequest.self, from: data) else { return XCTFail() }
        XCTAssertEqual([t.taskID, t.pageNumber], [5, 2])
        XCTAssertEqual(t.document, doc)
        XCTAssertEqual(t.stages, [.layout, .detect])
        XCTAssertTrue(t.conservativeBarcodes)
        XCTAssertEqual(t.repeatedMargins, ["header|page", "", "ü"])
        XCTAssertEqual(t.ocrLanguages, ["deu", "eng"])
        XCTAssertEqual(t.stored.map(\.stage), stored.map(\.stage))
        for (a, b) in zip(t.stored, stored) { XCTAssertEqual(try BinaryEncoder().encode(a), try BinaryEncoder().encode(b)) }
        XCTAssertEqual(t.documentContexts.first?.value as? DateOrderHint, DateOrderHint(dayFirst: 3, monthFirst: 1))
        var bare = task
        bare.ocrLanguages = nil; bare.stored = []; bare.documentContexts = []; bare.repeatedMargins = []
        guard case .page(let b) = try BinaryDecoder().decode(WorkerRequest.self, from: try BinaryEncoder().encode(WorkerRequest.page(bare))) else {
            return XCTFail()
        }
        XCTAssertNil(b.ocrLanguages)
        XCTAssertTrue(b.stored.isEmpty && b.documentContexts.isEmpty && b.repeatedMargins.isEmpty)
    }
}
