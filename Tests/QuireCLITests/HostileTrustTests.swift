import Foundation
import XCTest

/// Issue 31, "Trust at night": the real binary against a hostile or careless operator — hard
/// links to the database, files swapped during a run, links out of `--out`, forged monitoring.
final class HostileTrustTests: XCTestCase {
    /// Starts a slow run with plain progress and returns once it committed a page, with its
    /// stderr (read it once the run has ended: it prints little). A file's first page takes 0.5 s,
    /// its later pages 3.5 s each, so the run is still running while the test acts on it, however
    /// long a second quire process takes to start on a loaded machine (with 0.5 s a page the first
    /// run once ended before a second one had looked for the lock's holder).
    private func startSlowRun(_ box: QuireSandbox, pipeline: String? = nil) throws -> (Process, Pipe) {
        let laterPages = (2...4).map { "extract:slow:#\($0)" }
        let faults = ["extract:slow"] + Array(repeating: laterPages, count: 6).flatMap { $0 }
        let (process, _, err) = try box.start(["run", pipeline ?? box.pipeline, "--progress", "plain"],
                                              environment: ["QUIRE_FAULT": faults.joined(separator: ",")])
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, ((try? box.scalar("SELECT count(*) FROM pages WHERE status = 'done'")) ?? 0) < 1 {
            usleep(20_000)
        }
        return (process, err)
    }

    /// What a process started by ``startSlowRun`` printed on stderr, once it has ended.
    private func finished(_ process: Process, _ err: Pipe) -> String {
        process.waitUntilExit()
        return String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// A second pipeline file in the sandbox naming `database` instead of out/quire.sqlite.
    private func pipeline(_ box: QuireSandbox, database: String, name: String) throws -> String {
        let path = box.dir.appendingPathComponent(name).path
        try String(contentsOfFile: box.pipeline, encoding: .utf8)
            .replacingOccurrences(of: "database: out/quire.sqlite", with: "database: \(database)")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: - 1. The run lock belongs to the database file

    func testAHardLinkToTheDatabaseDoesNotLetASecondWriterIn() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])
        try box.writePipeline(barcodes: false, extra: "run:\n  workers: 1\n")
        let (process, err) = try startSlowRun(box)
        // A hard link names the archive under another path (so another lock file beside it).
        XCTAssertEqual(link(box.database, box.dir.appendingPathComponent("out/other.sqlite").path), 0)
        let other = try pipeline(box, database: "out/other.sqlite", name: "other.yml")
        let second = try box.run(["run", other, "--quiet"])
        kill(process.processIdentifier, SIGINT)
        _ = finished(process, err)
        XCTAssertEqual(second.status, 75, second.stderr)
        XCTAssertTrue(second.stderr.contains("another quire run is using this database"), second.stderr)
        // The run's row when it is in the database file already (copied from the log as the run
        // goes), else the lock table's process and its command line.
        XCTAssertTrue(second.stderr.contains("run #1, pid \(process.processIdentifier), started")
                      || second.stderr.contains("pid \(process.processIdentifier): \(QuireSandbox.executable) run \(box.pipeline)"),
                      "the message names the run that holds it:\n\(second.stderr)")
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM runs"), 1, "the second writer never started a run")
    }

    func testDeletingTheLockFileDuringARunDoesNotLetASecondRunIn() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])
        try box.writePipeline(barcodes: false, extra: "run:\n  workers: 1\n")
        let (process, err) = try startSlowRun(box)
        try FileManager.default.removeItem(atPath: box.database + ".lock")
        let second = try box.run(["run", box.pipeline, "--quiet"])
        kill(process.processIdentifier, SIGINT)
        _ = finished(process, err)
        XCTAssertEqual(second.status, 75, second.stderr)
        XCTAssertTrue(second.stderr.contains("run #1"), second.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM runs"), 1)
    }

    // MARK: - 3. The database deleted or replaced during a run

    func testTheDatabaseDeletedDuringARunFailsItWithExit74() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])
        try box.writePipeline(barcodes: false, extra: "run:\n  workers: 1\n")
        let (process, err) = try startSlowRun(box)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: box.database + suffix) }
        let stderr = finished(process, err)
        XCTAssertEqual(process.terminationStatus, 74, stderr)
        XCTAssertTrue(stderr.contains("was deleted during the run"), stderr)
    }

    func testTheDatabaseReplacedDuringARunFailsItWithExit74() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])
        try box.writePipeline(barcodes: false, extra: "run:\n  workers: 1\n")
        let (process, err) = try startSlowRun(box)
        let copy = box.database + ".restored"
        XCTAssertEqual(try ChildProcess.run("/usr/bin/sqlite3", [box.database, ".backup '\(copy)'"]).status, 0)
        XCTAssertEqual(rename(copy, box.database), 0)
        let stderr = finished(process, err)
        XCTAssertEqual(process.terminationStatus, 74, stderr)
        XCTAssertTrue(stderr.contains("was replaced by another file during the run"), stderr)
    }

    // MARK: - 2. status --check sees a run that failed, pending pages, missing files

    func testStatusCheckReportsARunThatFailedOnAFullDiskAndItsPendingPages() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf", "margins.pdf"])
        try box.writePipeline(ocr: false, barcodes: false, extra: "run:\n  workers: 1\n")
        // No file may grow more than 8 kB past the empty database (EFBIG, as a full disk gives
        // ENOSPC): a few pages in, the database cannot take their rows, and the others are left
        // pending. Each page's extract takes 0.5 s longer (`extract:slow`), so pages finish
        // apart and commit one at a time (pages finishing together share one commit).
        let limit = try box.makeEmptyDatabase() + 8_192
        let run = try ChildProcess.run("/bin/sh", ["-c", "trap '' XFSZ; exec prlimit --fsize=\(limit) -- \"$0\" run \"$1\" --quiet",
                                                   QuireSandbox.executable, box.pipeline], environment: ["QUIRE_FAULT": "extract:slow"])
        XCTAssertEqual(run.status, 74, run.stderr)
        let check = try box.run(["status", box.pipeline, "--check"])
        XCTAssertEqual(check.status, 1, check.stdout)
        let lines = check.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("PROBLEM: ") }, check.stdout)
        XCTAssertTrue(lines.contains { $0.contains("the last run (#2") && $0.contains("did not finish cleanly") }, check.stdout)
        XCTAssertTrue(lines.contains { $0.contains("page(s) pending since the last run (#2)") }, check.stdout)
    }

    func testStatusCheckReportsDocumentsWhoseFileIsMissing() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf"])
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        try FileManager.default.removeItem(at: box.inputs.appendingPathComponent("beta.pdf"))
        _ = try box.run(["run", box.pipeline, "--quiet"])
        let check = try box.run(["status", box.pipeline, "--check"])
        XCTAssertEqual(check.status, 1, check.stdout)
        XCTAssertTrue(check.stdout.contains("PROBLEM: 1 document(s) missing: their file is no longer found, first: \(box.inputs.path)/beta.pdf"),
                      check.stdout)
    }

    // MARK: - 6. A worker killed in the barcode stage is no zxing-cpp abort

    func testAWorkerKilledInTheBarcodeStageIsRetriedWithEverySymbology() throws {
        // An image page: its barcodes are always searched (a born-digital page of text alone is
        // not searched at all, so it could not show what the retry searches with).
        let box = try QuireSandbox(files: ["scan.png"])
        try box.writePipeline(ocr: false, extra: "run: {workers: 1}\n")
        let page = "SELECT p.id FROM pages p WHERE p.page_number = 1"
        // Killed twice (each attempt): read again once, then failed, not narrowed.
        let run = try box.run(["run", box.pipeline, "--progress", "plain"], environment: ["QUIRE_FAULT": "barcodes:kill:scan#1"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("killed by SIGKILL") && run.stderr.contains("reading it again"), run.stderr)
        XCTAssertFalse(run.stderr.contains("without"), "a kill does not narrow the symbologies:\n\(run.stderr)")
        XCTAssertEqual(try box.query("SELECT status FROM pages WHERE id = (\(page))"), ["failed"])
        XCTAssertEqual(try box.query("SELECT crashed FROM page_stages WHERE page_id = (\(page)) AND stage = 'barcodes'"), ["0"])
        // Retried as any failed page: with every symbology, nothing said to be left out.
        XCTAssertEqual(try box.run(["rerun", box.pipeline, "--failed", "--quiet"]).status, 0)
        XCTAssertEqual(try box.query("SELECT status, crashed, coalesce(error, '') FROM page_stages WHERE page_id = (\(page)) AND stage = 'barcodes'"),
                       ["done|0|"])
    }

    func testAWorkerKilledOnceInTheBarcodeStageIsDoneInTheSameRun() throws {
        let box = try QuireSandbox(files: ["alpha.pdf"])
        try box.writePipeline(extra: "run: {workers: 1}\n")
        // The worker is killed from outside while it reads page 2's barcodes (slow), once.
        let (process, _, err) = try box.start(["run", box.pipeline, "--progress", "plain"], environment: ["QUIRE_FAULT": "barcodes:slow:alpha#2"])
        let killed = duringSecondPage(of: process, box: box) { worker, _ in kill(worker, SIGKILL) }
        let stderr = finished(process, err)
        XCTAssertTrue(killed)
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        XCTAssertTrue(stderr.contains("killed by SIGKILL") && stderr.contains("reading it again"), stderr)
        XCTAssertEqual(try box.query("SELECT count(*) FROM page_stages WHERE stage = 'barcodes' AND status = 'done' AND crashed = 0"), ["3"])
    }

    /// Calls `act` with the run's worker and coordinator once the first page is done and the
    /// worker is inside page 2's slow barcode stage (0.5 s); false when that moment never came
    /// within a minute. The workers are read from the kernel (no procps needed).
    private func duringSecondPage(of process: Process, box: QuireSandbox, _ act: (pid_t, pid_t) -> Void) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline {
            let pid = process.processIdentifier
            let workers = ((try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
            if let worker = workers.first, (try? box.scalar("SELECT count(*) FROM pages WHERE status = 'done'")) == 1 {
                usleep(200_000)   // inside page 2's barcode stage
                act(worker, pid)
                return true
            }
            usleep(20_000)
        }
        return false
    }

    /// SIGTERM sent to the whole job (Slurm's scancel, a container stop), a worker first: the
    /// run stops as interrupted with no page failed (the worker does not die of it before the
    /// coordinator knows), and the next run finishes every page.
    func testASIGTERMToTheWholeJobFailsNoPage() throws {
        let box = try QuireSandbox(files: ["alpha.pdf"])
        try box.writePipeline(extra: "run: {workers: 1}\n")
        let (process, _, err) = try box.start(["run", box.pipeline, "--progress", "plain"], environment: ["QUIRE_FAULT": "barcodes:slow:alpha#2"])
        let signalled = duringSecondPage(of: process, box: box) { worker, coordinator in
            kill(worker, SIGTERM)
            usleep(50_000)    // the worker's signal lands first, as it may from scancel
            kill(coordinator, SIGTERM)
        }
        let stderr = finished(process, err)
        XCTAssertTrue(signalled)
        XCTAssertEqual(process.terminationStatus, 130, stderr)
        XCTAssertEqual(try box.query("SELECT count(*) FROM pages WHERE status = 'failed'"), ["0"], stderr)
        XCTAssertFalse(stderr.contains("crashed"), stderr)
        let again = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try box.query("SELECT count(*) FROM pages WHERE status = 'done'"), ["3"])
    }

    // MARK: - 5. A PDF whose pages cannot be found is failed, not done with 0 pages

    func testAPDFWithNoPageFoundIsFailedAndCounted() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        // Opens (a catalog, a page tree) but holds no page: a damaged page tree.
        try "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n"
            .write(to: box.inputs.appendingPathComponent("pageless.pdf"), atomically: true, encoding: .utf8)
        try box.writePipeline(barcodes: false)
        let run = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("1 failed") && run.stderr.contains("pageless.pdf: no page could be found"), run.stderr)
        XCTAssertEqual(try box.query("SELECT status, page_count IS NULL FROM documents WHERE path LIKE '%pageless.pdf'"), ["failed|1"])
        let check = try box.run(["status", box.pipeline, "--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stdout.contains("PROBLEM: 1 document(s) failed, first: \(box.inputs.path)/pageless.pdf"), check.stdout)
    }

    // MARK: - 4. An input changed while it is processed

    func testAnInputChangedWhileProcessedStoresNothingOfTheNewContentUnderTheOldHash() throws {
        let box = try QuireSandbox(files: ["gamma.pdf"])   // 4 pages
        try box.writePipeline(barcodes: false, extra: "run:\n  workers: 1\n")
        let (process, err) = try startSlowRun(box)
        // Rewritten in place with another document's bytes (3 pages).
        try Data(contentsOf: QuireSandbox.fixtures.appendingPathComponent("alpha.pdf"))
            .write(to: box.inputs.appendingPathComponent("gamma.pdf"))
        let stderr = finished(process, err)
        XCTAssertTrue(stderr.contains("note: \(box.inputs.path)/gamma.pdf: changed while it was processed"), "said in the summary:\n\(stderr)")
        let done = try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'")
        XCTAssertLessThan(done, 4, "pages read after the change are not stored")
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'pending'"), 4 - done)
        // The next run records the new version and processes it whole.
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        XCTAssertEqual(try box.query("SELECT page_count, status FROM documents WHERE superseded_by IS NULL"), ["3|done"])
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM documents WHERE superseded_by IS NOT NULL"), 1)
    }

    // MARK: - 7, 8, 10. Export writes only inside --out, under unique names, and cleans up

    func testExportNeverWritesOrDeletesThroughALinkInsideTheOutputFolder() throws {
        let box = try QuireSandbox(files: [])
        try FileManager.default.createDirectory(at: box.inputs.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try box.add(QuireSandbox.fixtures.appendingPathComponent("alpha.pdf"), as: "sub/alpha.pdf")
        try box.add(QuireSandbox.fixtures.appendingPathComponent("beta.pdf"), as: "beta.pdf")
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let outside = box.dir.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        // What a stale table of sub/alpha.pdf would be called, and a file a link in --out names.
        try "keep".write(to: outside.appendingPathComponent("alpha.pdf.p9-t1.csv"), atomically: true, encoding: .utf8)
        try "keep".write(to: outside.appendingPathComponent("victim"), atomically: true, encoding: .utf8)
        let out = box.dir.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("sub").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("beta.pdf.json").path,
                                                   withDestinationPath: outside.appendingPathComponent("victim").path)
        let export = try box.run(["export", box.pipeline, "--format", "csv,json", "--out", out.path])
        XCTAssertEqual(export.status, 1, "the document behind the link is not written:\n\(export.stderr)")
        XCTAssertTrue(export.stderr.contains("\(out.path)/sub is a symbolic link or not a folder"), export.stderr)
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("alpha.pdf.p9-t1.csv"), encoding: .utf8), "keep")
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("victim"), encoding: .utf8), "keep")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted(), ["alpha.pdf.p9-t1.csv", "victim"])
        // The link named like an output file is replaced by the file itself, inside --out.
        let beta = out.appendingPathComponent("beta.pdf.json").path
        XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: beta))
        XCTAssertTrue(try String(contentsOfFile: beta, encoding: .utf8).contains("\"pages\""))
    }

    func testExportNamesThatCollideOnceMadeSafeGetUniqueStableNames() throws {
        let box = try QuireSandbox(files: [])
        try box.add(QuireSandbox.fixtures.appendingPathComponent("alpha.pdf"), as: "a_b.pdf")
        try box.add(QuireSandbox.fixtures.appendingPathComponent("beta.pdf"), as: "a\u{1}b.pdf")   // made safe: a_b.pdf
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let out = box.dir.appendingPathComponent("exports").path
        for round in 1...2 {
            let export = try box.run(["export", box.pipeline, "--format", "text", "--out", out])
            XCTAssertEqual(export.status, 0, export.stderr)
            let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            XCTAssertEqual(names.count, 2, "round \(round): \(names)")
            XCTAssertTrue(names.contains("a_b.pdf.txt"), "the unchanged name keeps its file: \(names)")
            XCTAssertTrue(names.contains { $0.hasPrefix("a_b.pdf~") && $0.hasSuffix(".txt") }, "\(names)")
        }
        let texts = try FileManager.default.contentsOfDirectory(atPath: out).map { try String(contentsOfFile: out + "/" + $0, encoding: .utf8) }
        XCTAssertEqual(Set(texts).count, 2, "two documents, two files")
    }

    func testTemporaryFilesLeftByAKilledExportAreRemovedByTheNext() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let out = box.dir.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("deep"), withIntermediateDirectories: true)
        // As a killed export leaves them: its process (pid 2147483646 does not exist) is gone.
        for name in [".quire-tmp-2147483646-1a2b3c4d", "deep/.quire-tmp-2147483646-5e6f7a8b"] {
            try "half".write(to: out.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        let live = ".quire-tmp-\(getpid())-00000000"   // a live export's file is left alone
        try "live".write(to: out.appendingPathComponent(live), atomically: false, encoding: .utf8)
        XCTAssertEqual(try box.run(["export", box.pipeline, "--format", "json", "--out", out.path]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), [live, "beta.pdf.json", "deep"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("deep").path), [])
    }

    // MARK: - 9. Symbolic links stay inside the input roots

    func testFollowedLinksStayInsideTheRootsUnlessTheirTargetIsListed() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        let outside = box.dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: QuireSandbox.fixtures.appendingPathComponent("alpha.pdf"), to: outside.appendingPathComponent("secret.pdf"))
        try FileManager.default.createSymbolicLink(atPath: box.inputs.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: box.inputs.appendingPathComponent("away").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: box.inputs.appendingPathComponent("inside.pdf").path, withDestinationPath: "beta.pdf")
        func pipeline(_ extra: String) throws {
            try """
                name: e2e
                database: out/quire.sqlite
                inputs:
                  - path: in
                    min_file_age: 0
                    follow_symlinks: true
                \(extra)
                barcodes:
                  enabled: false
                """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        }
        try pipeline("")
        let run = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(box.inputs.path)/etc: symbolic link leads outside the input roots (to /etc); not followed"), run.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM documents WHERE path LIKE '%/etc/%' OR path LIKE '%secret%'"), 0)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM documents"), 2, "a link inside the root is followed (a duplicate)")

        try pipeline("    link_targets: [elsewhere]")
        XCTAssertEqual(try box.run(["validate", box.pipeline]).status, 0)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM documents WHERE path LIKE '%/away/secret.pdf'"), 1)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM documents WHERE path LIKE '%/etc/%'"), 0)

        try pipeline("    link_targets: [no-such-folder]")
        let invalid = try box.run(["validate", box.pipeline])
        XCTAssertEqual(invalid.status, 65, invalid.stderr)
        XCTAssertTrue((invalid.stdout + invalid.stderr).contains("inputs.link_targets: '\(box.dir.path)/no-such-folder' is not an existing folder"),
                      invalid.stdout + invalid.stderr)
    }

    // MARK: - 13. Files dated in the future; 17. FIFOs and other special files

    func testAFileDatedInTheFutureIsProcessedAndSaidSo() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 86_400 * 30)],
                                              ofItemAtPath: box.inputs.appendingPathComponent("beta.pdf").path)
        try "name: e2e\ndatabase: out/quire.sqlite\ninputs:\n  - path: in\n    min_file_age: 60\nbarcodes:\n  enabled: false\n"
            .write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        let run = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("note: \(box.inputs.path)/beta.pdf: modified in the future"), run.stderr)
    }

    func testSpecialFilesInAnInputFolderAreNamedInTheSummary() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        XCTAssertEqual(mkfifo(box.inputs.appendingPathComponent("transfer.pdf").path, 0o644), 0)
        try box.writePipeline(barcodes: false)
        let run = try box.run(["run", box.pipeline, "--progress", "plain"], timeout: 60)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("note: \(box.inputs.path)/transfer.pdf: a FIFO (named pipe), not a file; skipped"), run.stderr)
    }

    // MARK: - 11. Every printed path goes through one escaping function

    func testFileNamesCannotForgeLinesInCheckDryRunSearchOrTheSummary() throws {
        let box = try QuireSandbox(files: [])
        let bad = "bad\nPROBLEM: forged\u{202E}fdp.pdf", good = "good\nx.pdf:1: forged\u{202E}.pdf"
        try box.add(QuireSandbox.fixtures.appendingPathComponent("truncated.pdf"), as: bad)
        try box.add(QuireSandbox.fixtures.appendingPathComponent("alpha.pdf"), as: good)
        try box.writePipeline(barcodes: false)
        func clean(_ text: String, _ what: String) {
            XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x1B }, "\(what): \(text)")
            XCTAssertFalse(text.split(separator: "\n").contains { $0.hasPrefix("PROBLEM: forged") || $0.hasPrefix("x.pdf:1") }, "\(what): \(text)")
        }
        let dry = try box.run(["run", box.pipeline, "--dry-run"])
        clean(dry.stdout, "--dry-run")
        XCTAssertTrue(dry.stdout.contains("bad\\nPROBLEM: forged\\u{202E}fdp.pdf"), dry.stdout)
        // The dry run opens new documents as a run does: the truncated one is named as failing, with why.
        XCTAssertTrue(dry.stdout.contains("Documents: 1 new, 1 failed\n"), dry.stdout)
        XCTAssertTrue(dry.stdout.contains("  failed:\n    \(box.inputs.path)/bad\\nPROBLEM: forged\\u{202E}fdp.pdf: "), dry.stdout)
        let run = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(run.status, 1, run.stderr)
        clean(run.stderr, "the run's summary")
        XCTAssertTrue(run.stderr.contains("failed: \(box.inputs.path)/bad\\nPROBLEM: forged\\u{202E}fdp.pdf"), run.stderr)
        let check = try box.run(["status", box.pipeline, "--check"])
        clean(check.stdout, "status --check")
        XCTAssertEqual(check.stdout.split(separator: "\n").count, 2, "one failed document, the last run's exit: \(check.stdout)")
        let word = try XCTUnwrap(try box.query("SELECT text FROM words WHERE length(text) > 4 AND text GLOB '[A-Za-z]*' LIMIT 1").first)
        let search = try box.run(["search", box.database, word])
        XCTAssertEqual(search.status, 0, search.stderr)
        clean(search.stdout, "search")
        XCTAssertTrue(search.stdout.contains("good\\nx.pdf:1: forged\\u{202E}.pdf:"), search.stdout)
    }

    // MARK: - 12. No exit 0 while failures of earlier runs wait

    func testRunExitsOneWhileFailedPagesOfEarlierRunsWait() throws {
        let box = try QuireSandbox(files: ["alpha.pdf"])
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"], environment: ["QUIRE_FAULT": "extract:throw:alpha#2"]).status, 1)
        let quiet = try box.run(["run", box.pipeline, "--quiet"])   // nothing new tonight
        XCTAssertEqual(quiet.status, 1, "a failed page still waits")
        XCTAssertTrue(quiet.stderr.contains("1 failed page(s) can be retried"), "--quiet prints why: \(quiet.stderr)")
        XCTAssertEqual(try box.run(["rerun", box.pipeline, "--failed", "--quiet"]).status, 0)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
    }

    // MARK: - 14. A database that cannot be written; 16. quire's id on another schema

    /// quire as a user who may not write the database: `nobody` when the tests run as root (root
    /// writes anything), else the caller with the database and its folder made read-only.
    private func runUnprivileged(_ box: QuireSandbox, _ arguments: [String]) throws -> QuireSandbox.Result {
        if geteuid() == 0 {
            return try ChildProcess.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", QuireSandbox.executable]
                                        + arguments, environment: ["QUIRE_FAULT": nil, "OMP_THREAD_LIMIT": "1"])
        }
        chmod(box.database, 0o444)
        chmod(box.dir.appendingPathComponent("out").path, 0o555)
        defer { chmod(box.dir.appendingPathComponent("out").path, 0o755) }
        return try box.run(arguments)
    }

    func testADatabaseThatCannotBeWrittenIsSaidSoNotCalledForeign() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let exports = FileManager.default.temporaryDirectory.appendingPathComponent("quire-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        chmod(exports.path, 0o777)
        defer { try? FileManager.default.removeItem(at: exports) }
        for arguments in [["run", box.pipeline, "--quiet"], ["export", box.pipeline, "--format", "text", "--out", exports.path]] {
            let result = try runUnprivileged(box, arguments)
            XCTAssertEqual(result.status, 74, "\(arguments[0]): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("not a quire database"), "\(arguments[0]): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("cannot be written: ") && result.stderr.contains("not writable")
                          || result.stderr.contains("no write permission"), "\(arguments[0]) says why: \(result.stderr)")
        }
    }

    func testAForeignSchemaCarryingQuiresApplicationIDIsRefused() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline(barcodes: false)
        try FileManager.default.createDirectory(at: box.dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        XCTAssertEqual(try ChildProcess.run("/usr/bin/sqlite3", [box.database, "PRAGMA application_id = 1364543826; CREATE TABLE notes(x); INSERT INTO notes VALUES (1);"]).status, 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: box.database))
        let run = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(run.status, 74, run.stderr)
        XCTAssertTrue(run.stderr.contains("not a quire database (it carries quire's application_id but not quire's schema: notes"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: box.database)), before, "left untouched")
    }

    // MARK: - 15. A 1-pixel image is a page, not a failure of the pipeline

    func testTinyImagesAreProcessedNotFailed() throws {
        let box = try QuireSandbox(files: [])
        try Data("P5\n1 1\n255\n".utf8 + [0xFF]).write(to: box.inputs.appendingPathComponent("dot.pgm"))
        try Data("P5\n3 2\n255\n".utf8 + [0xFF, 0x00, 0xFF, 0xFF, 0xFF, 0x00]).write(to: box.inputs.appendingPathComponent("speck.pgm"))
        try box.writePipeline(ocr: true, barcodes: true)
        let run = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try box.query("SELECT status, width, height FROM pages ORDER BY width"), ["done|1|1", "done|3|2"], run.stderr)
    }
}
