import DocumentModel
import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// A page's words as rows: written many to a statement, read back as they were, their ids in
/// line and word order; and the archive's words no longer indexed by their text (migration 25).
final class WordRowsTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// Lines of 1, 31, 32, 33 and 70 words (more than one statement's rows, and a statement's
    /// rows across lines), with and without font sizes and bold words.
    private func page() -> PageText {
        let counts = [1, 31, 32, 33, 70]
        let lines = counts.enumerated().map { l, n in
            let words = (0..<n).map { w in
                Word(text: "w\(l)-\(w)\(w % 7 == 0 ? "’é" : "")", confidence: Double(50 + w % 50),
                     box: Box(x: 10 * w, y: 40 * l, width: 9, height: 12 + w % 3),
                     fontSize: w % 5 == 0 ? nil : 9.5 + Double(w % 3), isBold: w % 4 == 0)
            }
            return Line(text: words.map(\.text).joined(separator: " "), confidence: 80, box: Box(x: 0, y: 40 * l, width: 700, height: 14),
                        words: words, stage: .textLayer, blockHint: l, paragraphHint: nil)
        }
        return PageText(source: .textLayer, lines: lines)
    }

    func testAPageWrittenManyWordsAStatementReadsBackAsItWas() throws {
        let store = try Store(path: try temporaryDirectory().appendingPathComponent("q.sqlite").path)
        try store.db.execute("INSERT INTO documents(id, path, sha256, status, page_count) VALUES (1, '/in/a.pdf', 'x', 'done', 2)")
        try store.db.execute("INSERT INTO pages(id, document_id, page_number, status, text_source) VALUES (1, 1, 1, 'done', 'text_layer'), (2, 1, 2, 'done', 'text_layer')")
        let text = page()
        try store.write { tx in
            try tx.insertText(1, text)
            try tx.insertText(2, PageText(source: .textLayer, lines: [text.lines[0]]))
        }
        XCTAssertEqual(try store.storedText(pageID: 1), text)
        XCTAssertEqual(try store.storedText(pageID: 2).lines, [text.lines[0]])
        XCTAssertEqual(try store.db.query("SELECT count(*) FROM words WHERE page_id = 1") { $0.int(0) }, [167])
        // Ids follow the page's reading: by line, then word.
        let order = try store.db.query("""
            SELECT l.line_order, w.word_order FROM words w JOIN lines l ON l.id = w.line_id WHERE w.page_id = 1 ORDER BY w.id
            """) { [$0.int(0), $0.int(1)] }
        XCTAssertEqual(order, text.lines.enumerated().flatMap { l, line in line.words.indices.map { [l, $0] } })
    }

    func testWordsAreNotIndexedByTheirTextInANewArchiveNorInAnUpgradedOne() throws {
        let dir = try temporaryDirectory()
        let old = dir.appendingPathComponent("old.sqlite").path
        do {
            // An archive as quire wrote it before migration 25.
            let db = try archiveBeforeMigration(25, at: old)
            XCTAssertEqual(try db.query("SELECT count(*) FROM sqlite_master WHERE name = 'words_text'") { $0.int(0) }, [1])
        }
        for path in [old, dir.appendingPathComponent("new.sqlite").path] {
            let store = try Store(path: path)
            let indexes = try store.db.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'words' ORDER BY name") { $0.string(0) }
            XCTAssertEqual(indexes, ["words_line", "words_page"], path)
            // A page's words are still found by its id, as export and rereads ask for them.
            let plan = try store.db.query("EXPLAIN QUERY PLAN SELECT text FROM words WHERE page_id = 1") { $0.string(3) }.joined()
            XCTAssertTrue(plan.contains("words_page"), plan)
        }
    }
}
