import DocumentModel
import Foundation
import Layout
import XCTest
@testable import Pipeline

/// Which pages the document pass lays out again, from how this run laid them out.
final class RunningMarginsTests: XCTestCase {
    private let key = HeadersFooters.key("Annual Report 2026")

    /// Page `number` (id `number`) of document 1, laid out with margin keys `keys` of which it
    /// applied `applied` (no layout output when `keys` is nil).
    private func outcome(_ number: Int, keys: Set<String>?, applied: Set<String> = []) -> PageOutcome {
        var o = PageOutcome(page: PlannedPage(pageID: Int64(number), documentID: 1, path: "/in/a.pdf", kind: .pdf,
                                              pageNumber: number, stages: [.extract, .layout], conservativeBarcodes: false))
        if let keys {
            o[LayoutPageStage.self] = LayoutOutput(blocks: [], structureJSON: nil, marginKeys: keys, appliedMarginKeys: applied)
        }
        return o
    }

    func testOnlyPagesWhoseLayoutTheKeysChangeAreLaidOutAgain() {
        var margins = RunningMargins()
        margins.record(outcome(1, keys: [key]))                                  // laid out before the key was seen
        margins.record(outcome(2, keys: [key], applied: [key]))                  // applied it: done right
        margins.record(outcome(3, keys: []))                                     // nothing undecided in its margins
        margins.record(outcome(4, keys: ["elsewhere"], applied: ["elsewhere"]))  // applied a key the document does not repeat
        margins.record(outcome(5, keys: nil))                                    // its layout failed: judged as before
        // Page 6 was laid out by an earlier run: judged by whether it is listed (holding a
        // repeated line, and having a running header block: listed twice, laid out again once).
        let again = margins.pagesToLayOutAgain(documentID: 1, repeated: [key],
                                               holding: [(1, 1), (2, 2), (5, 5), (6, 6), (6, 6)])
        XCTAssertEqual(again.map(\.number), [1, 4, 5, 6])
        // The document is forgotten with its pass: a later pass judges every page as before.
        XCTAssertEqual(margins.pagesToLayOutAgain(documentID: 1, repeated: [key], holding: [(2, 2)]).map(\.number), [2])
    }

    func testAForgottenDocumentIsJudgedAsBefore() {
        var margins = RunningMargins()
        margins.record(outcome(1, keys: [key], applied: [key]))
        margins.forget(documentID: 1)
        XCTAssertEqual(margins.pagesToLayOutAgain(documentID: 1, repeated: [key], holding: [(1, 1)]).map(\.number), [1])
    }

    func testADocumentWithoutRunningKeysLaysOutAgainOnlyWhatAppliedOne() {
        var margins = RunningMargins()
        margins.record(outcome(1, keys: [key]))
        margins.record(outcome(2, keys: [key], applied: [key]))
        XCTAssertEqual(margins.pagesToLayOutAgain(documentID: 1, repeated: [], holding: []).map(\.number), [2])
    }

    /// After a run killed before its pass, the pages whose stored layout has a running header or
    /// footer other than a page number are the ones a worker may have laid out with keys of its own.
    func testStoredRunningMarginBlocksNameTheirPages() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-margins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try Store(path: dir.appendingPathComponent("q.sqlite").path)
        let document = try PlannedDocument(in: store, pageCount: 3)
        let box = Box(x: 10, y: 10, width: 50, height: 20)
        let blocks: [[Block]] = [
            [Block(kind: .header, readingOrder: 0, text: "Annual Report 2026", box: box),
             Block(kind: .paragraph, readingOrder: 1, text: "Body", box: box)],
            [Block(kind: .paragraph, readingOrder: 0, text: "Body", box: box),
             Block(kind: .footer, readingOrder: 1, text: "Page 2 of 3", box: box)],
            [Block(kind: .footer, readingOrder: 0, text: "- 3 -", box: box),
             Block(kind: .footer, readingOrder: 1, text: "Records Office", box: box)],
        ]
        let outcomes = zip(document.pages, blocks).map { page, blocks in
            PageOutcome.read(page, size: PageSize(width: 100, height: 200, dpi: 300), lines: [], blocks: blocks)
        }
        _ = try store.commit(outcomes, fingerprints: { _ in PlannedDocument.fingerprints }, runID: document.runID)
        XCTAssertEqual(try store.pagesWithRunningMarginBlocks(documentID: document.documentID).map(\.number).sorted(), [1, 3])
    }
}
