import DocumentModel
import Foundation
import XCTest
@testable import Pipeline

/// The stage design's invariants: everything about a stage is derived from its declaration.
final class StageCatalogTests: XCTestCase {
    func testExecutionOrderRunsEveryStageAfterWhatItReads() {
        let order = StageCatalog.executionOrder.map { $0.stage }
        XCTAssertEqual(Set(order), Set(StageCatalog.declared.map { $0.stage }), "every declared stage runs")
        for type in StageCatalog.declared {
            for input in type.inputs {
                XCTAssertLessThan(order.firstIndex(of: input)!, order.firstIndex(of: type.stage)!, "\(input) before \(type.stage)")
            }
        }
        // Barcodes come before layout, which places them (and leaves out the words inside them).
        XCTAssertLessThan(Stage.barcodes, Stage.layout)
        XCTAssertEqual(Stage.allCases.prefix(2), [.extract, .preprocess], "a step comes right after its stage")
    }

    func testRedoClosuresFollowWhatEachStageReads() {
        XCTAssertEqual(Stage.extract.withDependents, Set(Stage.stored))
        XCTAssertEqual(Stage.preprocess.withDependents, Set(Stage.stored), "a step is redone with its stage")
        XCTAssertTrue(Stage.ocr.withDependents.isSuperset(of: [.ocr, .layout]))
        XCTAssertFalse(Stage.ocr.withDependents.contains(.barcodes), "barcodes do not read the words")
        XCTAssertTrue(Stage.barcodes.withDependents.isSuperset(of: [.barcodes, .layout]))
        XCTAssertEqual(Stage.layout.withDependents, [.layout])
        // Detection reads the words; layout lists its matches in the structure JSON.
        XCTAssertEqual(Stage.detect.withDependents, [.detect, .layout])
        XCTAssertTrue(Stage.ocr.withDependents.contains(.detect))
        XCTAssertEqual(StageCatalog.ancestors(of: .layout), [.extract, .ocr, .barcodes, .detect])
        // The split reads the stored barcodes: a barcode redo brings it along, an OCR redo does not.
        XCTAssertTrue(Stage.barcodes.withDependents.contains(.split))
        XCTAssertFalse(Stage.ocr.withDependents.contains(.split))
    }

    func testNamesSectionsAndKeysAreUniqueAndKnown() {
        let names = StageCatalog.declared.map { $0.stage.rawValue }
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertEqual(Set(StageCatalog.declared.map { $0.section }).count, names.count)
        XCTAssertNil(Stage(rawValue: "orc"), "an unknown name is no stage")
        for type in StageCatalog.declared {
            XCTAssertEqual(Stage(rawValue: type.stage.rawValue), type.stage)
            XCTAssertTrue(SpecKeys.top.contains(type.section), "\(type.section) is a pipeline-file section")
            XCTAssertFalse(type.keys.isEmpty)
        }
    }

    func testSettingsRoundTripAndDisabledStagesHaveNoFingerprint() throws {
        var spec = PipelineSpec(name: "t", database: "/tmp/t.db", inputs: [])
        spec.ocr.level = .accurate
        spec.barcodes.enabled = false
        let data = try JSONEncoder().encode(StageSettings(spec: spec))
        let back = try JSONDecoder().decode(StageSettings.self, from: data)
        XCTAssertEqual(back, StageSettings(spec: spec))
        XCTAssertEqual(back.ocr.level, .accurate)
        let fingerprints = Fingerprints.compute(spec)
        XCTAssertNil(fingerprints[.barcodes])
        // Splitting is off unless the pipeline has a `split:` section.
        XCTAssertNil(fingerprints[.split])
        XCTAssertTrue(Set(fingerprints.keys).isSuperset(of: [.extract, .ocr, .layout, .detect]), "\(fingerprints.keys)")
        // Exactly the enabled stages have one.
        for type in StageCatalog.declared {
            XCTAssertEqual(fingerprints[type.stage] != nil, type.isEnabled(in: spec.stages), "\(type.stage)")
        }
        var other = spec
        other.layout.lists = false
        XCTAssertNotEqual(Fingerprints.compute(other)[.layout], fingerprints[.layout])
        XCTAssertEqual(Fingerprints.compute(other)[.ocr], fingerprints[.ocr], "a layout setting leaves OCR alone")
    }

    func testStageOutputsCrossTheWorkerPipeWithTheirStage() throws {
        let event = WorkerEvent.output(taskID: 3, output: StageOutput(BarcodesPageStage.self, BarcodeFindings(codes: [], note: "n")), ms: 5)
        let back = try JSONDecoder().decode(WorkerEvent.self, from: JSONEncoder().encode(event))
        guard case .output(3, let output, 5) = back else { return XCTFail("\(back)") }
        XCTAssertEqual(output.stage, .barcodes)
        XCTAssertNotNil(output.value(as: BarcodesPageStage.self))
        XCTAssertNil(output.value(as: OCRPageStage.self))
    }

    /// A value of the wrong type reaching a stage through the catalog is an error, not a no-op.
    func testAnOutputOfTheWrongTypeIsAnErrorNotSilentlyDropped() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("quire-erasure-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        let page = PlannedPage(pageID: 1, documentID: 1, path: "/in/a.pdf", kind: .pdf, pageNumber: 1,
                               stages: [.ocr], conservativeBarcodes: false)
        XCTAssertThrowsError(try store.write { transaction in
            let commit = StageCommit(transaction: transaction, page: page, fingerprints: [:], runID: 1, durationMS: nil)
            try OCRPageStage.storeErased([Barcode](), commit)
        }) { error in
            XCTAssertTrue("\(error)".contains("stage ocr expected PageText"), "\(error)")
        }
    }
}
