import DocumentModel
import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// Document-pass tasks (pages laid out again once their document is done) are committed
/// several to a transaction; each is stored wholly or not at all, and a failing one keeps
/// those before it.
final class PassCommitTests: XCTestCase {
    var dir: URL!
    var store: Store!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-pass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        store = try Store(path: dir.appendingPathComponent("q.sqlite").path)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func outcome(_ page: PlannedPage, blockText: String) -> PageOutcome {
        let words = [Word(text: "Hello", confidence: 95, box: Box(x: 10, y: 10, width: 50, height: 20))]
        let line = Line(text: "Hello", confidence: 95, box: words[0].box, words: words, stage: .fast)
        return .read(page, size: PageSize(width: 100, height: 200, dpi: 300), lines: [line],
                     blocks: [Block(kind: .paragraph, readingOrder: 0, text: blockText, box: line.box)])
    }

    private func blockTexts() throws -> [String] {
        try store.query("SELECT b.text FROM blocks b JOIN pages p ON p.id = b.page_id ORDER BY p.page_number") { $0.string(0) }
    }

    func testPassTasksAreCommittedTogetherAndAFailingOneKeepsThoseBeforeIt() throws {
        let document = try PlannedDocument(in: store, pageCount: 3)
        let (r, pages, fps) = (document.runID, document.pages, PlannedDocument.fingerprints)
        XCTAssertEqual(try store.commit(pages.map { outcome($0, blockText: "first") }, fingerprints: { _ in fps }, runID: r),
                       [.done, .done, .done])

        // The pass lays each page out again: only layout's output, the page marked as a pass task.
        func pass(_ page: PlannedPage, _ text: String) -> PageOutcome {
            .laidOutAgain(page, blocks: [Block(kind: .paragraph, readingOrder: 0, text: text, box: Box(x: 10, y: 10, width: 50, height: 20))])
        }
        try store.commitDocumentPass(pages.map { pass($0, "again") }, fingerprints: { _ in fps }, runID: r)
        XCTAssertEqual(try blockTexts(), ["again", "again", "again"])

        // A task whose page is not in the database (its rows would refer to nothing) between two that are.
        var ghost = pages[1]
        ghost.pageID = 999_999
        XCTAssertThrowsError(try store.commitDocumentPass([pass(pages[0], "third"), pass(ghost, "x"), pass(pages[2], "third")],
                                                          fingerprints: { _ in fps }, runID: r)) { error in
            XCTAssertTrue("\(error)".contains("page 999999 is not in the database"), "\(error)")
        }
        XCTAssertEqual(try blockTexts(), ["third", "again", "again"])
        XCTAssertEqual(try store.query("SELECT count(*) FROM page_fts WHERE page_fts MATCH 'third'") { $0.int(0) }, [1])
    }
}
