import DocumentModel
import Layout
import XCTest
@testable import Pipeline

/// The running headers a run learns from a document's recorded pages, and which pages its
/// document pass lays out again.
final class RunningMarginsTests: XCTestCase {
    private let header = Box(x: 100, y: 20, width: 600, height: 30)
    private let body = Box(x: 100, y: 600, width: 600, height: 30)

    /// A recorded page of document 1: page `number` (id `number`), with lines at `lines`; its
    /// layout's margin keys and the ones it applied, when it was laid out.
    private func outcome(_ number: Int, lines: [(String, Box)], marginKeys: Set<String>?, applied: Set<String> = [],
                         failed: Bool = false) -> PageOutcome {
        var o = PageOutcome(page: PlannedPage(pageID: Int64(number), documentID: 1, path: "/in/a.pdf", kind: .pdf,
                                              pageNumber: number, stages: [.extract, .layout], conservativeBarcodes: false))
        o.extract = ExtractOutput(size: PageSize(width: 1200, height: 1600, dpi: 150), textSource: .textLayer, rotation: 0,
                                  skew: 0, rulings: [], textLayer: nil)
        o.text = PageText(source: .textLayer, lines: lines.map { text, box in
            Line(text: text, confidence: 100, box: box, words: [Word(text: text, confidence: 100, box: box)], stage: .textLayer)
        })
        if let marginKeys {
            o[LayoutPageStage.self] = LayoutOutput(blocks: [], structureJSON: nil, marginKeys: marginKeys, appliedMarginKeys: applied)
        }
        if failed { o.failures = [(.barcodes, "broken", false)] }
        return o
    }

    private let title = "Annual Report 2026"
    private var key: String { HeadersFooters.key(title) }

    func testKeysAreGivenOnceTwoRecordedPagesRepeatThem() {
        var margins = RunningMargins()
        margins.record(outcome(1, lines: [(title, header), ("Body text", body)], marginKeys: [key]))
        XCTAssertEqual(margins.repeatedKeys(documentID: 1), [])
        // A failed page's text may not be stored: it does not count.
        margins.record(outcome(2, lines: [(title, header)], marginKeys: [key], failed: true))
        XCTAssertEqual(margins.repeatedKeys(documentID: 1), [])
        margins.record(outcome(3, lines: [(title, header), ("Body text", body)], marginKeys: [key]))
        XCTAssertEqual(margins.repeatedKeys(documentID: 1), [key])
        XCTAssertEqual(margins.repeatedKeys(documentID: 2), [])
    }

    func testOnlyPagesWhoseLayoutTheKeysChangeAreLaidOutAgain() {
        var margins = RunningMargins()
        margins.record(outcome(1, lines: [(title, header)], marginKeys: [key]))                 // laid out before the key was known
        margins.record(outcome(2, lines: [(title, header)], marginKeys: [key]))
        margins.record(outcome(3, lines: [(title, header)], marginKeys: [key], applied: [key]))  // applied it: done right
        margins.record(outcome(4, lines: [("Body text", body)], marginKeys: []))                // nothing in its margins
        margins.record(outcome(5, lines: [("Elsewhere", header)], marginKeys: ["elsewhere"], applied: ["elsewhere"]))  // applied a key the document does not repeat
        // Page 6 was laid out by an earlier run: judged by whether it holds a repeated line.
        let again = margins.pagesToLayOutAgain(documentID: 1, repeated: [key],
                                               holding: [(1, 1), (2, 2), (3, 3), (6, 6)])
        XCTAssertEqual(again.map(\.number), [1, 2, 5, 6])
        // The document is forgotten with its pass: a later pass judges every page as before.
        XCTAssertEqual(margins.pagesToLayOutAgain(documentID: 1, repeated: [key], holding: [(3, 3)]).map(\.number), [3])
    }

    func testAForgottenDocumentIsJudgedAsBefore() {
        var margins = RunningMargins()
        margins.record(outcome(1, lines: [(title, header)], marginKeys: [key], applied: [key]))
        margins.forget(documentID: 1)
        XCTAssertEqual(margins.repeatedKeys(documentID: 1), [])
        XCTAssertEqual(margins.pagesToLayOutAgain(documentID: 1, repeated: [key], holding: [(1, 1)]).map(\.number), [1])
    }
}
