import Foundation
import XCTest
import Pipeline

/// `quire run`, `rerun` and `status` end to end: the real binary, real worker processes, real
/// PDFs and images, a real SQLite file.
final class RunEndToEndTests: XCTestCase {
    private let goodPages = 3 + 2 + 4 + 3 + 1   // alpha, beta, gamma, margins, scan.png

    func testRunProcessesEveryPageAndBadFilesFailAlone() throws {
        let box = try QuireSandbox()
        try box.writePipeline(ocr: true)
        let first = try box.run(["run", box.pipeline, "--progress", "json"])
        XCTAssertEqual(first.status, 1, "bad files make the exit status 1:\n\(first.stderr)")
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), goodPages, first.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status != 'done'"), 0)
        // Every bad file has its own row, failed, with a reason a person understands; a file that
        // is not a document at all is skipped with its reason.
        let failed = try box.query("SELECT path || ' => ' || error FROM documents WHERE status = 'failed' ORDER BY path")
        XCTAssertEqual(failed.count, 2, failed.joined(separator: "\n"))
        XCTAssertTrue(failed[0].hasSuffix("empty.pdf => empty file (0 bytes)"), failed[0])
        XCTAssertTrue(failed[1].contains("truncated.pdf =>"), failed[1])
        let skipped = try box.query("SELECT path || ' => ' || error FROM documents WHERE status = 'skipped'")
        XCTAssertEqual(skipped.count, 1, skipped.joined(separator: "\n"))
        XCTAssertTrue(skipped[0].contains("notes.pdf => not a PDF or an image"), skipped[0])
        XCTAssertTrue(first.stderr.contains("truncated.pdf"), "the failure is reported naming the file")
        // Born-digital pages use the text layer; the image is OCR'd.
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE text_source = 'text_layer'"), 12)
        let scanText = try box.query("SELECT text FROM page_text WHERE path LIKE '%scan.png'").joined(separator: " ")
        XCTAssertTrue(scanText.contains("Archive") && scanText.contains("Payment"), scanText)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM page_fts WHERE page_fts MATCH 'ledger'"), 10)
        XCTAssertTrue(first.stderr.contains("\"event\":\"run_finished\""))

        // Idempotence: a second run processes nothing and succeeds.
        let second = try box.run(["run", box.pipeline, "--progress", "json"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try box.query("SELECT pages_done, pages_failed, pages_skipped FROM runs WHERE id = 2"),
                       ["0|0|\(goodPages)"])

        // status lists the failures.
        let status = try box.run(["status", box.database])
        XCTAssertEqual(status.status, 0)
        XCTAssertTrue(status.stdout.contains("truncated.pdf"), status.stdout)
    }

    func testChangingOCRSettingsRedoesOnlyOCRPages() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "scan.png"])
        try box.writePipeline(ocr: true)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        // A different OCR level, everything else the same.
        try """
            name: e2e
            database: out/quire.sqlite
            inputs: [in]
            ocr:
              level: fast
            """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        let rerun = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        // Only the OCR'd image page is redone; the text-layer pages are untouched.
        XCTAssertEqual(try box.query("SELECT pages_done, pages_skipped FROM runs WHERE id = 2"), ["1|3"])
        // OCR, and the stages that read its words (data detection, layout).
        XCTAssertEqual(try box.query("SELECT DISTINCT s.stage FROM page_stages s WHERE s.run_id = 2 ORDER BY s.stage"),
                       ["detect", "layout", "ocr"])
    }

    func testACrashInBarcodesKeepsTextAndRerunRepairsIt() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf"])
        try box.writePipeline()
        let crashed = try box.run(["run", box.pipeline, "--quiet"],
                                  environment: ["QUIRE_FAULT": "barcodes:crash:alpha#2"])
        XCTAssertEqual(crashed.status, 1, crashed.stderr)
        XCTAssertEqual(try box.query("""
            SELECT p.status, p.failed_stage FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE d.path LIKE '%alpha.pdf' AND p.page_number = 2
            """), ["failed|barcodes"])
        let error = try box.query("SELECT error FROM pages WHERE status = 'failed'").joined()
        XCTAssertTrue(error.contains("SIGABRT") && error.contains("barcodes"), error)
        // The text of the crashed page was kept.
        XCTAssertGreaterThan(try box.scalar("""
            SELECT count(*) FROM words w JOIN pages p ON p.id = w.page_id WHERE p.status = 'failed'
            """), 5)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 4)

        let rerun = try box.run(["rerun", box.pipeline, "--failed", "--quiet"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(try box.query("SELECT pages_done FROM runs WHERE id = 2"), ["1"])
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 5)
        // The barcode stage was redone, and the stages after it that never ran on the crashed
        // page (data detection, layout); the OCR was kept.
        XCTAssertEqual(try box.query("SELECT stage FROM page_stages WHERE run_id = 2 ORDER BY stage"), ["barcodes", "detect", "layout"])
    }

    /// zxing-cpp 1.4 aborts on some images in readers the conservative search leaves out (Micro
    /// QR on OCRmyPDF's `epson.pdf`): the page is read again at once, conservatively, and done in
    /// the same run, counted once; the next run finds nothing to do.
    func testAZxingAbortIsReadAgainConservativelyInTheSameRun() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "scan.png"])
        try box.writePipeline(ocr: true)
        // A text-layer page and a scan, whose OCR is carried over to the second attempt.
        let faults = ["QUIRE_FAULT": "barcodes:zxing:alpha#2,barcodes:zxing:scan"]
        let run = try box.run(["run", box.pipeline, "--progress", "plain"], environment: faults)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("SIGABRT") && run.stderr.contains("reading its barcodes again without"), run.stderr)
        XCTAssertEqual(try box.query("SELECT pages_done, pages_failed FROM runs WHERE id = 1"), ["4|0"])
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done' AND attempts = 1"), 4)
        for (name, number, ocr) in [("alpha.pdf", 2, "skipped"), ("scan.png", 1, "done")] {
            let page = """
                SELECT p.id FROM pages p JOIN documents d ON d.id = p.document_id
                WHERE d.path LIKE '%\(name)' AND p.page_number = \(number)
                """
            // Every stage of the page is stored, once; the barcode row says it was read conservatively.
            XCTAssertEqual(try box.query("SELECT stage, status, crashed FROM page_stages WHERE page_id = (\(page)) ORDER BY stage"),
                           ["barcodes|done|1", "detect|done|0", "extract|done|0", "layout|done|0", "ocr|\(ocr)|0"], name)
            let note = try box.query("SELECT error FROM page_stages WHERE page_id = (\(page)) AND stage = 'barcodes'").joined()
            XCTAssertTrue(note.contains("microQR") && note.contains("gs1DataBar"), note)
            XCTAssertGreaterThan(try box.scalar("SELECT count(*) FROM words WHERE page_id = (\(page))"), 5, name)
            XCTAssertGreaterThan(try box.scalar("SELECT count(*) FROM blocks WHERE page_id = (\(page))"), 0, name)
        }

        let again = try box.run(["run", box.pipeline, "--quiet"], environment: faults)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try box.query("SELECT pages_done, pages_failed FROM runs WHERE id = 2"), ["0|0"])
        // A redo of the barcodes stays conservative: it does not abort again.
        let redo = try box.run(["rerun", box.pipeline, "--stage", "barcodes", "--quiet"], environment: faults)
        XCTAssertEqual(redo.status, 0, redo.stderr)
        XCTAssertEqual(try box.query("SELECT count(*) FROM page_stages WHERE stage = 'barcodes' AND crashed = 1"), ["2"])
    }

    /// With one worker and every page aborting, each page is read again right after its crash,
    /// and the run ends with all of them done (the document's pass too).
    func testEveryPageAbortingWithOneWorkerIsStillDone() throws {
        let box = try QuireSandbox(files: ["alpha.pdf"])
        try box.writePipeline(extra: "run: {workers: 1}\n")
        let run = try box.run(["run", box.pipeline, "--quiet"], environment: ["QUIRE_FAULT": "barcodes:zxing:alpha"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.timedOut)
        XCTAssertEqual(try box.query("SELECT pages_done, pages_failed FROM runs WHERE id = 1"), ["3|0"])
        XCTAssertEqual(try box.query("SELECT count(*) FROM page_stages WHERE stage = 'barcodes' AND crashed = 1"), ["3"])
        XCTAssertEqual(try box.query("SELECT layout_pass FROM documents"), ["done"])
    }

    /// Barcodes run before layout and the page structure lists them; `rerun --stage layout`
    /// lays the page out again with the stored barcodes.
    /// The text width measured at extraction reaches OCR: a receipt scanned on an A4 sheet is
    /// read as one block, its amounts on their items' lines (scripts/fixtures/ocr.py).
    func testAReceiptOnAWideSheetKeepsItsAmounts() throws {
        let box = try QuireSandbox(files: [])
        let fixture = QuireSandbox.fixtures.deletingLastPathComponent().appendingPathComponent("ocr/receipt_on_a4.png")
        try box.add(fixture, as: "receipt.png")
        try box.writePipeline(ocr: true, barcodes: false)
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = try box.query("SELECT group_concat(text, ' ') FROM (SELECT line_id, text FROM words ORDER BY line_id, word_order) GROUP BY line_id")
        for (item, amount) in [("Stapler", "24.00"), ("Subtotal", "44.30"), ("Cash", "50.00")] {
            XCTAssertTrue(lines.contains { $0.contains(item) && $0.contains(amount) }, "\(item) \(amount) in \(lines)")
        }
    }

    func testTheStructureListsBarcodesAlsoAfterALayoutRerun() throws {
        let box = try QuireSandbox(files: [])
        let fixture = QuireSandbox.fixtures.deletingLastPathComponent().appendingPathComponent("barcodes/single_qr.png")
        try FileManager.default.copyItem(at: fixture, to: box.inputs.appendingPathComponent("qr.png"))
        try box.writePipeline(extra: "layout:\n  enabled: true\n")
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let payload = "https://example.org/quire?q=1"
        func listed() throws -> [String] {
            let json = try box.query("SELECT structure_json FROM pages").joined()
            let structure = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            return ((structure?["barcodes"] as? [[String: Any]]) ?? []).compactMap { $0["payload"] as? String }
        }
        XCTAssertEqual(try listed(), [payload])
        let rerun = try box.run(["rerun", box.pipeline, "--stage", "layout", "--quiet"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(try box.query("SELECT stage FROM page_stages WHERE run_id = 2"), ["layout"])
        XCTAssertEqual(try listed(), [payload])
    }

    func testAHangingPageIsTimedOutAndARunawayWorkerHitsItsMemoryCap() throws {
        let box = try QuireSandbox(files: ["beta.pdf", "scan.png"])
        try box.writePipeline(ocr: true, extra: "run:\n  page_timeout: 8\n  worker_memory_mib: 1024\n")
        let result = try box.run(["run", box.pipeline, "--quiet"],
                                 environment: ["QUIRE_FAULT": "layout:hang:beta#1,ocr:oom:scan"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let failures = try box.query("""
            SELECT d.path || '#' || p.page_number || ' ' || p.failed_stage || ': ' || p.error FROM pages p
            JOIN documents d ON d.id = p.document_id WHERE p.status = 'failed' ORDER BY d.path
            """)
        XCTAssertEqual(failures.count, 2, failures.joined(separator: "\n"))
        XCTAssertTrue(failures[0].contains("beta.pdf#1 layout: timed out after 8 s"), failures[0])
        XCTAssertTrue(failures[1].contains("scan.png#1 ocr: worker crashed"), failures[1])
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 1)
    }

    func testKillNineAtAnyMomentThenResumeLosesAndDuplicatesNothing() throws {
        for killAfter in [1, 4, 7] {
            let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])
            try box.writePipeline(extra: "run:\n  workers: 2\n")
            let (process, _, _) = try box.start(["run", box.pipeline, "--quiet"],
                                                environment: ["QUIRE_FAULT": "extract:slow"])
            let deadline = Date(timeIntervalSinceNow: 60)
            while Date() < deadline {
                if (try? box.scalar("SELECT count(*) FROM pages WHERE status = 'done'")) ?? 0 >= killAfter { break }
                usleep(50_000)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let doneBefore = try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'")
            XCTAssertGreaterThanOrEqual(doneBefore, killAfter)
            XCTAssertLessThan(doneBefore, 9, "killed before the end")

            let resumed = try box.run(["run", box.pipeline, "--quiet"])
            XCTAssertEqual(resumed.status, 0, resumed.stderr)
            XCTAssertEqual(try box.query("SELECT count(*) FROM pages GROUP BY document_id, page_number HAVING count(*) > 1"), [])
            XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 9)
            // Nothing committed before the kill was done again.
            XCTAssertEqual(try box.scalar("SELECT pages_done FROM runs WHERE id = 2"), 9 - doneBefore)
            XCTAssertEqual(try box.query("SELECT status FROM runs ORDER BY id"), ["crashed", "completed"])
            // Words were written once per page.
            XCTAssertEqual(try box.query("""
                SELECT page_id FROM lines GROUP BY page_id, line_order HAVING count(*) > 1
                """), [])
        }
    }

    func testInterruptStopsGracefullyAndASecondRunIsRefusedMeanwhile() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])
        try box.writePipeline(extra: "run:\n  workers: 1\n")
        let (process, _, err) = try box.start(["run", box.pipeline, "--quiet"],
                                              environment: ["QUIRE_FAULT": "extract:slow"])
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, ((try? box.scalar("SELECT count(*) FROM pages WHERE status = 'done'")) ?? 0) < 1 {
            usleep(50_000)
        }
        let busy = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(busy.status, 75, busy.stderr)
        XCTAssertTrue(busy.stderr.contains("another quire run is using this database"), busy.stderr)

        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130, stderr)
        XCTAssertEqual(try box.query("SELECT status FROM runs WHERE id = 1"), ["interrupted"])
        XCTAssertGreaterThan(try box.scalar("SELECT count(*) FROM pages WHERE status = 'pending'"), 0)

        let resumed = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 9)
    }

    func testRerunLayoutRecomputesFromStoredWordsWithoutExtracting() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline()
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let blocksBefore = try box.scalar("SELECT count(*) FROM blocks")
        XCTAssertGreaterThan(blocksBefore, 0)
        // Extraction would fail now: a layout rerun must not need it.
        let rerun = try box.run(["rerun", box.pipeline, "--stage", "layout", "--quiet"],
                                environment: ["QUIRE_FAULT": "extract:throw"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(try box.query("SELECT stage FROM page_stages WHERE run_id = 2 GROUP BY stage"), ["layout"])
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM blocks"), blocksBefore)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 2)
    }

    func testRunningHeadersAndFootersAndOneTitlePerDocument() throws {
        let box = try QuireSandbox(files: ["margins.pdf"])
        try box.writePipeline(barcodes: false)
        let result = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let kinds = try box.query("""
            SELECT p.page_number || ' ' || b.kind || ' ' || b.text FROM blocks b JOIN pages p ON p.id = b.page_id
            ORDER BY p.page_number, b.reading_order
            """)
        for page in 1...3 {
            XCTAssertTrue(kinds.contains("\(page) header Records Office - Annual Report 2026"), kinds.joined(separator: "\n"))
            XCTAssertTrue(kinds.contains("\(page) footer Page \(page) of 3"), kinds.joined(separator: "\n"))
        }
        XCTAssertEqual(try box.query("SELECT b.text FROM blocks b WHERE b.kind = 'title'"),
                       ["Annual Report of the Records Office"])
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM blocks WHERE kind = 'heading' AND text LIKE 'Section %'"), 3)
        // Headers and footers are blocks like any other, kept in the page text: a search finds every page.
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM page_fts WHERE page_fts MATCH '\"annual report\"'"), 3)
    }

    /// A running header is known to a worker once it laid out a page holding it: the pages after
    /// are laid out with it at once, and the document pass lays out again only the first (with
    /// one worker). Every page ends laid out as the pass lays one out.
    func testLaterPagesOfALongDocumentAreLaidOutKnowingTheRunningHeader() throws {
        let box = try QuireSandbox(files: [])
        try box.add(QuireSandbox.fixtures.deletingLastPathComponent().appendingPathComponent("document-pass/margins-long.pdf"),
                    as: "margins-long.pdf")
        try box.writePipeline(barcodes: false, extra: "run:\n  workers: 1")
        let result = try box.run(["run", box.pipeline, "--progress", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let finished = try XCTUnwrap(result.stderr.split(separator: "\n").last.flatMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        })
        XCTAssertEqual(finished["event"] as? String, "run_finished")
        let relaid = try XCTUnwrap(finished["document_pass_pages"] as? Int)
        XCTAssertEqual(relaid, 1, "only the page laid out before the header was seen is laid out again")
        let pages = try box.query("""
            SELECT group_concat(kind || ':' || text, ' | ') FROM
              (SELECT p.page_number AS n, b.kind, b.text FROM blocks b JOIN pages p ON p.id = b.page_id
               ORDER BY p.page_number, b.reading_order)
            GROUP BY n ORDER BY n
            """)
        XCTAssertEqual(pages.count, 80)
        for (i, page) in pages.enumerated() {
            let title = i == 0 ? "title:Annual Report of the Records Office | " : ""
            XCTAssertTrue(page.hasPrefix("header:Records Office - Annual Report 2026 | \(title)heading:Section \(i + 1) | paragraph:"),
                          "page \(i + 1): \(page)")
            XCTAssertTrue(page.hasSuffix(" | footer:Page \(i + 1) of 80"), "page \(i + 1): \(page)")
        }
    }

    func testRerunNeedsToBeToldWhat() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline()
        let result = try box.run(["rerun", box.pipeline])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--failed"), result.stderr)
    }
}

/// A night's run over a folder of deliberately bad and odd files (the extract fixtures):
/// it completes, and every file ends with a row that is done, or failed with a message naming it.
final class BadFilesEndToEndTests: XCTestCase {
    func testEveryOddFileIsDoneOrFailsAloneWithAReason() throws {
        let box = try QuireSandbox(files: [])
        let fixtures = QuireSandbox.fixtures.deletingLastPathComponent().appendingPathComponent("extract")
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) where name != "README.md" {
            try box.add(fixtures.appendingPathComponent(name), as: name)
        }
        // OCR off keeps this quick: the subject is opening files, not reading them.
        try box.writePipeline(ocr: false)
        let result = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(result.status, 1, result.stderr)

        let rows = try box.query("SELECT path, status, coalesce(error, '') FROM documents ORDER BY path")
        let files = try FileManager.default.contentsOfDirectory(atPath: box.inputs.path)
        XCTAssertEqual(rows.count, files.count, rows.joined(separator: "\n"))
        var failed: [String: String] = [:], skipped: [String: String] = [:]
        for row in rows {
            let parts = row.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            let name = (parts[0] as NSString).lastPathComponent
            XCTAssertTrue(["done", "failed", "skipped"].contains(parts[1]), row)
            if parts[1] == "failed" { failed[name] = parts[2] }
            if parts[1] == "skipped" { skipped[name] = parts[2] }
        }
        // A file whose bytes are not a document is skipped with its reason (not a failure).
        XCTAssertEqual(skipped, ["mislabelled.pdf": "not a PDF or an image format quire reads"])
        // The broken ones fail, each with its own reason…
        XCTAssertEqual(failed["empty.pdf"], "empty file (0 bytes)")
        XCTAssertEqual(failed["empty.png"], "empty file (0 bytes)")
        XCTAssertTrue(failed["truncated.pdf"]?.contains("truncated.pdf") == true, "\(failed)")
        XCTAssertTrue(failed["encrypted_user.pdf"]?.contains("password") == true, "\(failed)")
        XCTAssertTrue(failed["huge_35000.png"]?.contains("35000") == true, "\(failed)")
        // …the good and the odd ones are read.
        for name in ["born_digital.pdf", "owner_only.pdf", "rotated90.pdf", "multipage.tif", "exif6.jpg", "text.webp",
                     "text.jp2", "text.gif", "text.bmp", "text.pgm", "bilevel.png", "gray16.png", "alpha.png"] {
            XCTAssertNil(failed[name], "\(name) failed: \(failed[name] ?? "")")
        }
        // A corrupt page inside a good PDF fails alone (or renders empty); its neighbours are done.
        let corrupt = try box.query("""
            SELECT p.page_number || ' ' || p.status FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE d.path LIKE '%corrupt_page.pdf' ORDER BY p.page_number
            """)
        XCTAssertEqual(corrupt.count, 3)
        XCTAssertEqual(corrupt.first, "1 done")
        XCTAssertEqual(corrupt.last, "3 done")
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages p JOIN documents d ON d.id = p.document_id WHERE d.path LIKE '%multipage.tif'"), 3)
        // The summary names every failed file.
        for name in failed.keys { XCTAssertTrue(result.stderr.contains(name), "\(name) not in the summary") }
    }

    func testThePasswordFromTheEnvironmentOpensTheEncryptedPDF() throws {
        let box = try QuireSandbox(files: [])
        let fixtures = QuireSandbox.fixtures.deletingLastPathComponent().appendingPathComponent("extract")
        try box.add(fixtures.appendingPathComponent("encrypted_user.pdf"), as: "encrypted_user.pdf")
        try """
            name: secret
            database: out/quire.sqlite
            inputs:
              - path: in
                passwords: [QUIRE_TEST_PDF_PASSWORD]
            ocr:
              enabled: false
            """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        let wrong = try box.run(["run", box.pipeline, "--quiet"], environment: ["QUIRE_TEST_PDF_PASSWORD": "nope"])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(try box.query("SELECT error FROM documents").joined().contains("wrong password"))
        let right = try box.run(["rerun", box.pipeline, "--failed", "--quiet"], environment: ["QUIRE_TEST_PDF_PASSWORD": "s3cret"])
        XCTAssertEqual(right.status, 0, right.stderr)
        XCTAssertEqual(try box.query("SELECT status FROM documents"), ["done"])
        // The password itself is never stored.
        let dump = try box.query("SELECT * FROM documents UNION ALL SELECT pipeline_path FROM runs").joined()
        XCTAssertFalse(dump.contains("s3cret"))
    }
}

/// A folder of non-documents is counted, not listed line by line (issue 38, item 4).
final class SkippedFilesEndToEndTests: XCTestCase {
    func testManySkippedFilesAreNamedAFewThenCounted() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline(barcodes: false)
        for n in 1...40 {
            try "not a document \(n)\n".write(to: box.inputs.appendingPathComponent(String(format: "notes-%02d.txt", n)),
                                               atomically: true, encoding: .utf8)
        }
        // --dry-run lists 10 of each kind, says how to see the rest; --all lists them all (item 5).
        let dry = try box.run(["run", box.pipeline, "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("\n    … and 30 more (--all lists them)\n"), dry.stdout)
        let all = try box.run(["run", box.pipeline, "--dry-run", "--all"])
        XCTAssertEqual(all.stdout.split(separator: "\n").filter { $0.hasPrefix("    ") && $0.contains("notes-") }.count, 40, all.stdout)
        XCTAssertFalse(all.stdout.contains("more (--all"), all.stdout)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--all"]).status, 64, "--all without --dry-run")

        let run = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let named = run.stderr.split(separator: "\n").filter { $0.contains(": skipped: ") }
        XCTAssertEqual(named.count, 5, run.stderr)
        XCTAssertTrue(run.stderr.contains("""
            40 files are no documents and were skipped (the first 5 are named above); `quire status` counts them, \
            and the full list is sqlite3 \(shellQuoted(box.database)) "SELECT path FROM documents WHERE status = 'skipped'"
            """), run.stderr)
        XCTAssertEqual(try box.query("SELECT count(*) FROM documents WHERE status = 'skipped'"), ["40"])
    }
}
