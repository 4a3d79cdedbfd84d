import Foundation
import XCTest

/// Hostile runs end to end (issue 15, items 10–13 and 16): the real binary on files and
/// databases made hostile at test time.
final class HostileRunTests: XCTestCase {
    private func copyFixture(_ name: String, from folder: String = "runner", to box: QuireSandbox, as newName: String) throws {
        let source = QuireSandbox.fixtures.deletingLastPathComponent().appendingPathComponent(folder).appendingPathComponent(name)
        // Written with open(2), byte for byte under the hostile name.
        let bytes = try Data(contentsOf: source)
        let fd = open(box.inputs.path + "/" + newName, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0, "create \(newName.debugDescription)")
        defer { close(fd) }
        XCTAssertEqual(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, bytes.count)
    }

    func testControlCharactersInFileNamesAreEscapedOnTheTerminal() throws {
        let box = try QuireSandbox(files: [])
        try copyFixture("scan.png", to: box, as: "evil\n[ok] forged\u{1B}[31mred.png")
        try copyFixture("truncated.pdf", to: box, as: "bad\u{1B}]0;pwned\u{07}.pdf")    // a damaged PDF: fails
        try box.writePipeline(ocr: false, barcodes: false)
        let run = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertFalse(run.stderr.contains("\u{1B}"), "no raw ESC reaches the terminal:\n\(run.stderr)")
        XCTAssertFalse(run.stderr.contains("\u{07}"), run.stderr)
        XCTAssertFalse(run.stderr.split(separator: "\n").contains { $0.hasPrefix("[ok] forged") }, "no forged line:\n\(run.stderr)")
        XCTAssertTrue(run.stderr.contains("evil\\n[ok] forged\\x1B[31mred.png page 1"), run.stderr)
        XCTAssertTrue(run.stderr.contains("failed: \(box.inputs.path)/bad\\x1B]0;pwned\\x07.pdf"), "the summary too:\n\(run.stderr)")
        let status = try box.run(["status", box.database])
        XCTAssertFalse(status.stdout.contains("\u{1B}") || status.stdout.contains("\u{07}"), status.stdout)
        XCTAssertTrue(status.stdout.contains("bad\\x1B]0;pwned\\x07.pdf"), status.stdout)
    }

    /// Runs `script` with `sh -c` (arguments are $0, $1, …); stderr is collected.
    private func shell(_ script: String, _ arguments: String...) throws -> QuireSandbox.Result {
        try ChildProcess.run("/bin/sh", ["-c", script] + arguments, environment: ["OMP_THREAD_LIMIT": "1", "QUIRE_FAULT": nil])
    }

    /// One statement, one snapshot: the run row's counts and the pages it settled.
    private func runRow(_ box: QuireSandbox, _ id: Int = 1) throws -> (status: String, done: Int, committed: Int)? {
        guard let row = try box.query("""
            SELECT status, pages_done, (SELECT count(*) FROM pages WHERE status = 'done' AND run_id = \(id)) FROM runs WHERE id = \(id)
            """).first else { return nil }
        let f = row.split(separator: "|").map(String.init)
        return (f[0], Int(f[1]) ?? -1, Int(f[2]) ?? -1)
    }

    func testRunRowIsTrueAtEveryCommitAndAfterAKill() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])   // 9 pages
        try box.writePipeline(ocr: false, barcodes: false, extra: "run:\n  workers: 1\n")
        let (process, _, _) = try box.start(["run", box.pipeline, "--quiet"], environment: ["QUIRE_FAULT": "extract:slow"])
        var live: (status: String, done: Int, committed: Int)?
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let row = try? runRow(box), row.committed >= 3 { live = row; break }
            usleep(100_000)
        }
        let seen = try XCTUnwrap(live, "the run committed 3 pages within a minute")
        // While it runs, the row counts every committed page (it used to be written every 50).
        XCTAssertEqual(seen.status, "running")
        XCTAssertEqual(seen.done, seen.committed)
        let status = try box.run(["status", box.database]).stdout
        XCTAssertTrue(status.contains("#1 run 'e2e' running"), status)
        XCTAssertFalse(status.contains("pages: 0 done"), status)

        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let killed = try XCTUnwrap(runRow(box))
        XCTAssertEqual(killed.done, killed.committed, "a killed run's row counts what it committed")
        XCTAssertGreaterThanOrEqual(killed.done, 3)
        XCTAssertTrue(try box.run(["status", box.database]).stdout.contains("#1 run 'e2e' crashed"),
                      "status does not show a dead run as running")
        // The next run records it as crashed and keeps its counts.
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let closed = try XCTUnwrap(runRow(box))
        XCTAssertEqual(closed.status, "crashed")
        XCTAssertEqual(closed.done, killed.done)
    }

    func testFatalStoreErrorDoesNotLeaveTheRunRunning() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf", "margins.pdf"])
        try box.writePipeline(ocr: false, barcodes: false, extra: "run:\n  workers: 1\n")
        // No file of the run may grow more than 8 kB past the empty database (EFBIG, as a full
        // disk gives ENOSPC): a few pages in, the database cannot take their rows. Each page's
        // extract takes 0.5 s longer (`extract:slow`): the pages commit one at a time.
        let limit = try box.makeEmptyDatabase() + 8_192
        let run = try shell("trap '' XFSZ; QUIRE_FAULT=extract:slow exec prlimit --fsize=\(limit) -- \"$0\" run \"$1\" --quiet",
                            QuireSandbox.executable, box.pipeline)
        XCTAssertEqual(run.status, 74, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(box.database): SQLite error"), "the error names the database:\n\(run.stderr)")
        let runs = try box.query("SELECT id, status FROM runs")
        let row = try XCTUnwrap(runRow(box, 2), "no row for the second run:\n\(run.stderr)\n\(runs)")
        XCTAssertEqual(row.status, "failed")
        XCTAssertEqual(row.done, row.committed)
        XCTAssertLessThan(row.done, 12, "the limit stopped the run before its end")
    }

    func testStaleReadOnlySharedMemoryFileDoesNotKeepTheDatabaseUnusable() throws {
        let box = try QuireSandbox(files: ["alpha.pdf"])
        try box.writePipeline(ocr: false, barcodes: false)
        // Root writes through any mode bits: run quire as an ordinary user (nobody) when root,
        // from a copy of the binary inside the sandbox (the build folder may be closed to others,
        // as in a clone made under `mktemp -d`).
        var quire = QuireSandbox.executable
        if geteuid() == 0 {
            quire = box.dir.appendingPathComponent("quire").path
            try FileManager.default.copyItem(atPath: QuireSandbox.executable, toPath: quire)
        }
        let asUser = geteuid() == 0 ? "chown -R 65534 \"$2\" && exec setpriv --reuid=65534 --regid=65534 --clear-groups " : "exec "
        let first = try shell(asUser + "\"$0\" run \"$1\" --quiet", quire, box.pipeline, box.dir.path)
        XCTAssertEqual(first.status, 0, first.stderr)
        // One failed attempt left a -shm without write permission (no connection is open now).
        let shm = box.database + "-shm"
        XCTAssertTrue(FileManager.default.createFile(atPath: shm, contents: Data(count: 32_768)))
        if geteuid() == 0 { XCTAssertEqual(chown(shm, 65534, 65534), 0) }
        XCTAssertEqual(chmod(shm, 0o444), 0)
        try box.writePipeline(ocr: false, barcodes: true)     // a changed stage: the run must write
        let second = try shell(asUser + "\"$0\" run \"$1\" --quiet", quire, box.pipeline, box.dir.path)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM runs WHERE status = 'completed'"), 2)
    }

    func testPasswordsAreNeverStoredOrPrinted() throws {
        let box = try QuireSandbox(files: [])
        try copyFixture("encrypted_user.pdf", from: "extract", to: box, as: "locked.pdf")
        try """
            name: e2e
            database: out/quire.sqlite
            inputs:
              - path: in
                min_file_age: 0
                passwords: [QUIRE_TEST_NO_SUCH_VAR, Summer2024secret]
            ocr: {enabled: false}
            """.write(toFile: box.pipeline, atomically: true, encoding: .utf8)
        let validate = try box.run(["validate", box.pipeline])
        XCTAssertFalse(validate.stdout.contains("Summer2024secret") || validate.stderr.contains("Summer2024secret"), validate.stderr)
        XCTAssertTrue(validate.stderr.contains("variable #2 of input 1 is not set"), validate.stderr)
        let run = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertFalse(run.stderr.contains("Summer2024secret"), run.stderr)
        let stored = try box.query("SELECT coalesce(error, '') FROM documents UNION ALL SELECT coalesce(error, '') FROM pages")
            .joined(separator: "\n")
        XCTAssertFalse(stored.contains("Summer2024secret"), stored)
        XCTAssertTrue(stored.contains("variables #1, #2 of input 1 are not set"), stored)
    }

    func testFractionalPageTimeoutIsReportedAsWritten() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline(ocr: false, barcodes: false, extra: "run:\n  page_timeout: 0.8\n  workers: 1\n")
        let run = try box.run(["run", box.pipeline, "--quiet"], environment: ["QUIRE_FAULT": "extract:hang:beta#1"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let error = try box.query("SELECT error FROM pages WHERE status = 'failed'").joined()
        XCTAssertTrue(error.contains("timed out after 0.8 s in stage extract"), error)
    }
}
