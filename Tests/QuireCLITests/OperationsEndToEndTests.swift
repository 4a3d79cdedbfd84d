import Foundation
import XCTest

/// Operating quire night after night: quiet cron output, JSON-only stderr, a log file, runs that
/// remember how they ended, and `status --check` for monitoring. The real binary end to end.
final class OperationsEndToEndTests: XCTestCase {
    /// `--quiet` prints nothing on success, and the summary when pages failed.
    func testQuietPrintsNothingOnSuccessAndTheSummaryOnTrouble() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline()
        let ok = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(ok.status, 0)
        XCTAssertEqual(ok.stdout, "")
        XCTAssertEqual(ok.stderr, "", "a successful quiet run prints nothing, so cron mails nothing")

        try box.add(QuireSandbox.fixtures.appendingPathComponent("truncated.pdf"), as: "truncated.pdf")
        let bad = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("truncated.pdf"), bad.stderr)
        XCTAssertTrue(bad.stderr.hasPrefix("completed:"), bad.stderr)
    }

    /// With `--progress json` every stderr line is a JSON object carrying the time and the run id,
    /// the summary included; `--log-file` appends the same events to a file.
    func testJSONProgressIsOnlyJSONAndTheLogFileGetsEveryEvent() throws {
        let box = try QuireSandbox(files: ["beta.pdf", "truncated.pdf"])
        try box.writePipeline()
        let log = box.dir.appendingPathComponent("logs/quire.jsonl").path
        try FileManager.default.createDirectory(atPath: box.dir.appendingPathComponent("logs").path, withIntermediateDirectories: true)
        let result = try box.run(["run", box.pipeline, "--progress", "json", "--log-file", log])
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(lines.count, 3)
        let events = try lines.map { line -> [String: Any] in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try XCTUnwrap(object, "not a JSON object: \(line)")
        }
        for event in events {
            XCTAssertEqual(event["run_id"] as? Int, 1, "\(event)")
            let time = try XCTUnwrap(event["time"] as? String)
            XCTAssertNotNil(time.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression), time)
        }
        let finished = try XCTUnwrap(events.last)
        XCTAssertEqual(finished["event"] as? String, "run_finished")
        XCTAssertEqual(finished["exit_code"] as? Int, 1)
        XCTAssertTrue(events.contains { $0["event"] as? String == "document_failed" })

        // The log file holds the same events; a second run appends to it.
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count, lines.count)
        _ = try box.run(["run", box.pipeline, "--quiet", "--log-file", log])
        let logged = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        XCTAssertGreaterThan(logged.count, lines.count)
        XCTAssertTrue(logged.last!.contains("\"run_id\":2"), String(logged.last!))

        // A log file that cannot be opened stops the run before it starts (exit 74).
        let unwritable = try box.run(["run", box.pipeline, "--quiet", "--log-file", box.dir.appendingPathComponent("no/such/dir/x.jsonl").path])
        XCTAssertEqual(unwritable.status, 74, unwritable.stderr)
        XCTAssertTrue(unwritable.stderr.contains("cannot open the log file"), unwritable.stderr)

        // An error that stops the command is a JSON line too.
        let busy = try box.run(["run", box.dir.appendingPathComponent("missing.yml").path, "--progress", "json"])
        XCTAssertEqual(busy.status, 65)
        let error = try JSONSerialization.jsonObject(with: Data(busy.stderr.utf8)) as? [String: Any]
        XCTAssertEqual(error?["event"] as? String, "error", busy.stderr)
        XCTAssertEqual(error?["exit_code"] as? Int, 65)
    }

    /// The runs table records the command line, the version, the exit code and the duration;
    /// `status` shows them and accepts the pipeline file as well as the database.
    func testRunsRememberHowTheyEndedAndStatusTakesThePipelineFile() throws {
        let box = try QuireSandbox(files: ["beta.pdf", "truncated.pdf"])
        try box.writePipeline()
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet", "--workers", "1"]).status, 1)
        let row = try box.query("SELECT quire_version, exit_code, duration_ms > 0, arguments FROM runs WHERE id = 1")
        XCTAssertEqual(row.count, 1)
        let fields = row[0].split(separator: "|", maxSplits: 3).map(String.init)
        XCTAssertEqual(fields[0], "0.1.0")
        XCTAssertEqual(fields[1], "1")
        XCTAssertEqual(fields[2], "1")
        let arguments = try JSONSerialization.jsonObject(with: Data(fields[3].utf8)) as? [String]
        XCTAssertEqual(arguments?.suffix(5), ["run", box.pipeline, "--quiet", "--workers", "1"])
        XCTAssertTrue(fields[3].contains(box.pipeline) && !fields[3].contains("\\/"), "slashes are not escaped: \(fields[3])")

        let byPipeline = try box.run(["status", box.pipeline])
        XCTAssertEqual(byPipeline.status, 0, byPipeline.stderr)
        XCTAssertTrue(byPipeline.stdout.contains("#1 run 'e2e' completed (exit 1)"), byPipeline.stdout)
        XCTAssertTrue(byPipeline.stdout.contains("documents: 2 new, 1 failed"), byPipeline.stdout)
        XCTAssertEqual(byPipeline.stdout, try box.run(["status", box.database]).stdout)
        // Each failed document's path is said once (issue 38, item 3).
        let failedLine = try XCTUnwrap(byPipeline.stdout.split(separator: "\n").first { $0.contains("truncated.pdf") }, byPipeline.stdout)
        XCTAssertEqual(failedLine.components(separatedBy: "truncated.pdf").count - 1, 1, String(failedLine))

        let json = try box.run(["status", box.pipeline, "--json"])
        XCTAssertFalse(json.stdout.contains("\\/"), "status --json does not escape slashes: \(json.stdout)")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertNotNil(object["documents_by_status"], "status --json uses snake_case like the progress events")
        let runs = try XCTUnwrap(object["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.first?["exit_code"] as? Int, 1)
        XCTAssertNotNil(runs.first?["duration_seconds"])
    }

    /// `status --check`: 0 and one OK line when all is well; 1 and one line per problem while
    /// failed documents or pages wait, or when the last run did not end well.
    func testStatusCheckExitsNonZeroWhileProblemsWait() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline()
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let healthy = try box.run(["status", box.pipeline, "--check"])
        XCTAssertEqual(healthy.status, 0, healthy.stdout)
        XCTAssertTrue(healthy.stdout.hasPrefix("OK: 1 document(s), 2 page(s) done; last run #1 completed"), healthy.stdout)

        try box.add(QuireSandbox.fixtures.appendingPathComponent("truncated.pdf"), as: "truncated.pdf")
        _ = try box.run(["run", box.pipeline, "--quiet"])
        let sick = try box.run(["status", box.pipeline, "--check"])
        XCTAssertEqual(sick.status, 1)
        let problems = sick.stdout.split(separator: "\n")
        XCTAssertEqual(problems.count, 2, sick.stdout)
        XCTAssertTrue(problems[0].hasPrefix("PROBLEM: 1 document(s) failed, first: ") && problems[0].contains("truncated.pdf"), sick.stdout)
        XCTAssertTrue(problems[1].contains("the last run (#2") && problems[1].contains("exited with 1"), sick.stdout)

        // A run killed mid-way (recorded as running by a process that is gone) is a problem too.
        try box.modify("UPDATE runs SET status = 'running', exit_code = NULL, pid = 2147483646 WHERE id = 2")
        try box.modify("UPDATE documents SET status = 'done' WHERE path LIKE '%truncated.pdf'")
        let killed = try box.run(["status", box.database, "--check", "--json"])
        XCTAssertEqual(killed.status, 1)
        let check = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(killed.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(check["ok"] as? Bool, false)
        XCTAssertEqual((check["problems"] as? [String])?.count, 1, killed.stdout)
        XCTAssertTrue((check["problems"] as? [String])?.first?.contains("(#2") ?? false, killed.stdout)
        XCTAssertTrue((check["problems"] as? [String])?.first?.contains("crashed") ?? false, killed.stdout)
    }

    /// A `rerun --stage layout` stopped half-way is finished by the next plain `quire run`: the
    /// pages it did not reach do not keep their old layout.
    func testAnInterruptedRerunStageIsResumedByTheNextRun() throws {
        let box = try QuireSandbox(files: ["beta.pdf", "gamma.pdf"])
        try box.writePipeline(barcodes: false, extra: "run:\n  workers: 1\n")
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages"), 6)

        let (process, _, err) = try box.start(["rerun", box.pipeline, "--stage", "layout", "--quiet"],
                                              environment: ["QUIRE_FAULT": "layout:slow"])
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline,
              ((try? box.scalar("SELECT count(*) FROM page_stages WHERE stage = 'layout' AND run_id = 2")) ?? 0) < 1 {
            usleep(50_000)
        }
        kill(process.processIdentifier, SIGINT)
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        let owed = try box.scalar("SELECT count(*) FROM pages WHERE redo_stage = 'layout'")
        XCTAssertGreaterThan(owed, 0, "the rerun was stopped before every page")
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM page_stages WHERE stage = 'layout' AND run_id = 1"), owed)

        let resumed = try box.run(["run", box.pipeline, "--quiet"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(try box.query("SELECT pages_done FROM runs WHERE id = 3"), ["\(owed)"], "only the pages the rerun owed")
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM page_stages WHERE stage = 'layout' AND run_id = 1"), 0)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE redo_stage IS NOT NULL"), 0)
        XCTAssertEqual(try box.query("SELECT pages_done FROM runs WHERE id = 4").first ?? "none", "none")
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        XCTAssertEqual(try box.query("SELECT pages_done FROM runs WHERE id = 4"), ["0"], "and then nothing is owed")
    }

    /// The summary names the pipeline in the rerun it suggests (no placeholder to fill in).
    func testTheSummarySuggestsARunnableRerun() throws {
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline()
        let crash = try box.run(["run", box.pipeline, "--progress", "plain"], environment: ["QUIRE_FAULT": "layout:throw"])
        XCTAssertEqual(crash.status, 1, crash.stderr)
        XCTAssertTrue(crash.stderr.contains("quire rerun \(box.pipeline) --failed"), crash.stderr)
        XCTAssertFalse(crash.stderr.contains("PIPELINE"), crash.stderr)
    }

    /// Failure lines name the file once; a document that was never opened has no page count (NULL).
    func testFailuresNameTheFileOnceAndUnopenedDocumentsHaveNoPageCount() throws {
        let box = try QuireSandbox(files: ["truncated.pdf", "empty.pdf"])
        try box.writePipeline()
        let result = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("truncated.pdf") }
        XCTAssertFalse(lines.isEmpty, result.stderr)
        for line in lines {
            XCTAssertEqual(line.components(separatedBy: "truncated.pdf").count - 1, 1, "path repeated: \(line)")
        }
        XCTAssertEqual(try box.query("SELECT count(*) FROM documents WHERE status = 'failed' AND page_count IS NULL"), ["2"])
    }

    /// A born-digital page read from its text layer needs no full raster: a pixel budget smaller
    /// than the page at extract.dpi gives a coarser raster, not a failure.
    func testTextLayerPagesAreNotFailedByThePixelBudget() throws {
        let box = try QuireSandbox(files: ["alpha.pdf"])
        try box.writePipeline(extra: "extract:\n  max_megapixels: 1\n")
        let result = try box.run(["run", box.pipeline, "--progress", "plain"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try box.query("SELECT count(*) FROM pages WHERE status = 'done' AND text_source = 'text_layer'"), ["3"])
    }
}

extension QuireSandbox {
    /// Changes the (existing) database with the sqlite3 shell, as an operator might.
    func modify(_ sql: String) throws {
        let result = try ChildProcess.run("/usr/bin/sqlite3", [database, sql])
        XCTAssertEqual(result.status, 0, sql + "\n" + result.stderr)
    }
}
