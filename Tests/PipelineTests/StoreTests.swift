import DocumentModel
import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// The store against a real SQLite file: document identity, planning by fingerprints, and
/// page commits.
final class StoreTests: XCTestCase {
    var dir: URL!
    var store: Store!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        store = try Store(path: dir.appendingPathComponent("q.sqlite").path)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func record(_ path: String, sha: String, size: Int64 = 10, mtime: Int64 = 1, run: Int64 = 1,
                        kind: FileKind = .pdf) throws -> DocumentOutcome {
        try store.recordDocument(DiscoveredFile(path: path, size: size, mtimeNs: mtime), runID: run,
                                 kind: { kind }, hash: { sha })
    }

    private func beginRun() throws -> Int64 {
        try store.beginRun(pipeline: "t", pipelinePath: "/t.yml", command: "run", workers: 1)
    }

    /// A database made by an earlier quire (schema 1) is upgraded when opened, keeping its rows,
    /// and a page commit's document-status refresh no longer scans the document's pages.
    func testSchemaOneDatabaseIsUpgradedAndStatusRefreshUsesTheIndex() throws {
        let path = dir.appendingPathComponent("old.sqlite").path
        do {
            let db = try SQLite.Database(path: path)
            var old = SQLite.Migrator()
            old.register(1, "initial schema", sql: Schema.v1)
            try old.migrate(db)
            try db.execute("INSERT INTO documents(path, kind, status) VALUES ('/a.pdf', 'pdf', 'pending')")
        }
        let upgraded = try Store(path: path)
        let migrations = try upgraded.db.query("SELECT id FROM schema_migrations ORDER BY id") { $0.int(0) }
        XCTAssertEqual(Array(migrations.prefix(3)), [1, 2, 3])
        XCTAssertEqual(try upgraded.db.query("SELECT path FROM documents") { $0.string(0) }, ["/a.pdf"])
        let plan = try upgraded.db.query("""
            EXPLAIN QUERY PLAN SELECT 1 FROM pages WHERE document_id = 1 AND status = 'pending'
            """) { $0.string(3) }.joined(separator: "; ")
        XCTAssertTrue(plan.contains("pages_document_status"), plan)
    }

    func testDocumentIdentityIsTheContentHash() throws {
        let r = try beginRun()
        guard case .new(let a) = try record("/in/a.pdf", sha: "AAA", run: r) else { return XCTFail() }
        // Unchanged (same size and mtime): no hashing at all.
        let unchanged = try store.recordDocument(DiscoveredFile(path: "/in/a.pdf", size: 10, mtimeNs: 1), runID: r,
                                                 kind: { .pdf }, hash: { XCTFail("hashed again"); return "" })
        XCTAssertEqual(unchanged, DocumentOutcome.unchanged(id: a))
        // Same content under a second path: recorded as a duplicate, not processed.
        guard case .duplicate(_, let of) = try record("/in/copy.pdf", sha: "AAA", run: r) else { return XCTFail() }
        XCTAssertEqual(of, a)
        // Touched but same content: unchanged.
        XCTAssertEqual(try record("/in/a.pdf", sha: "AAA", mtime: 2, run: r), DocumentOutcome.unchanged(id: a))
        // Changed content at the same path: a new version supersedes the old one.
        guard case .new(let b) = try record("/in/a.pdf", sha: "BBB", size: 11, mtime: 3, run: r) else { return XCTFail() }
        let superseded = try store.query("SELECT superseded_by FROM documents WHERE id = ?", [a]) { $0.optionalInt(0) }
        XCTAssertEqual(superseded, [Int(b)])
    }

    func testEmptyAndUnknownFilesFailWithAMessage() throws {
        let r = try beginRun()
        guard case .failed(_, let empty) = try record("/in/empty.pdf", sha: "E", size: 0, run: r) else { return XCTFail() }
        XCTAssertTrue(empty.contains("empty file"))
        guard case .failed(_, let unknown) = try record("/in/notes.pdf", sha: "T", run: r, kind: .unknown) else { return XCTFail() }
        XCTAssertTrue(unknown.contains("not a PDF or an image"))
    }

    func testPlanRedoesOnlyStagesWhoseFingerprintChanged() throws {
        let r = try beginRun()
        guard case .new(let doc) = try record("/in/a.pdf", sha: "AAA", run: r) else { return XCTFail() }
        try store.setPageCount(documentID: doc, count: 2)
        let fps: [Stage: String] = [.extract: "e1", .ocr: "o1", .layout: "l1", .barcodes: "b1"]
        var plan = try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 3))
        XCTAssertEqual(plan.pages.count, 2)
        XCTAssertEqual(plan.pages[0].stages, [.extract, .ocr, .layout, .barcodes])
        for page in plan.pages { try store.commit(fullOutcome(page), fingerprints: fps, runID: r) }

        plan = try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 3))
        XCTAssertEqual(plan.pages.count, 0)
        XCTAssertEqual(plan.skipped, 2)

        var changed = fps; changed[.ocr] = "o2"
        plan = try store.plan(PlanRequest(mode: .run, fingerprints: changed, maxAttempts: 3))
        XCTAssertEqual(plan.pages.map(\.stages), [[.ocr, .layout], [.ocr, .layout]])

        changed = fps; changed[.barcodes] = "b2"
        plan = try store.plan(PlanRequest(mode: .run, fingerprints: changed, maxAttempts: 3))
        XCTAssertEqual(plan.pages.map(\.stages), [[.barcodes], [.barcodes]])

        plan = try store.plan(PlanRequest(mode: .rerun(failedOnly: false, stage: .layout, force: false),
                                          fingerprints: fps, maxAttempts: 3))
        XCTAssertEqual(plan.pages.map(\.stages), [[.layout], [.layout]])
    }

    func testACrashInBarcodesKeepsOCRAndRerunRedoesOnlyBarcodes() throws {
        let r = try beginRun()
        guard case .new(let doc) = try record("/in/a.pdf", sha: "AAA", run: r) else { return XCTFail() }
        try store.setPageCount(documentID: doc, count: 1)
        let fps: [Stage: String] = [.extract: "e", .ocr: "o", .layout: "l", .barcodes: "b"]
        let page = try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 2)).pages[0]
        var outcome = fullOutcome(page)
        outcome.barcodes = nil
        outcome.failures = [(.barcodes, "worker crashed in stage barcodes: killed by SIGABRT", true)]
        XCTAssertEqual(try store.commit(outcome, fingerprints: fps, runID: r), "failed")

        let words = try store.query("SELECT count(*) FROM words") { $0.int(0) }
        XCTAssertEqual(words, [2])
        let row = try store.query("SELECT status, failed_stage, attempts FROM pages") { ($0.string(0), $0.string(1), $0.int(2)) }
        XCTAssertEqual(row[0].0, "failed"); XCTAssertEqual(row[0].1, "barcodes"); XCTAssertEqual(row[0].2, 1)

        // A plain run leaves the failed page alone; rerun --failed redoes only the barcodes, conservatively.
        XCTAssertTrue(try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 2)).pages.isEmpty)
        let rerun = try store.plan(PlanRequest(mode: .rerun(failedOnly: true, stage: nil, force: false),
                                               fingerprints: fps, maxAttempts: 2)).pages
        XCTAssertEqual(rerun.map(\.stages), [[.barcodes]])
        XCTAssertTrue(rerun[0].conservativeBarcodes)

        // After max_attempts failures the page is left alone unless forced.
        try store.commit(outcome, fingerprints: fps, runID: r)
        XCTAssertTrue(try store.plan(PlanRequest(mode: .rerun(failedOnly: true, stage: nil, force: false),
                                                 fingerprints: fps, maxAttempts: 2)).pages.isEmpty)
        XCTAssertEqual(try store.plan(PlanRequest(mode: .rerun(failedOnly: true, stage: nil, force: true),
                                                  fingerprints: fps, maxAttempts: 2)).pages.count, 1)
    }

    func testPageTextAndFullTextIndex() throws {
        let r = try beginRun()
        guard case .new(let doc) = try record("/in/a.pdf", sha: "AAA", run: r) else { return XCTFail() }
        try store.setPageCount(documentID: doc, count: 1)
        let fps: [Stage: String] = [.extract: "e", .ocr: "o", .layout: "l", .barcodes: "b"]
        let page = try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 3)).pages[0]
        try store.commit(fullOutcome(page), fingerprints: fps, runID: r)
        let text = try store.query("SELECT path, page_number, text FROM page_text") { ($0.string(0), $0.int(1), $0.string(2)) }
        XCTAssertEqual(text.first?.0, "/in/a.pdf")
        XCTAssertEqual(text.first?.2, "Hello world")
        XCTAssertEqual(try store.query("SELECT rowid FROM page_fts WHERE page_fts MATCH 'hello'") { $0.int64(0) }, [page.pageID])
        let docStatus = try store.query("SELECT status FROM documents") { $0.string(0) }
        XCTAssertEqual(docStatus, ["done"])
    }

    /// Schema 3: an OCR page's estimated resolution is stored with the page.
    func testEstimatedResolutionIsStored() throws {
        let r = try beginRun()
        guard case .new(let doc) = try record("/in/a.png", sha: "AAA", run: r) else { return XCTFail() }
        try store.setPageCount(documentID: doc, count: 1)
        let fps: [Stage: String] = [.extract: "e", .ocr: "o", .layout: "l", .barcodes: "b"]
        let page = try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 3)).pages[0]
        var outcome = fullOutcome(page)
        outcome.extract?.estimatedDPI = 84
        outcome.extract?.size.dpi = 84
        try store.commit(outcome, fingerprints: fps, runID: r)
        let row = try store.query("SELECT dpi, estimated_dpi FROM pages") { ($0.int(0), $0.int(1)) }
        XCTAssertEqual(row.first?.0, 84)
        XCTAssertEqual(row.first?.1, 84)
    }

    private func fullOutcome(_ page: PlannedPage) -> PageOutcome {
        let words = [Word(text: "Hello", confidence: 95, box: Box(x: 10, y: 10, width: 50, height: 20)),
                     Word(text: "world", confidence: 91, box: Box(x: 70, y: 10, width: 50, height: 20))]
        let line = Line(text: "Hello world", confidence: 93, box: Box(x: 10, y: 10, width: 110, height: 20),
                        words: words, stage: .fast)
        var o = PageOutcome(page: page)
        o.extract = ExtractOutput(size: PageSize(width: 100, height: 200, dpi: 300), textSource: .ocr, rotation: 0,
                                  skew: 0, rulings: [], textLayer: nil)
        o.text = PageText(source: .ocr, lines: [line])
        o.blocks = [Block(kind: .paragraph, readingOrder: 0, text: "Hello world", box: line.box)]
        o.barcodes = []
        return o
    }
}
