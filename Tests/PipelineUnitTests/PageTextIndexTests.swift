import DocumentModel
import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// The full-text index of pages committed together (the coordinator's batches) is written at
/// the end of their transaction (`Store.refreshPageTexts`): it must hold what committing each
/// page alone gives, English pages in the stemmed index only, other languages in both, and a
/// page committed again must replace its entry, not add a second.
final class PageTextIndexTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-fts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private let fps = PlannedDocument.fingerprints
    /// Page n's language and text: German on even pages, English on odd ones.
    private func content(_ number: Int, round: String) -> (code: String, text: String) {
        number.isMultiple(of: 2) ? ("de", "Die Rechnungen \(round) für Seite \(number)")
                                 : ("en", "The invoices \(round) running for page \(number)")
    }

    private func outcome(_ page: PlannedPage, round: String) -> PageOutcome {
        let (code, text) = content(page.pageNumber, round: round)
        let box = Box(x: 10, y: 10, width: 500, height: 20)
        let words = text.split(separator: " ").enumerated().map { i, w in
            Word(text: String(w), confidence: 95, box: Box(x: 10 + 60 * i, y: 10, width: 50, height: 20))
        }
        return .read(page, size: PageSize(width: 600, height: 200, dpi: 300),
                     lines: [Line(text: text, confidence: 95, box: box, words: words, stage: .fast)],
                     language: PageLanguage(codes: [code], script: "Latin", confidence: 1, method: .detected,
                                            models: [code == "de" ? "deu" : "eng"]),
                     blocks: [Block(kind: .paragraph, readingOrder: 0, text: text, box: box)])
    }

    /// A database of `count` pages, committed by `commit`; returns the store and the pages.
    private func archive(_ name: String, count: Int,
                         _ commit: (Store, [PlannedPage], Int64) throws -> Void) throws -> (Store, [PlannedPage], Int64) {
        let store = try Store(path: dir.appendingPathComponent(name).path)
        let document = try PlannedDocument(in: store, pageCount: count)
        let (r, pages) = (document.runID, document.pages)
        XCTAssertEqual(pages.count, count)
        try commit(store, pages, r)
        return (store, pages, r)
    }

    /// Both indexes, as (page number, text) rows.
    private func index(_ store: Store) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for fts in ["page_fts", "page_fts_exact"] {
            result[fts] = try store.query("""
                SELECT p.page_number || ':' || f.text FROM \(fts) f JOIN pages p ON p.id = f.rowid ORDER BY p.page_number
                """) { $0.string(0) }
        }
        return result
    }

    func testPagesCommittedTogetherAreIndexedAsPagesCommittedAlone() throws {
        let (together, pages, r) = try archive("together.sqlite", count: 6) { store, pages, r in
            XCTAssertEqual(try store.commit(pages.map { self.outcome($0, round: "first") }, fingerprints: { _ in self.fps }, runID: r),
                           Array(repeating: .done, count: 6))
        }
        let (alone, _, _) = try archive("alone.sqlite", count: 6) { store, pages, r in
            for page in pages { try store.commit(outcome(page, round: "first"), fingerprints: fps, runID: r) }
        }
        let expected = try index(alone)
        XCTAssertEqual(try index(together), expected)
        XCTAssertEqual(expected["page_fts"]?.count, 6)
        XCTAssertEqual(expected["page_fts_exact"], ["2:Die Rechnungen first für Seite 2", "4:Die Rechnungen first für Seite 4",
                                                    "6:Die Rechnungen first für Seite 6"])
        // Stemmed search finds the English pages' "invoices" and "running" from other forms.
        XCTAssertEqual(try together.query("SELECT count(*) FROM page_fts WHERE page_fts MATCH 'invoice AND run'") { $0.int(0) }, [3])

        // Committed again together: each page's entry replaced, in both indexes.
        XCTAssertEqual(try together.commit(pages.map { self.outcome($0, round: "second") }, fingerprints: { _ in self.fps }, runID: r),
                       Array(repeating: .done, count: 6))
        let again = try index(together)
        XCTAssertEqual(again["page_fts"]?.count, 6)
        XCTAssertEqual(again["page_fts_exact"]?.count, 3)
        XCTAssertEqual(try together.query("SELECT count(*) FROM page_fts WHERE page_fts MATCH 'first'") { $0.int(0) }, [0])
        XCTAssertEqual(try together.query("SELECT count(*) FROM page_fts_exact WHERE page_fts_exact MATCH 'second'") { $0.int(0) }, [3])
        for fts in ["page_fts", "page_fts_exact"] {
            XCTAssertNoThrow(try together.query("INSERT INTO \(fts)(\(fts)) VALUES ('integrity-check')") { _ in () })
        }
    }

    /// The document pass (layout again after a document's last page) indexes its batch at the
    /// end of its transaction too.
    func testADocumentPassBatchReindexesItsPages() throws {
        let (store, pages, r) = try archive("pass.sqlite", count: 4) { store, pages, r in
            _ = try store.commit(pages.map { self.outcome($0, round: "first") }, fingerprints: { _ in self.fps }, runID: r)
        }
        let passes = pages.map { page in
            PageOutcome.laidOutAgain(page, blocks: [Block(kind: .paragraph, readingOrder: 0, text: content(page.pageNumber, round: "pass").text,
                                                          box: Box(x: 10, y: 10, width: 500, height: 20))])
        }
        try store.commitDocumentPass(passes, fingerprints: { _ in self.fps }, runID: r)
        let after = try index(store)
        XCTAssertEqual(after["page_fts"], (1...4).map { "\($0):\(content($0, round: "pass").text)" })
        XCTAssertEqual(after["page_fts_exact"], [2, 4].map { "\($0):\(content($0, round: "pass").text)" })
    }
}
