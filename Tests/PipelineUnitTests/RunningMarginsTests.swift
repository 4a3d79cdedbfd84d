import DocumentModel
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
        // Page 6 was laid out by an earlier run: judged by whether it holds a repeated line.
        let again = margins.pagesToLayOutAgain(documentID: 1, repeated: [key],
                                               holding: [(1, 1), (2, 2), (5, 5), (6, 6)])
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
}
