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

    /// `gone`: paths whose files no longer exist (every other path does).
    private func record(_ path: String, sha: String, size: Int64 = 10, mtime: Int64 = 1, run: Int64 = 1,
                        kind: FileKind = .pdf, gone: Set<String> = []) throws -> DocumentOutcome {
        try store.recordDocument(DiscoveredFile(path: path, size: size, mtimeNs: mtime), runID: run,
                                 kind: { kind }, hash: { sha }, pathExists: { !gone.contains($0.path) })
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
        XCTAssertEqual(try upgraded.db.query("SELECT id FROM schema_migrations ORDER BY id") { $0.int(0) },
                       Schema.migrator.migrations.map(\.id))
        // Made before application_id existed, recognised by its quire-only schema, and stamped now.
        XCTAssertEqual(try upgraded.db.query("PRAGMA application_id") { $0.int64(0) }, [Int64(Store.applicationID)])
        XCTAssertEqual(try upgraded.db.query("SELECT count(*) FROM pragma_table_info('blocks') WHERE name = 'caption_of'") { $0.int(0) }, [1])
        XCTAssertEqual(try upgraded.db.query("SELECT path FROM documents") { $0.string(0) }, ["/a.pdf"])
        let plan = try upgraded.db.query("""
            EXPLAIN QUERY PLAN SELECT 1 FROM pages WHERE document_id = 1 AND status = 'pending'
            """) { $0.string(3) }.joined(separator: "; ")
        XCTAssertTrue(plan.contains("pages_document_status"), plan)
    }

    /// A new database (its migrations applied together, in one transaction) has exactly the
    /// schema of one migrated step by step, each migration committed on its own.
    func testANewDatabaseHasTheSchemaOfOneMigratedStepByStep() throws {
        let path = dir.appendingPathComponent("steps.sqlite").path
        do {
            let db = try SQLite.Database(path: path)
            for migration in Schema.migrator.migrations {
                var one = SQLite.Migrator()
                for earlier in Schema.migrator.migrations where earlier.id <= migration.id {
                    one.register(earlier.id, earlier.name, sql: earlier.sql)
                }
                XCTAssertEqual(try one.migrate(db), [migration.id])
            }
        }
        func schema(_ db: SQLite.Database) throws -> [String] {
            try db.query("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master ORDER BY type, name") {
                [$0.string(0), $0.string(1), $0.string(2), $0.string(3)].joined(separator: " | ")
            } + db.query("PRAGMA user_version") { "user_version \($0.int(0))" }
              + db.query("SELECT id || ' ' || name FROM schema_migrations ORDER BY id") { $0.string(0) }
        }
        let stepByStep = try schema(SQLite.Database(path: path))
        XCTAssertGreaterThan(stepByStep.count, 40)
        XCTAssertEqual(try schema(store.db), stepByStep)
    }

    /// A new database file is stamped as quire's and in WAL mode before it is linked into
    /// place (file format bytes 18 and 19 are 2: https://sqlite.org/fileformat2.html#wal), made
    /// without a rollback journal; the store opens it without switching its journal mode.
    func testANewDatabaseIsInWALModeWhenItAppears() throws {
        let path = dir.appendingPathComponent("new.sqlite").path
        try Store.createStamped(path)
        let header = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertEqual(Array(header[18...19]), [2, 2])
        XCTAssertEqual(try Store.ownership(of: path), .quire)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".creating"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".creating-journal"))
    }

    /// A run's writer keeps `Store.runCacheMiB` of pages in its cache and lets the WAL grow to 16,384 pages
    /// before a checkpoint: after ≈ 1,500 pages written in ten transactions they are all still
    /// in the WAL (SQLite's default checkpoints at 1,000 and starts the WAL over).
    /// A run's writer does not checkpoint on its own, and nothing is copied while its log holds
    /// fewer than `backgroundCheckpointPages` pages (the copy and its syncs after every small commit
    /// cost more than they save).
    func testARunsWriterCheckpointsTheWALLater() throws {
        try store.configureForRun()
        XCTAssertEqual(try store.db.queryOne("PRAGMA cache_size") { $0.int(0) }, -Store.runCacheMiB * 1024)
        try store.db.execute(script: "CREATE TABLE bulk(x TEXT)")
        let text = String(repeating: "x", count: 3_900)
        let size = { ((try? FileManager.default.attributesOfItem(atPath: self.store.path))?[.size] as? Int) ?? 0 }
        let before = size()
        for _ in 0..<6 {
            try store.write { t in for _ in 0..<100 { try t.execute("INSERT INTO bulk VALUES (?)", text) } }
        }
        usleep(300_000)
        XCTAssertEqual(size(), before, "600 rows of ≈ 4 kB stay in the log")
    }

    /// A run's commits reach the database file while the run writes (``WALCheckpointer``): the
    /// log does not hold the whole run until the end; closing the store leaves the database
    /// alone, whole, without its log.
    func testARunsCommitsAreCopiedIntoTheDatabaseFileAsItGoes() throws {
        try store.configureForRun()
        try store.db.execute(script: "CREATE TABLE bulk(x TEXT)")
        let text = String(repeating: "x", count: 3_900)
        let file = store.path
        func bytes(_ path: String) -> Int { ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0 }
        let before = bytes(file)
        for _ in 0..<12 {
            try store.write { t in for _ in 0..<100 { try t.execute("INSERT INTO bulk VALUES (?)", text) } }
        }
        // 1,200 rows of ≈ 4 KB (far below the writer's own checkpoint at 16,384 log pages).
        let deadline = Date(timeIntervalSinceNow: 10)
        while bytes(file) < before + 4_000_000 && Date() < deadline { usleep(20_000) }
        XCTAssertGreaterThan(bytes(file), before + 4_000_000, "the commits were copied into the database file during the run")
        store = nil
        XCTAssertFalse(FileManager.default.fileExists(atPath: file + "-wal"))
        XCTAssertEqual(try SQLite.Database(path: file).queryOne("SELECT count(*) FROM bulk") { $0.int(0) }, 1_200)
    }

    /// Every table quire's migrations make is known to the ownership check (read from their
    /// SQL), so a database of an older quire with any of them is recognised; a quire database
    /// with one foreign table is not quire's.
    func testEveryTableQuireMakesIsKnownToTheOwnershipCheck() throws {
        let tables = try store.db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'") {
            $0.string(0)
        }
        XCTAssertTrue(tables.contains("documents") && tables.contains("page_fts_data"), "\(tables)")
        XCTAssertEqual(Set(tables).subtracting(Store.knownTables), [])
        XCTAssertEqual(try Store.ownership(of: store.path), .quire)

        let path = dir.appendingPathComponent("old.sqlite").path
        do {
            let db = try SQLite.Database(path: path)
            var old = SQLite.Migrator()
            old.register(1, "initial schema", sql: Schema.v1)
            try old.migrate(db)
        }
        XCTAssertEqual(try Store.ownership(of: path), .legacyQuire)
        try SQLite.Database(path: path).execute(script: "CREATE TABLE invoices(id INTEGER PRIMARY KEY)")
        XCTAssertThrowsError(try Store.ownership(of: path)) { error in
            XCTAssertTrue("\(error)".contains("tables quire did not make: invoices"), "\(error)")
        }
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

    func testEmptyFilesFailAndNonDocumentsAreSkippedWithAReason() throws {
        let r = try beginRun()
        guard case .failed(_, let empty) = try record("/in/empty.pdf", sha: "E", size: 0, run: r) else { return XCTFail() }
        XCTAssertTrue(empty.contains("empty file"))
        guard case .skipped(let id, let unknown) = try record("/in/notes.pdf", sha: "T", run: r, kind: .unknown) else { return XCTFail() }
        XCTAssertTrue(unknown.contains("not a PDF or an image"))
        XCTAssertEqual(try store.query("SELECT status, error FROM documents WHERE id = ?", [id]) { "\($0.string(0)): \($0.string(1))" },
                       ["skipped: not a PDF or an image format quire reads"])
    }

    /// The index follows the disk: a vanished file is missing (and found again when it returns);
    /// known content at a new path whose old path is gone is a move; when an original changes or
    /// vanishes, its first present copy takes over its pages.
    func testMissingMovedAndPromotedDocuments() throws {
        let r1 = try beginRun()
        guard case .new(let a) = try record("/in/a.pdf", sha: "AAA", run: r1) else { return XCTFail() }
        try store.setPageCount(documentID: a, count: 2)
        guard case .duplicate(let copy, _) = try record("/in/copy/a.pdf", sha: "AAA", run: r1) else { return XCTFail() }
        guard case .new(let b) = try record("/in/b.pdf", sha: "BBB", run: r1) else { return XCTFail() }
        XCTAssertEqual(try store.markMissing(runID: r1, under: ["/in"]), [])

        // Night 2: b.pdf moved to sub/b.pdf; a.pdf changed; its copy holds the old content.
        let r2 = try beginRun()
        XCTAssertEqual(try record("/in/sub/b.pdf", sha: "BBB", run: r2, gone: ["/in/b.pdf"]), .moved(id: b, from: "/in/b.pdf"))
        guard case .new(let a2) = try record("/in/a.pdf", sha: "A2", size: 12, mtime: 5, run: r2) else { return XCTFail() }
        XCTAssertEqual(try record("/in/copy/a.pdf", sha: "AAA", run: r2), .unchanged(id: copy))
        XCTAssertEqual(try store.markMissing(runID: r2, under: ["/in"]), [])
        // The copy took over the old content's pages; the move kept b's row and recorded its history.
        XCTAssertEqual(try store.query("SELECT count(*) FROM pages WHERE document_id = ?", [copy]) { $0.int(0) }, [2])
        XCTAssertEqual(try store.query("SELECT status, duplicate_of IS NULL FROM documents WHERE id = ?", [copy]) {
            "\($0.string(0)) \($0.int(1))" }, ["pending 1"])
        XCTAssertEqual(try store.query("SELECT path FROM documents WHERE id = ?", [b]) { $0.string(0) }, ["/in/sub/b.pdf"])
        XCTAssertEqual(try store.query("SELECT old_path, new_path, run_id FROM document_moves") {
            "\($0.string(0)) \($0.string(1)) \($0.int64(2))" }, ["/in/b.pdf /in/sub/b.pdf \(r2)"])

        // Night 3: sub/b.pdf is deleted; nothing else changed.
        let r3 = try beginRun()
        XCTAssertEqual(try record("/in/a.pdf", sha: "A2", size: 12, mtime: 5, run: r3), .unchanged(id: a2))
        XCTAssertEqual(try record("/in/copy/a.pdf", sha: "AAA", run: r3), .unchanged(id: copy))
        XCTAssertEqual(try store.markMissing(runID: r3, under: ["/in"]), ["/in/sub/b.pdf"])
        XCTAssertEqual(try store.query("SELECT status, missing_run_id FROM documents WHERE id = ?", [b]) {
            "\($0.string(0)) \($0.int64(1))" }, ["missing \(r3)"])
        XCTAssertEqual(try store.query("SELECT count(*) FROM current_documents WHERE id = ?", [b]) { $0.int(0) }, [0])
        // A root not looked at (unmounted) marks nothing missing.
        XCTAssertEqual(try store.markMissing(runID: r3, under: []), [])

        // Night 4: it is back.
        let r4 = try beginRun()
        XCTAssertEqual(try record("/in/sub/b.pdf", sha: "BBB", run: r4), .returned(id: b))
        XCTAssertEqual(try store.query("SELECT status FROM documents WHERE id = ?", [b]) { $0.string(0) }, ["pending"])
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

        // Layout places the barcodes (and leaves out words inside them): it follows them.
        changed = fps; changed[.barcodes] = "b2"
        plan = try store.plan(PlanRequest(mode: .run, fingerprints: changed, maxAttempts: 3))
        XCTAssertEqual(plan.pages.map(\.stages), [[.barcodes, .layout], [.barcodes, .layout]])

        plan = try store.plan(PlanRequest(mode: .rerun(failedOnly: false, stage: .layout, force: false),
                                          fingerprints: fps, maxAttempts: 3))
        XCTAssertEqual(plan.pages.map(\.stages), [[.layout], [.layout]])
    }

    /// Workers get the costliest pages first (file bytes per page), each document's pages
    /// together and in order, so that a run does not end with one core waiting on a big page.
    func testLargestPagesAreDispatchedFirstEachDocumentInOrder() throws {
        let r = try beginRun()
        var ids: [String: Int64] = [:]
        for (path, size, pages) in [("/in/small.png", Int64(100_000), 1), ("/in/scan.pdf", 9_000_000, 3),
                                    ("/in/photo.jpg", 8_000_000, 1), ("/in/text.pdf", 400_000, 2)] {
            guard case .new(let doc) = try record(path, sha: path, size: size, run: r) else { return XCTFail() }
            try store.setPageCount(documentID: doc, count: pages)
            ids[path] = doc
        }
        let fps: [Stage: String] = [.extract: "e1", .ocr: "o1"]
        let plan = try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 3)).pages
        XCTAssertEqual(plan.map(\.path), ["/in/small.png", "/in/scan.pdf", "/in/scan.pdf", "/in/scan.pdf",
                                           "/in/photo.jpg", "/in/text.pdf", "/in/text.pdf"], "the store plans in document order")
        XCTAssertEqual(plan.first { $0.path == "/in/scan.pdf" }?.bytesPerPage, 3_000_000)
        let order = PlannedPage.inDispatchOrder(plan)
        XCTAssertEqual(order.map { "\($0.path):\($0.pageNumber)" },
                       ["/in/photo.jpg:1", "/in/scan.pdf:1", "/in/scan.pdf:2", "/in/scan.pdf:3",
                        "/in/text.pdf:1", "/in/text.pdf:2", "/in/small.png:1"])
    }

    /// A quire database whose migrations cannot apply (here: its record of them lost, so they
    /// run again over tables that exist) is unusable, and the message names the file once (the
    /// SQLite error it wraps named it too).
    func testUnusableDatabaseNamesItsFileOnce() throws {
        let path = dir.appendingPathComponent("damaged.sqlite").path
        try Store(path: path).db.execute("DELETE FROM schema_migrations WHERE id > 1")
        XCTAssertThrowsError(try Store(path: path)) { error in
            let message = "\(error)"
            XCTAssertEqual(message.components(separatedBy: path).count - 1, 1, message)
            XCTAssertTrue(message.hasPrefix(path + ": database unusable: SQLite error"), message)
        }
    }

    func testACrashInBarcodesKeepsOCRAndRerunRedoesBarcodesAndLayout() throws {
        let r = try beginRun()
        guard case .new(let doc) = try record("/in/a.pdf", sha: "AAA", run: r) else { return XCTFail() }
        try store.setPageCount(documentID: doc, count: 1)
        let fps: [Stage: String] = [.extract: "e", .ocr: "o", .layout: "l", .barcodes: "b"]
        let page = try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 2)).pages[0]
        var outcome = fullOutcome(page)
        outcome.barcodes = nil
        outcome.failures = [(.barcodes, "worker crashed in stage barcodes: killed by SIGABRT", true)]
        XCTAssertEqual(try store.commit(outcome, fingerprints: fps, runID: r), .failed)

        let words = try store.query("SELECT count(*) FROM words") { $0.int(0) }
        XCTAssertEqual(words, [2])
        let row = try store.query("SELECT status, failed_stage, attempts FROM pages") { ($0.string(0), $0.string(1), $0.int(2)) }
        XCTAssertEqual(row[0].0, "failed"); XCTAssertEqual(row[0].1, "barcodes"); XCTAssertEqual(row[0].2, 1)

        // A plain run leaves the failed page alone; rerun --failed redoes the barcodes, conservatively,
        // and the layout after them (barcodes run before layout, which places them).
        XCTAssertTrue(try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 2)).pages.isEmpty)
        let rerun = try store.plan(PlanRequest(mode: .rerun(failedOnly: true, stage: nil, force: false),
                                               fingerprints: fps, maxAttempts: 2)).pages
        XCTAssertEqual(rerun.map(\.stages), [[.barcodes, .layout]])
        XCTAssertTrue(rerun[0].conservativeBarcodes)

        // After max_attempts failures the page is left alone unless forced.
        try store.commit(outcome, fingerprints: fps, runID: r)
        XCTAssertTrue(try store.plan(PlanRequest(mode: .rerun(failedOnly: true, stage: nil, force: false),
                                                 fingerprints: fps, maxAttempts: 2)).pages.isEmpty)
        XCTAssertEqual(try store.plan(PlanRequest(mode: .rerun(failedOnly: true, stage: nil, force: true),
                                                  fingerprints: fps, maxAttempts: 2)).pages.count, 1)
    }

    /// A new one-page document whose page's outcome carries `barcodes`, committed; the stored
    /// barcodes read back by both readers (a layout redo's, the exports') must equal them.
    private func commitBarcodes(_ barcodes: [Barcode]) throws {
        let r = try beginRun()
        guard case .new(let doc) = try record("/in/a.pdf", sha: "AAA", run: r) else { return XCTFail("not a new document") }
        try store.setPageCount(documentID: doc, count: 1)
        let fps: [Stage: String] = [.extract: "e", .ocr: "o", .layout: "l", .barcodes: "b"]
        let page = try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 3)).pages[0]
        var outcome = fullOutcome(page)
        outcome.barcodes = barcodes
        try store.commit(outcome, fingerprints: fps, runID: r)
        XCTAssertEqual(try store.storedBarcodes(pageID: page.pageID), barcodes)
        XCTAssertEqual(try store.storedDocument(id: doc, words: false)?.pages.first?.barcodes, barcodes)
    }

    private static let corners = [Point(x: 1, y: 1), Point(x: 9, y: 1), Point(x: 9, y: 5), Point(x: 1, y: 5)]

    func testBarcodeAddOnIsStoredInSupplementalPayload() throws {
        // The add-on is read back too.
        try commitBarcodes([Barcode(symbology: .ean13, payload: "9780306406157 51295", corners: Self.corners,
                                    supplementalPayload: "51295"),
                            Barcode(symbology: .qr, payload: "plain", corners: Self.corners.map { Point(x: $0.x + 20, y: $0.y) })])
        let rows = try store.query("SELECT symbology, payload, supplemental_payload FROM barcodes ORDER BY id") {
            "\($0.string(0))|\($0.string(1))|\($0.isNull(2) ? "NULL" : $0.string(2))"
        }
        XCTAssertEqual(rows, ["ean13|9780306406157 51295|51295", "qr|plain|NULL"])
    }

    func testBarcodeIdentifierAndStructuredAppendAreStored() throws {
        let corners = Self.corners, shifted = corners.map { Point(x: $0.x + 20, y: $0.y) }
        try commitBarcodes([Barcode(symbology: .qr, payload: "Hello, ", corners: corners, symbologyIdentifier: "]Q1",
                                    sequence: BarcodeSequence(index: 0, count: 2, id: "123")),
                            Barcode(symbology: .qr, payload: "world", corners: shifted, symbologyIdentifier: "]Q1",
                                    sequence: BarcodeSequence(index: 1, count: 2, id: "123")),
                            Barcode(symbology: .ean13, payload: "4006381333931", corners: corners.map { Point(x: $0.x, y: $0.y + 20) })])
        // The documented query: the parts of one message, joined in order.
        let message = try store.query("""
            SELECT group_concat(payload, '') FROM (SELECT payload, sequence_key FROM barcodes
              WHERE sequence_key IS NOT NULL ORDER BY sequence_key, sequence_index) GROUP BY sequence_key
            """) { $0.string(0) }
        XCTAssertEqual(message, ["Hello, world"])
        let rows = try store.query("SELECT symbology_identifier, sequence_count FROM barcodes ORDER BY id") {
            "\($0.isNull(0) ? "NULL" : $0.string(0))|\($0.isNull(1) ? "NULL" : String($0.int(1)))"
        }
        XCTAssertEqual(rows, ["]Q1|2", "]Q1|2", "NULL|NULL"])
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

    /// Figure regions are stored at extraction and read back for a layout rerun; a caption's
    /// link is stored as the captioned block's row id, and empty figure text stays out of the page text.
    func testFigureRegionsAndCaptionLinks() throws {
        let r = try beginRun()
        guard case .new(let doc) = try record("/in/f.pdf", sha: "FFF", run: r) else { return XCTFail() }
        try store.setPageCount(documentID: doc, count: 1)
        let fps: [Stage: String] = [.extract: "e", .ocr: "o", .layout: "l", .barcodes: "b"]
        let page = try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 3)).pages[0]
        var o = fullOutcome(page)
        let region = Box(x: 10, y: 40, width: 80, height: 60)
        o.extract?.figures = [region]
        o.blocks = [Block(kind: .caption, readingOrder: 0, text: "Figure 1. A chart.", box: Box(x: 10, y: 10, width: 80, height: 20),
                          captionOf: 1),
                    Block(kind: .figure, readingOrder: 1, text: "", box: region)]
        try store.commit(o, fingerprints: fps, runID: r)
        XCTAssertEqual(try store.storedFigureRegions(pageID: page.pageID), [region])
        let links = try store.query("""
            SELECT c.kind, f.kind FROM blocks c JOIN blocks f ON f.id = c.caption_of
            """) { [$0.string(0), $0.string(1)] }
        XCTAssertEqual(links, [["caption", "figure"]])
        XCTAssertEqual(try store.query("SELECT text FROM page_text") { $0.string(0) }, ["Figure 1. A chart."])
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

    /// A paragraph carried on past a figure's caption keeps its pieces in place in the page's
    /// text (the page text never reorders blocks); one
    /// carried on at the top of the next page is marked by the document pass, and unmarked when
    /// the previous page is laid out again closing its sentence.
    func testContinuedParagraphsInPageTextAndAcrossPages() throws {
        let r = try beginRun()
        guard case .new(let doc) = try record("/in/c.pdf", sha: "CCC", run: r) else { return XCTFail() }
        try store.setPageCount(documentID: doc, count: 2)
        let fps: [Stage: String] = [.extract: "e", .ocr: "o", .layout: "l", .barcodes: "b"]
        let pages = try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 3)).pages.sorted { $0.pageNumber < $1.pageNumber }
        XCTAssertEqual(pages.count, 2)
        let box = Box(x: 10, y: 10, width: 80, height: 20)
        func commit(_ page: PlannedPage, _ blocks: [Block]) throws {
            var o = fullOutcome(page)
            o.blocks = blocks
            try store.commit(o, fingerprints: fps, runID: r)
        }
        try commit(pages[0], [Block(kind: .header, readingOrder: 0, text: "Journal of Tests", box: box),
                              Block(kind: .paragraph, readingOrder: 1, text: "the results of the infor-", box: box),
                              Block(kind: .caption, readingOrder: 2, text: "Figure 1. A chart.", box: box),
                              Block(kind: .paragraph, readingOrder: 3, text: "mation we had and", box: box, continues: true),
                              Block(kind: .footer, readingOrder: 4, text: "12", box: box)])
        try commit(pages[1], [Block(kind: .header, readingOrder: 0, text: "Journal of Tests", box: box),
                              Block(kind: .paragraph, readingOrder: 1, text: "more of it. A new one.", box: box)])
        let texts = try store.query("SELECT text FROM page_text ORDER BY page_number") { $0.string(0) }
        XCTAssertEqual(texts.first, "Journal of Tests\n\nthe results of the infor-\n\nFigure 1. A chart.\n\nmation we had and\n\n12",
                       "the page text keeps the blocks' order: pieces with a caption between stay apart")
        try store.finishDocumentPass(documentID: doc)
        let marked = { try self.store.query("""
            SELECT p.page_number FROM blocks b JOIN pages p ON p.id = b.page_id WHERE b.continues = 1 ORDER BY p.page_number
            """) { $0.int(0) } }
        XCTAssertEqual(try marked(), [1, 2])
        try commit(pages[0], [Block(kind: .paragraph, readingOrder: 0, text: "the results end here.", box: box)])
        try store.finishDocumentPass(documentID: doc)
        XCTAssertEqual(try marked(), [])
    }

    /// Many pages commit in one transaction (the coordinator's batches): each wholly, the run's
    /// row counting them all. When one page cannot be written, the pages are committed one by
    /// one: those before it are kept, its error is thrown, those after it are not written.
    func testPagesCommittedTogetherAndAFailingOneKeepsThoseBeforeIt() throws {
        let r = try beginRun()
        guard case .new(let doc) = try record("/in/a.pdf", sha: "AAA", run: r) else { return XCTFail() }
        try store.setPageCount(documentID: doc, count: 6)
        let fps: [Stage: String] = [.extract: "e", .ocr: "o", .layout: "l", .barcodes: "b"]
        let pages = try store.plan(PlanRequest(mode: .run, fingerprints: fps, maxAttempts: 3)).pages
        XCTAssertEqual(pages.count, 6)
        XCTAssertEqual(try store.commit(pages[0..<3].map(fullOutcome), fingerprints: { _ in fps }, runID: r),
                       [.done, .done, .done])
        func done() throws -> [Int] {
            try store.query("SELECT page_number FROM pages WHERE status = 'done' ORDER BY page_number") { $0.int(0) }
        }
        XCTAssertEqual(try done(), [1, 2, 3])
        XCTAssertEqual(try store.query("SELECT pages_done FROM runs WHERE id = ?", [r]) { $0.int(0) }, [3])
        XCTAssertEqual(try store.query("SELECT count(*) FROM words") { $0.int(0) }, [6])

        // A page that is not in the database (its rows would refer to nothing) between two that are.
        var ghost = pages[4]
        ghost.pageID = 999_999
        XCTAssertThrowsError(try store.commit([fullOutcome(pages[3]), fullOutcome(ghost), fullOutcome(pages[5])],
                                              fingerprints: { _ in fps }, runID: r)) { error in
            XCTAssertTrue("\(error)".contains("page 999999 is not in the database"), "\(error)")
        }
        XCTAssertEqual(try done(), [1, 2, 3, 4])
        XCTAssertEqual(try store.query("SELECT pages_done FROM runs WHERE id = ?", [r]) { $0.int(0) }, [4])
        XCTAssertEqual(try store.query("SELECT count(*) FROM words") { $0.int(0) }, [8])
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
