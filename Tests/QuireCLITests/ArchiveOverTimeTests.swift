import Foundation
import XCTest

/// The archive night after night, with the real binary: files move, vanish, change under their
/// copies, arrive half-copied, or are junk; empty roots are reported. The index follows the disk.
final class ArchiveOverTimeTests: XCTestCase {
    private func texts(_ box: QuireSandbox) throws -> [String] {
        try box.query("SELECT DISTINCT replace(path, '\(box.inputs.path)/', '') FROM page_text ORDER BY 1")
    }

    func testAMovedFileKeepsItsDocumentAndAVanishedOneIsMissing() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf"])
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        XCTAssertEqual(try texts(box), ["alpha.pdf", "beta.pdf"])
        let indexed = try box.query("SELECT count(*) FROM page_fts WHERE page_fts MATCH 'ledger'")

        // Night 2: alpha moves into a folder, beta is deleted.
        try FileManager.default.createDirectory(at: box.inputs.appendingPathComponent("2024"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: box.inputs.appendingPathComponent("alpha.pdf"),
                                         to: box.inputs.appendingPathComponent("2024/alpha.pdf"))
        try FileManager.default.removeItem(at: box.inputs.appendingPathComponent("beta.pdf"))
        let second = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("documents: 1 moved, 1 missing"), second.stderr)
        XCTAssertEqual(try box.query("SELECT pages_done FROM runs WHERE id = 2"), ["0"], "a move redoes nothing")
        XCTAssertEqual(try texts(box), ["2024/alpha.pdf"], "search shows present documents at their new path only")
        XCTAssertEqual(try box.query("SELECT status, missing_run_id FROM documents WHERE path LIKE '%beta.pdf'"), ["missing|2"])
        XCTAssertEqual(try box.query("SELECT count(*) FROM documents WHERE path LIKE '%alpha.pdf'"), ["1"], "no duplicate row")
        XCTAssertEqual(try box.query("""
            SELECT replace(old_path, '\(box.inputs.path)/', '') || ' -> ' || replace(new_path, '\(box.inputs.path)/', '') || ' #' || run_id
            FROM document_moves
            """), ["alpha.pdf -> 2024/alpha.pdf #2"])
        // docs/schema.md's query 12b, "what changed last night", as written there.
        let schema = try String(contentsOf: ContribTests.root.appendingPathComponent("docs/schema.md"), encoding: .utf8)
        let start = try XCTUnwrap(schema.range(of: "WITH r AS (SELECT max(id) AS id FROM runs WHERE command = 'run')"))
        let end = try XCTUnwrap(schema.range(of: ";", range: start.upperBound..<schema.endIndex))
        let changes = try box.query(String(schema[start.lowerBound..<end.upperBound]))
            .map { $0.replacingOccurrences(of: box.inputs.path + "/", with: "") }
        XCTAssertEqual(changes, ["moved|alpha.pdf -> 2024/alpha.pdf", "missing|beta.pdf"])
        XCTAssertEqual(try box.query("SELECT count(*) FROM page_fts WHERE page_fts MATCH 'ledger'"), indexed,
                       "the index itself keeps every page (history); page_text filters")

        // Night 3: beta comes back.
        try box.add(QuireSandbox.fixtures.appendingPathComponent("beta.pdf"), as: "beta.pdf")
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        XCTAssertEqual(try box.query("SELECT status FROM documents WHERE path LIKE '%beta.pdf'"), ["done"])
        XCTAssertEqual(try texts(box), ["2024/alpha.pdf", "beta.pdf"])
    }

    func testWhenTheOriginalChangesItsCopyTakesOverTheOldText() throws {
        let box = try QuireSandbox(files: ["alpha.pdf"])
        try box.add(QuireSandbox.fixtures.appendingPathComponent("alpha.pdf"), as: "copy-of-alpha.pdf")
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        XCTAssertEqual(try box.query("SELECT status FROM documents WHERE path LIKE '%copy-of-alpha.pdf'"), ["duplicate"])

        // The original is replaced by other content; its copy still holds the old text.
        try FileManager.default.removeItem(at: box.inputs.appendingPathComponent("alpha.pdf"))
        try box.add(QuireSandbox.fixtures.appendingPathComponent("beta.pdf"), as: "alpha.pdf")
        let second = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try texts(box), ["alpha.pdf", "copy-of-alpha.pdf"])
        XCTAssertEqual(try box.query("SELECT status FROM documents WHERE path LIKE '%copy-of-alpha.pdf'"), ["done"],
                       "the copy is the original of its content now, with its pages")
        XCTAssertEqual(try box.query("SELECT pages_done FROM runs WHERE id = 2"), ["2"], "only the new content is read")
        // Search finds the old content at the copy's path, and the new content at alpha.pdf.
        let old = try box.query("""
            SELECT DISTINCT replace(t.path, '\(box.inputs.path)/', '') FROM page_fts JOIN page_text t ON t.page_id = page_fts.rowid
            WHERE page_fts MATCH 'alpha'
            """)
        XCTAssertEqual(old, ["copy-of-alpha.pdf"])
    }

    func testHalfCopiedFilesWaitJunkIsIgnoredAndNonDocumentsAreSkipped() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        // Default min_file_age (5 s): a file written just now is left for the next run.
        let fresh = box.inputs.appendingPathComponent("arriving.pdf")
        try FileManager.default.copyItem(at: QuireSandbox.fixtures.appendingPathComponent("truncated.pdf"), to: fresh)
        for junk in ["Thumbs.db", ".DS_Store", "desktop.ini", "~$letter.docx", "scan.tmp", "big.pdf.part"] {
            try Data("junk".utf8).write(to: box.inputs.appendingPathComponent(junk))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                                  ofItemAtPath: box.inputs.appendingPathComponent(junk).path)
        }
        try box.add(QuireSandbox.fixtures.appendingPathComponent("notes.pdf"), as: "notes.pdf")
        try "name: e2e\ndatabase: out/quire.sqlite\ninputs: [in]\nbarcodes: {enabled: false}\n"
            .write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        let first = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(first.status, 0, "a half-copied file does not fail the night:\n\(first.stderr)")
        XCTAssertTrue(first.stderr.contains("arriving.pdf: changed less than min_file_age ago; left for the next run"), first.stderr)
        XCTAssertEqual(try box.query("SELECT replace(path, '\(box.inputs.path)/', '') || ' ' || status FROM documents ORDER BY path"),
                       ["beta.pdf done", "notes.pdf skipped"], "junk names are not documents at all")

        // The next night the file is complete (here: old enough, and still broken) and is taken.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: fresh.path)
        let second = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(second.status, 1)
        XCTAssertEqual(try box.query("SELECT status FROM documents WHERE path LIKE '%arriving.pdf'"), ["failed"])
    }

    func testAnEmptyRootOrPatternsMatchingNothingWarnAndExit66() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        let empty = box.dir.appendingPathComponent("share")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try """
            name: e2e
            database: out/quire.sqlite
            inputs:
              - path: in
                include: ["*.tif"]
              - share
            barcodes: {enabled: false}
            """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        let validate = try box.run(["validate", box.pipeline])
        XCTAssertEqual(validate.status, 0)
        XCTAssertTrue(validate.stdout.contains("input 1 \(box.inputs.path): 0 file(s) match (of 1)"), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("input 2 \(empty.path): holds no files"), validate.stdout)

        let run = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(run.status, 66, run.stderr)
        XCTAssertTrue(run.stderr.contains("include/exclude patterns match none of its 1 file(s)"), run.stderr)
        XCTAssertTrue(run.stderr.contains("input holds no files (an unmounted share?)"), run.stderr)
        XCTAssertEqual(try box.query("SELECT exit_code FROM runs"), ["66"])

        // Opting out: an input that may be empty.
        try """
            name: e2e
            database: out/quire.sqlite
            inputs:
              - path: share
                allow_empty: true
            """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
    }

    /// An unmounted share (its root empty) must not mark the whole archive missing.
    func testAnEmptiedRootMarksNothingMissing() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        try FileManager.default.removeItem(at: box.inputs.appendingPathComponent("beta.pdf"))
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 66)
        XCTAssertEqual(try box.query("SELECT status FROM documents"), ["done"])
    }

    /// `run --dry-run` says what a run would do — new, changed, moved, missing documents and pages
    /// per stage — and leaves the database as it was.
    func testDryRunSaysWhatARunWouldDoAndChangesNothing() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])
        try box.writePipeline(barcodes: false)
        // Before the first run there is no database: everything is new, and none is made.
        let before = try box.run(["run", box.pipeline, "--dry-run"])
        XCTAssertEqual(before.status, 0, before.stderr)
        XCTAssertTrue(before.stdout.contains("Documents: 3 new"), before.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: box.database))
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)

        // Changes: one new file, one changed, one moved, one deleted.
        try box.add(QuireSandbox.fixtures.appendingPathComponent("margins.pdf"), as: "margins.pdf")
        try FileManager.default.removeItem(at: box.inputs.appendingPathComponent("beta.pdf"))
        try box.add(QuireSandbox.fixtures.appendingPathComponent("scan.png"), as: "beta.pdf")
        try FileManager.default.createDirectory(at: box.inputs.appendingPathComponent("old"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: box.inputs.appendingPathComponent("gamma.pdf"),
                                         to: box.inputs.appendingPathComponent("old/gamma.pdf"))
        try FileManager.default.removeItem(at: box.inputs.appendingPathComponent("alpha.pdf"))
        // A setting change makes known pages due again: layout redone on every page.
        try box.writePipeline(barcodes: false, extra: "layout:\n  lists: false\n")

        let database = try Data(contentsOf: URL(fileURLWithPath: box.database))
        let runs = try box.query("SELECT count(*) FROM runs")
        let dry = try box.run(["run", box.pipeline, "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        let out = dry.stdout.replacingOccurrences(of: box.inputs.path + "/", with: "")
        // New and changed documents are opened (in workers, as a run opens them) and their pages
        // counted: margins.pdf has 3 pages, beta.pdf is now a PNG (issue 38 item 5). Known pages
        // get layout again; the new ones every enabled stage (barcodes are off).
        XCTAssertEqual(out, """
            Dry run: nothing was changed.
            Documents: 1 new, 1 changed, 1 moved, 1 missing
              new:
                margins.pdf (3 pages)
              changed:
                beta.pdf (1 page)
              moved:
                old/gamma.pdf
              missing:
                alpha.pdf
            Pages to process: 8 (extract 4, detect 4, layout 8); 4 of them in 2 new or changed document(s)

            """)
        let pdfinfo = try ChildProcess.run("/usr/bin/pdfinfo", [QuireSandbox.fixtures.appendingPathComponent("margins.pdf").path])
        XCTAssertTrue(pdfinfo.stdout.contains("\nPages:           3\n"), "poppler's own count agrees: \(pdfinfo.stdout)")
        // Nothing changed.
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: box.database)), database)
        XCTAssertEqual(try box.query("SELECT count(*) FROM runs"), runs)
        XCTAssertEqual(try box.query("SELECT count(*) FROM documents WHERE status = 'missing'"), ["0"])
    }

    /// `inputs[].languages`: a German folder and an English folder in one pipeline. Each input's
    /// documents are read with its languages, and changing one input's languages redoes only its pages.
    func testEachInputReadsWithItsOwnLanguages() throws {
        let box = try QuireSandbox(files: [])
        let ocr = QuireSandbox.fixtures.deletingLastPathComponent().appendingPathComponent("ocr")
        for (folder, page) in [("de", "eng_deu.png"), ("en", "clean.png")] {
            try FileManager.default.createDirectory(at: box.inputs.appendingPathComponent(folder), withIntermediateDirectories: true)
            try box.add(ocr.appendingPathComponent(page), as: "\(folder)/page.png")
        }
        func pipeline(_ german: String) throws {
            try """
                name: e2e
                database: out/quire.sqlite
                inputs:
                  - path: in/de
                    languages: \(german)
                  - in/en
                extract: {detect_orientation: false}
                barcodes: {enabled: false}
                """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        }
        try pipeline("[de]")
        let invalid = try box.run(["validate", box.pipeline])
        XCTAssertEqual(invalid.status, 65)
        XCTAssertTrue(invalid.stderr.contains("inputs.languages: 'de' is not a Tesseract language code; write 'deu'"), invalid.stderr)

        try pipeline("[deu]")
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let german = try box.query("SELECT lower(text) FROM page_text WHERE path LIKE '%/de/page.png'").joined()
        XCTAssertTrue(german.contains("straße") && german.contains("größe"), german)
        XCTAssertEqual(try box.query("SELECT count(DISTINCT fingerprint) FROM page_stages WHERE stage = 'ocr'"), ["2"])

        // Another language list for the German folder: only its page is read again.
        try pipeline("[deu, eng]")
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        XCTAssertEqual(try box.query("SELECT pages_done, pages_skipped FROM runs WHERE id = 2"), ["1|1"])
        XCTAssertEqual(try box.query("""
            SELECT s.run_id FROM page_stages s JOIN pages p ON p.id = s.page_id JOIN documents d ON d.id = p.document_id
            WHERE s.stage = 'ocr' ORDER BY d.path
            """), ["2", "1"])
    }
}
