import DocumentModel
import Foundation
import Imaging
import PDF
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

    /// A born-digital page's content decides, before anything is rendered, whether it gets the
    /// full raster for barcodes: a page of text and rulings gets only the ruling raster and its
    /// barcode step says it was not searched; a code drawn as vector bars and a code in an
    /// embedded image are rendered and read; a page over the drawing budget is not rendered at
    /// all, keeps its text and says why it was not searched. The barcode step runs on every page.
    func testBornDigitalPagesAreRenderedForBarcodesOnlyWhereTheirContentCouldHoldACode() throws {
        let work = PageWork(faults: FaultInjection(environment: [:]))
        work.settings = StageSettings(spec: PipelineSpec(name: "t", database: "/dev/null", inputs: []))
        let stages: Set<Stage> = [.extract, .barcodes]
        let file = try document(3, "extract/born_digital_codes.pdf")
        var found: [(extract: ExtractOutput, findings: BarcodeFindings)] = []
        for n in 1...4 {
            let page = try run(work, PageTask(taskID: n, document: file, pageNumber: n, stages: stages))
            XCTAssertEqual(page.failed, [], "page \(n)")
            XCTAssertEqual(page.outputs.map(\.stage), [.extract, .barcodes], "page \(n)")
            let extract = try XCTUnwrap(page.outputs[0].value as? ExtractOutput)
            XCTAssertEqual(extract.textSource, .textLayer, "page \(n)")
            XCTAssertFalse(extract.textLayer?.words.isEmpty ?? true, "page \(n) keeps its text")
            found.append((extract, try XCTUnwrap(page.outputs[1].value as? BarcodeFindings)))
        }
        // The ruled table: the ruling raster only (its rulings found there), no search, a note.
        XCTAssertEqual(found[0].extract.working?.drawing, DrawingVerdict.noCodes)
        XCTAssertEqual(found[0].extract.working?.image.resolution, ExtractPageStage.rulingDPI)
        XCTAssertGreaterThanOrEqual(found[0].extract.rulings.count, 5)
        XCTAssertEqual(found[0].findings, BarcodeFindings(codes: [], note: BarcodesPageStage.noCodesNote))
        // Vector bars: the full raster, searched only in the area of the bars (with its quiet
        // zone), read there, corners placed on the page. An embedded image: read from its own
        // pixels, the page left at the ruling raster (EmbeddedCodeImageTests); the same corners.
        for (i, payload) in [(1, "QUIRE-128"), (2, "quire-image-42")] {
            XCTAssertEqual(found[i].extract.working?.drawing, DrawingVerdict.mayHoldCodes, payload)
            XCTAssertEqual(found[i].extract.working?.image.resolution, i == 1 ? 300 : ExtractPageStage.rulingDPI, payload)
            XCTAssertEqual(found[i].extract.working?.embeddedCodeImages?.count, i == 1 ? nil : 1, payload)
            XCTAssertNil(found[i].findings.note, payload)
            XCTAssertEqual(found[i].findings.codes.map(\.payload), [payload])
            let page = i == 1 ? try XCTUnwrap(found[i].extract.working?.image)
                              : try PDFDocument(path: file.path).page(i + 1).render(dpi: 300)
            let areas = i == 1 ? try XCTUnwrap(found[i].extract.working?.codeAreas, payload)
                               : [Box(x: 225, y: 850, width: 750, height: 750)]
            XCTAssertEqual(areas.count, 1, payload)
            XCTAssertLessThan(areas[0].width * areas[0].height, page.width * page.height / 4, payload)
            // The same corners as a whole-page read finds (a few pixels apart at most).
            let whole = try BarcodeDetector(settings: BarcodeSettings()).detect(page)
            XCTAssertEqual(whole.map(\.payload), [payload])
            for (a, b) in zip(found[i].findings.codes.flatMap(\.corners), whole.flatMap(\.corners)) {
                XCTAssertLessThanOrEqual(max(abs(a.x - b.x), abs(a.y - b.y)), 4, "\(payload): \(a) vs \(b)")
            }
            for corner in found[i].findings.codes.flatMap(\.corners) {
                XCTAssertTrue(areas[0].minX <= corner.x && corner.x <= areas[0].maxX
                              && areas[0].minY <= corner.y && corner.y <= areas[0].maxY, "\(payload): \(corner) in \(areas[0])")
            }
        }
        XCTAssertNil(found[0].extract.working?.codeAreas)
        // 1,001 forms drawn: not rendered (a blank ruling-resolution raster), text kept, a note.
        guard case .tooComplex(let what)? = found[3].extract.working?.drawing else {
            return XCTFail("page 4: \(String(describing: found[3].extract.working?.drawing))")
        }
        XCTAssertTrue(what.contains("1001 form XObjects"), what)
        XCTAssertEqual(found[3].extract.working?.image.resolution, ExtractPageStage.rulingDPI)
        XCTAssertEqual(found[3].extract.rulings, [])
        XCTAssertEqual(found[3].findings, BarcodeFindings(codes: [], note: BarcodesPageStage.tooComplexNote(what)))
        XCTAssertTrue(found[3].extract.textLayer?.words.map(\.text).joined(separator: " ").contains("Dotted Chart") ?? false)
    }

    /// A text-layer page drawing only text and straight marks (the ruled table of page 1) is not
    /// rendered at all: its rulings are read from its drawing, and they are the lines the raster
    /// finder gives on its 100-dpi ink (same count and orientations, positions within the
    /// raster's 3-pixel grain). A page with an image (page 3) is still rendered.
    func testARuledTablePageGetsItsRulingsFromItsDrawingWithoutARaster() throws {
        let file = try document(3, "extract/born_digital_codes.pdf")
        let settings = ExtractSettings()
        let ink = TextLayerRaster(dpi: ExtractPageStage.rulingDPI, inkThreshold: RulingDetector().threshold)
        let vector = try PageExtractor().extract(file, page: 1, settings: settings, textLayerRaster: ink, barcodes: true,
                                                 rulingsFromDrawing: true)
        let drawn = try XCTUnwrap(vector.vectorRulings, "page 1 was not rendered")
        let rendered = try PageExtractor().extract(file, page: 1, settings: settings, textLayerRaster: ink, barcodes: true)
        XCTAssertNil(rendered.vectorRulings)
        let found = try rendered.image.rulingLines().map { $0.scaled(by: Double(settings.dpi) / Double(rendered.imageDPI)) }
        XCTAssertGreaterThanOrEqual(found.count, 5)
        XCTAssertEqual(drawn.count, found.count, "\(drawn) vs \(found)")
        for (d, f) in zip(drawn, found) {
            XCTAssertEqual(d.orientation, f.orientation)
            XCTAssertEqual(Double(d.position), Double(f.position), accuracy: 4, "\(d) vs \(f)")
            XCTAssertEqual(Double(d.start), Double(f.start), accuracy: 4, "\(d) vs \(f)")
            XCTAssertEqual(Double(d.end), Double(f.end), accuracy: 4, "\(d) vs \(f)")
        }
        XCTAssertEqual(vector.textLayer?.words.map(\.text), rendered.textLayer?.words.map(\.text))
        XCTAssertEqual([vector.width, vector.height], [rendered.width, rendered.height])
        // Through the stage: the stored rulings are the drawing's.
        let work = PageWork(faults: FaultInjection(environment: [:]))
        work.settings = StageSettings(spec: PipelineSpec(name: "t", database: "/dev/null", inputs: []))
        var output: ExtractOutput?
        try work.run(PageTask(taskID: 1, document: file, pageNumber: 1, stages: [.extract, .barcodes, .layout])) { event in
            if case .output(_, let o, _) = event, let e = o.value as? ExtractOutput { output = e }
        }
        XCTAssertEqual(output?.rulings, drawn)
        // An embedded image: rendered as before.
        let image = try PageExtractor().extract(file, page: 3, settings: settings, textLayerRaster: ink, barcodes: false,
                                                rulingsFromDrawing: true)
        XCTAssertNil(image.vectorRulings)
    }

    /// With barcodes off, every text-layer page gets the ruling raster, as before, except a page
    /// over the drawing budget: that one is not rendered at all (its text is kept).
    func testWithoutBarcodesOnlyThePageOverTheDrawingBudgetIsNotRendered() throws {
        let work = PageWork(faults: FaultInjection(environment: [:]))
        var spec = PipelineSpec(name: "t", database: "/dev/null", inputs: [])
        spec.barcodes.enabled = false
        work.settings = StageSettings(spec: spec)
        let file = try document(3, "extract/born_digital_codes.pdf")
        for n in 1...4 {
            let page = try run(work, PageTask(taskID: n, document: file, pageNumber: n, stages: [.extract]))
            let extract = try XCTUnwrap(page.outputs.first?.value as? ExtractOutput)
            XCTAssertEqual(extract.working?.image.resolution, ExtractPageStage.rulingDPI, "page \(n)")
            XCTAssertFalse(extract.textLayer?.words.isEmpty ?? true, "page \(n) keeps its text")
            if n == 1 { XCTAssertGreaterThanOrEqual(extract.rulings.count, 5, "the ruled table is rendered") }
            if n == 4 {
                guard case .tooComplex? = extract.working?.drawing else {
                    return XCTFail("page 4: \(String(describing: extract.working?.drawing))")
                }
                XCTAssertEqual(extract.rulings, [])
            } else {
                XCTAssertNotNil(extract.working?.drawing, "page \(n): its content was read")
            }
        }
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
