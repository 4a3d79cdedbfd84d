import Foundation
import XCTest

/// Hostile inputs and hostile timing (issue 15), end to end with the real binary. Every hostile
/// case is made here, at test time, in a temporary folder: names that are not UTF-8, FIFOs,
/// links to devices, foreign databases, kills at chosen moments. Each test names the defect it
/// guards; together they run in well under a minute.
final class HostileInputTests: XCTestCase {

    // MARK: - 1. Names that are not UTF-8

    /// Latin-1 names from an old Samba share: a folder "café" and files "résumé.pdf",
    /// "scän.png" (read by leptonica) and "défaut.pdf" (truncated) in it. They are processed,
    /// found again unchanged, and shown (as `\xE9`) in `status`.
    func testNonUTF8NamesAreProcessedFoundAgainAndShownInStatus() throws {
        let box = try QuireSandbox(files: [])
        let folder = try box.makeRawPath(in: box.inputs.path, [0x63, 0x61, 0x66, 0xE9])            // caf\xE9
        try box.mkdirRaw(folder)
        try box.copyRaw(QuireSandbox.fixtures.appendingPathComponent("beta.pdf").path,
                        to: folder + [0x2F] + Array("r".utf8) + [0xE9] + Array("sum".utf8) + [0xE9] + Array(".pdf".utf8))
        try box.copyRaw(QuireSandbox.fixtures.appendingPathComponent("scan.png").path,
                        to: folder + [0x2F] + Array("sc".utf8) + [0xE4] + Array("n.png".utf8))
        try box.copyRaw(QuireSandbox.fixtures.appendingPathComponent("truncated.pdf").path,
                        to: folder + [0x2F] + Array("d".utf8) + [0xE9] + Array("faut.pdf".utf8))
        try box.writePipeline(ocr: false, barcodes: false)
        let first = try box.run(["run", box.pipeline, "--progress", "json"])
        XCTAssertEqual(first.status, 1, "the truncated PDF fails, the good one is done:\n\(first.stderr)")
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 3, first.stderr)
        XCTAssertEqual(try box.query("SELECT path FROM documents WHERE status = 'done' ORDER BY path"),
                       [box.inputs.path + "/caf\\xE9/r\\xE9sum\\xE9.pdf", box.inputs.path + "/caf\\xE9/sc\\xE4n.png"])
        // The exact bytes are kept beside the displayable path.
        XCTAssertEqual(try box.query("SELECT hex(path_bytes) FROM documents WHERE status = 'done' AND kind = 'pdf'"),
                       [(Array(box.inputs.path.utf8) + [0x2F, 0x63, 0x61, 0x66, 0xE9, 0x2F, 0x72, 0xE9] + Array("sum".utf8)
                         + [0xE9] + Array(".pdf".utf8)).map { String(format: "%02X", $0) }.joined()])
        XCTAssertFalse(first.stderr.contains("vanished while listing"), first.stderr)

        let second = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM documents"), 3, "found again, not added again")
        XCTAssertEqual(try box.query("SELECT pages_done, pages_skipped FROM runs WHERE id = 2"), ["0|3"])

        let status = try box.run(["status", box.database])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertTrue(status.stdout.contains("caf\\xE9/d\\xE9faut.pdf"), status.stdout)
        XCTAssertTrue(status.stdout.contains("2 done"), status.stdout)
    }

    // MARK: - 2. The document pass survives a kill

    /// The running header/footer pass of margins.pdf is owed once its last page is committed;
    /// a run killed (SIGKILL, then SIGINT) in that moment leaves it to the next `quire run`.
    func testDocumentPassIsCompletedByTheNextRunAfterSIGKILL() throws {
        try assertDocumentPassSurvives(signal: SIGKILL)
    }

    func testDocumentPassIsCompletedByTheNextRunAfterSIGINT() throws {
        try assertDocumentPassSurvives(signal: SIGINT)
    }

    private func assertDocumentPassSurvives(signal sig: Int32) throws {
        let box = try QuireSandbox(files: ["margins.pdf"])
        try box.writePipeline(barcodes: false, extra: "run:\n  workers: 1\n")
        // Each layout (the pages' own, then the pass's) takes 0.5 s longer: a wide window.
        let (process, _, err) = try box.start(["run", box.pipeline, "--quiet"], environment: ["QUIRE_FAULT": "layout:slow"])
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, ((try? box.scalar("SELECT count(*) FROM pages WHERE status = 'done'")) ?? 0) < 3 {
            usleep(20_000)
        }
        kill(process.processIdentifier, sig)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if sig == SIGINT {
            XCTAssertEqual(process.terminationStatus, 130, stderr)
            XCTAssertEqual(try box.query("SELECT status FROM runs WHERE id = 1"), ["interrupted"])
        }
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 3)
        // The worker laid out pages 2 and 3 knowing page 1's header; page 1 waits for the pass.
        XCTAssertEqual(try box.scalar("""
            SELECT count(*) FROM blocks b JOIN pages p ON p.id = b.page_id WHERE b.kind = 'header' AND p.page_number = 1
            """), 0, "killed before the pass: the first page does not know its running header yet")

        let next = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(next.status, 0, next.stderr)
        let kinds = try box.query("""
            SELECT p.page_number || ' ' || b.kind || ' ' || b.text FROM blocks b JOIN pages p ON p.id = b.page_id
            ORDER BY p.page_number, b.reading_order
            """)
        for page in 1...3 {
            XCTAssertTrue(kinds.contains("\(page) header Records Office - Annual Report 2026"), kinds.joined(separator: "\n"))
            XCTAssertTrue(kinds.contains("\(page) footer Page \(page) of 3"), kinds.joined(separator: "\n"))
        }
        XCTAssertEqual(try box.query("SELECT layout_pass FROM documents"), ["done"])
        // Done once: a further run owes nothing.
        let idle = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(idle.status, 0, idle.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM page_stages WHERE run_id = 3"), 0)
    }

    // MARK: - 3. FIFOs and devices

    /// An input that is a FIFO, or a link to /dev/zero, fails alone with a clear message; the run
    /// neither hangs nor reads without end.
    func testAFIFOAndALinkToADeviceFailAloneWithoutHanging() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        let fifo = box.dir.appendingPathComponent("pipe.pdf").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let zero = box.dir.appendingPathComponent("zero.pdf").path
        try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
        try box.writePipeline(barcodes: false)
        try """
            name: e2e
            database: out/quire.sqlite
            inputs: [in, pipe.pdf, zero.pdf]
            barcodes:
              enabled: false
            """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        let result = try box.run(["run", box.pipeline, "--quiet"], timeout: 30)
        XCTAssertFalse(result.timedOut, "the run hung on a FIFO or a device")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 2)
        let failed = try box.query("SELECT path || ' => ' || error FROM documents WHERE status = 'failed' ORDER BY path")
        XCTAssertEqual(failed.count, 2, failed.joined(separator: "\n"))
        guard failed.count == 2 else { return }
        XCTAssertTrue(failed[0].hasSuffix("pipe.pdf => not a regular file (a FIFO (named pipe)); quire reads only regular files"),
                      failed[0])
        XCTAssertTrue(failed[1].contains("zero.pdf => not a regular file (a character device)"), failed[1])
    }

    // MARK: - 4. Signals during discovery

    /// SIGINT while discovery hashes a large file (8 GiB, sparse: no disk used) stops the run
    /// within about a second, with exit 130 and the run recorded as interrupted.
    func testSIGINTDuringDiscoveryStopsWithinASecond() throws {
        let box = try QuireSandbox(files: [])
        let big = box.inputs.appendingPathComponent("big.pdf").path
        let fd = open(big, O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(ftruncate(fd, 8 << 30), 0)
        close(fd)
        try box.writePipeline(barcodes: false)
        let (process, _, err) = try box.start(["run", box.pipeline, "--quiet"])
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline, ((try? box.scalar("SELECT count(*) FROM runs")) ?? 0) < 1 { usleep(20_000) }
        usleep(500_000)
        XCTAssertTrue(process.isRunning, "discovery of 8 GiB takes longer than this")
        let sent = Date()
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        XCTAssertLessThan(took, 2.5, "stopped \(took) s after SIGINT")
        XCTAssertEqual(process.terminationStatus, 130, stderr)
        XCTAssertEqual(try box.query("SELECT status FROM runs WHERE id = 1"), ["interrupted"])
    }

    // MARK: - 5. The run lock through a symbolic link

    /// `database: out/alias.sqlite`, a link to `out/quire.sqlite`, is the same database: a second
    /// run through the link is refused while the first runs.
    func testTheRunLockHoldsThroughASymbolicLink() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])
        try box.writePipeline(extra: "run:\n  workers: 1\n")
        let out = box.dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("alias.sqlite").path,
                                                   withDestinationPath: "quire.sqlite")
        let aliasPipeline = box.dir.appendingPathComponent("alias.yml").path
        try String(contentsOfFile: box.pipeline, encoding: .utf8)
            .replacingOccurrences(of: "database: out/quire.sqlite", with: "database: out/alias.sqlite")
            .write(toFile: aliasPipeline, atomically: true, encoding: .utf8)
        let (process, _, _) = try box.start(["run", box.pipeline, "--quiet"], environment: ["QUIRE_FAULT": "extract:slow"])
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, ((try? box.scalar("SELECT count(*) FROM pages WHERE status = 'done'")) ?? 0) < 1 {
            usleep(50_000)
        }
        let second = try box.run(["run", aliasPipeline, "--quiet"])
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(second.status, 75, second.stderr)
        XCTAssertTrue(second.stderr.contains("another quire run is using this database"), second.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM runs"), 1, "the second run never started")
    }

    // MARK: - 6. The database is never a document

    /// The database folder reached through a symbolic link inside an input root (links
    /// followed): the database, its -wal, -shm and lock are recognised by device and inode.
    func testTheDatabaseUnderARootReachedThroughALinkIsNoDocument() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try FileManager.default.createDirectory(at: box.dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: box.inputs.appendingPathComponent("db").path,
                                                   withDestinationPath: "../out")
        try """
            name: e2e
            database: out/quire.sqlite
            inputs:
              - path: in
                follow_symlinks: true
            barcodes:
              enabled: false
            """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        for round in 1...2 {
            let result = try box.run(["run", box.pipeline, "--quiet"])
            XCTAssertEqual(result.status, 0, "run \(round): \(result.stderr)")
        }
        XCTAssertEqual(try box.query("SELECT path FROM documents"), [box.inputs.path + "/beta.pdf"])
    }

    /// `validate` (and so `run`) rejects a pipeline naming its database as an input.
    func testValidateRejectsTheDatabaseNamedAsAnInput() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        try """
            name: e2e
            database: out/quire.sqlite
            inputs: [in, out/quire.sqlite]
            """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        let validate = try box.run(["validate", box.pipeline])
        XCTAssertEqual(validate.status, 65, validate.stdout + validate.stderr)
        XCTAssertTrue(validate.stderr.contains("is also an input"), validate.stderr)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 65)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM runs"), 1)
    }

    // MARK: - 7. Foreign files are never taken over

    /// An unrelated SQLite database, one with its own `documents` table, one with another
    /// application's id, and a 0-byte file named as `database:` are refused with one line and
    /// exit 74, and stay byte-identical; `status` refuses them too.
    func testForeignFilesNamedAsTheDatabaseAreRefusedAndLeftUntouched() throws {
        let cases: [(name: String, sql: String?, expect: String)] = [
            ("notes.sqlite", "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES ('mine');",
             "tables quire did not make: notes"),
            ("crm.sqlite", "CREATE TABLE documents(id INTEGER PRIMARY KEY, title TEXT); INSERT INTO documents(title) VALUES ('x');",
             "tables quire did not make: documents"),
            ("app.sqlite", "PRAGMA application_id = 1234; CREATE TABLE t(x);", "application_id 0x000004D2"),
            ("empty.sqlite", nil, "empty file (0 bytes)"),
            ("text.sqlite", "", "not an SQLite database"),
        ]
        let box = try QuireSandbox(files: ["beta.pdf"])
        for c in cases {
            let path = box.dir.appendingPathComponent(c.name).path
            switch c.sql {
            case nil: XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
            case ""?: try "name,amount\nx,1\n".write(toFile: path, atomically: true, encoding: .utf8)
            case let sql?: try box.sqlite(path, sql)
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            try """
                name: e2e
                database: \(c.name)
                inputs: [in]
                """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
            let run = try box.run(["run", box.pipeline, "--quiet"])
            XCTAssertEqual(run.status, 74, "\(c.name): \(run.stderr)")
            let message = run.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertFalse(message.contains("\n"), "\(c.name): one line: \(message)")
            XCTAssertTrue(message.contains("not a quire database") && message.contains(c.expect), "\(c.name): \(message)")
            let status = try box.run(["status", path])
            XCTAssertEqual(status.status, 74, "\(c.name): \(status.stderr)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "\(c.name) was changed")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "\(c.name) was switched to WAL")
        }
    }

    // MARK: - 18. A failed document whose file is gone

    /// After its files are deleted, `rerun --failed` retries neither the failed document nor the
    /// failed page: the rerun has nothing to do and succeeds.
    func testRerunFailedLeavesDocumentsWhoseFileIsGone() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "truncated.pdf"])
        try box.writePipeline(barcodes: false)
        let first = try box.run(["run", box.pipeline, "--quiet"], environment: ["QUIRE_FAULT": "extract:throw:alpha#2"])
        XCTAssertEqual(first.status, 1, first.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'failed'"), 1)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM documents WHERE status = 'failed'"), 2)
        for name in ["alpha.pdf", "truncated.pdf"] {
            try FileManager.default.removeItem(at: box.inputs.appendingPathComponent(name))
        }
        let rerun = try box.run(["rerun", box.pipeline, "--failed", "--quiet"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(try box.query("SELECT pages_done, pages_failed, documents_failed FROM runs WHERE id = 2"), ["0|0|0"])
        XCTAssertEqual(try box.query("SELECT attempts FROM pages WHERE status = 'failed'"), ["1"], "not tried again")
        XCTAssertEqual(try box.query("SELECT error FROM documents WHERE path LIKE '%truncated.pdf'").count, 1)
        XCTAssertFalse(try box.query("SELECT error FROM documents WHERE path LIKE '%truncated.pdf'").joined()
                        .contains("not found"), "the old reason is kept")
    }
}

extension QuireSandbox {
    /// `base` (UTF-8) followed by `/` and the raw bytes of `name`.
    func makeRawPath(in base: String, _ name: [UInt8]) throws -> [UInt8] { Array(base.utf8) + [0x2F] + name }

    func mkdirRaw(_ path: [UInt8]) throws {
        let rc = (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } }
        XCTAssertEqual(rc, 0, String(cString: strerror(errno)))
    }

    /// Copies the file at `source` to the raw byte path `target`.
    func copyRaw(_ source: String, to target: [UInt8]) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        let fd = (target + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(fd, 0, String(cString: strerror(errno)))
        defer { close(fd) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        XCTAssertEqual(written, data.count)
    }

    /// Runs SQL on any SQLite file with the sqlite3 shell.
    func sqlite(_ path: String, _ sql: String) throws {
        let result = try ChildProcess.run("/usr/bin/sqlite3", [path, sql])
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
