import DocumentModel
import Foundation
@testable import Pipeline

/// A new PDF of some pages recorded in a store and planned for a run: the pages as the
/// coordinator hands them out, for tests of what committing their outcomes writes.
struct PlannedDocument {
    static let fingerprints: [Stage: String] = [.extract: "e", .ocr: "o", .layout: "l", .barcodes: "b"]

    let runID: Int64
    let documentID: Int64
    let pages: [PlannedPage]

    init(in store: Store, pageCount: Int) throws {
        runID = try store.beginRun(pipeline: "t", pipelinePath: "/t.yml", command: "run", workers: 1)
        guard case .new(let document) = try store.recordDocument(DiscoveredFile(path: "/in/a.pdf", size: 10, mtimeNs: 1),
                                                                  runID: runID, kind: { .pdf }, hash: { "AAA" },
                                                                  pathExists: { _ in true })
        else { throw PlanningError(message: "the document was not recorded as new") }
        documentID = document
        try store.setPageCount(documentID: document, count: pageCount)
        pages = try store.plan(PlanRequest(mode: .run, fingerprints: Self.fingerprints, maxAttempts: 3)).pages
    }

    struct PlanningError: Error { var message: String }
}

extension PageOutcome {
    /// `page` read by OCR: `lines` on a page of `size`, laid out as `blocks`, no barcodes.
    static func read(_ page: PlannedPage, size: PageSize, lines: [Line], language: PageLanguage? = nil,
                     blocks: [Block]) -> PageOutcome {
        var o = PageOutcome(page: page)
        o.extract = ExtractOutput(size: size, textSource: .ocr, rotation: 0, skew: 0, rulings: [], textLayer: nil)
        o.text = PageText(source: .ocr, lines: lines, language: language)
        o.blocks = blocks
        o.barcodes = []
        return o
    }

    /// A document-pass task's outcome: `page` laid out again as `blocks` (layout's output only).
    static func laidOutAgain(_ page: PlannedPage, blocks: [Block]) -> PageOutcome {
        var task = page
        task.stages = [.layout]
        task.repeatedMargins = []
        var o = PageOutcome(page: task)
        o.blocks = blocks
        return o
    }
}
