import Foundation
import XCTest

/// Scale-out on a real Slurm cluster (one node, started by the test): a 4-task job array and a
/// merge job chained with `afterany` give the archive a single-machine run gives; a task
/// requeued mid-way loses and duplicates nothing. Skips (saying why) only where Slurm is not installed.
final class SlurmShardTests: XCTestCase {
    private static let files = ["alpha.pdf", "beta.pdf", "gamma.pdf", "margins.pdf", "scan.png", "empty.pdf"]

    func testAJobArrayAndAnAfteranyMergeMatchASingleRunAndARequeuedTaskLosesNothing() throws {
        let box = try QuireSandbox(files: Self.files)
        let cluster = box.dir.appendingPathComponent("slurm").path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/slurm-test-cluster.sh").path
        let contrib = (script as NSString).deletingLastPathComponent + "/../contrib/slurm"
        let started = try ChildProcess.run("/bin/bash", [script, "start", cluster])
        if started.status == 3 { throw XCTSkip("Slurm cannot run here: \(started.stdout)") }
        defer { _ = try? ChildProcess.run("/bin/bash", [script, "stop", cluster]) }
        XCTAssertEqual(started.status, 0, started.stdout + started.stderr)
        let env: [String: String?] = ["SLURM_CONF": cluster + "/slurm.conf"]
        func slurm(_ tool: String, _ args: [String]) throws -> String {
            let r = try ChildProcess.run("/usr/bin/" + tool, args, environment: env, timeout: 60)
            XCTAssertEqual(r.status, 0, "\(tool) \(args): \(r.stderr)")
            return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        // The single-machine run, then the same pipeline sharded.
        try box.writePipeline(extra: "database_shards: out/shards/e2e-{shard}.sqlite")
        let single = box.dir.appendingPathComponent("single.yml").path
        try String(contentsOfFile: box.pipeline, encoding: .utf8).replacingOccurrences(of: "out/quire.sqlite", with: "out/single.sqlite")
            .replacingOccurrences(of: "database_shards: out/shards/e2e-{shard}.sqlite", with: "")
            .write(toFile: single, atomically: true, encoding: .utf8)
        XCTAssertEqual(try box.run(["run", single, "--quiet"]).status, 1)   // empty.pdf fails, in both
        let plan = try box.run(["plan", box.pipeline, "--shards", "4"])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        XCTAssertTrue(plan.stdout.contains("sbatch --parsable --array=0-3"), plan.stdout)

        // Slow pages (0.5 s each) so that a task can be requeued mid-way.
        let exe = QuireSandbox.executable
        let array = try slurm("sbatch", ["--parsable", "--array=0-3%4", "--cpus-per-task=1", "--chdir=\(box.dir.path)",
                                         "--export=ALL,QUIRE=\(exe),OMP_THREAD_LIMIT=1,QUIRE_FAULT=extract:slow",
                                         contrib + "/quire-shards.sbatch", box.pipeline])
        let merge = try slurm("sbatch", ["--parsable", "--dependency=afterany:\(array)", "--cpus-per-task=1",
                                         "--chdir=\(box.dir.path)", "--export=ALL,QUIRE=\(exe),OMP_THREAD_LIMIT=1",
                                         contrib + "/quire-merge.sbatch", box.pipeline])
        // Requeue the task of the shard with the most pages once it has finished one page.
        let shards = try (0..<4).map { box.dir.appendingPathComponent("out/shards/e2e-\($0).sqlite").path }
        let planned = try plannedPages(box)
        let victim = planned.enumerated().max { $0.element < $1.element }!.offset
        var doneBefore = 0
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline {
            doneBefore = try Self.scalar(shards[victim], "SELECT count(*) FROM pages WHERE status = 'done'")
            if doneBefore >= 1 { break }
            usleep(100_000)
        }
        XCTAssertGreaterThanOrEqual(doneBefore, 1, "the task never finished a page")
        _ = try slurm("scancel", ["\(array)_\(victim)"])
        func waitForQueue(_ seconds: TimeInterval) throws {
            let until = Date(timeIntervalSinceNow: seconds)
            while Date() < until, !(try slurm("squeue", ["-h", "-o", "%i"])).isEmpty { usleep(300_000) }
            XCTAssertTrue((try slurm("squeue", ["-h", "-o", "%i %T"])).isEmpty, "jobs still queued")
        }
        // The merge job runs once every task has ended, the cancelled one too (afterany).
        try waitForQueue(90)
        XCTAssertTrue(FileManager.default.fileExists(atPath: box.dir.appendingPathComponent("quire-merge-\(merge).log").path))
        let pending = try Self.scalar(box.database, "SELECT count(*) FROM pages WHERE status = 'pending'")
        XCTAssertGreaterThan(pending, 0, "the cancelled shard's unfinished pages are pending")
        let check = try box.run(["status", box.pipeline, "--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stdout.contains("pending") || check.stdout.contains("shard"), check.stdout)
        // The cancelled task requeued (`scontrol requeue`): it picks up its own shard database; then
        // a merge after the array again. Slurm holds a requeued job until its begin time, two
        // minutes after the requeue (Reason=BeginTime); an operator may start it at once.
        _ = try slurm("scontrol", ["requeue", "\(array)_\(victim)"])
        _ = try slurm("scontrol", ["update", "jobid=\(array)_\(victim)", "StartTime=now"])
        _ = try slurm("sbatch", ["--parsable", "--dependency=afterany:\(array)", "--cpus-per-task=1", "--chdir=\(box.dir.path)",
                                 "--export=ALL,QUIRE=\(exe),OMP_THREAD_LIMIT=1", contrib + "/quire-merge.sbatch", box.pipeline])
        try waitForQueue(90)

        let singleDB = box.dir.appendingPathComponent("out/single.sqlite").path
        for (name, sql) in Self.contentQueries {
            XCTAssertEqual(try Self.rows(box.database, sql), try Self.rows(singleDB, sql), "merged \(name) differ from a single run")
        }
        XCTAssertEqual(try Self.scalar(box.database, "SELECT count(*) - count(DISTINCT document_id || ':' || page_number) FROM pages"), 0)
        XCTAssertEqual(try Self.scalar(box.database, "SELECT count(*) FROM pages WHERE status = 'pending'"), 0)
        // The requeued task ran twice (the first run interrupted), and its pages came from it.
        XCTAssertGreaterThanOrEqual(try Self.scalar(box.database, "SELECT count(*) FROM runs WHERE shard = '\(victim)/4'"), 2)
        XCTAssertEqual(try Self.scalar(box.database, "SELECT count(*) FROM runs WHERE shard IS NOT NULL AND host IS NULL"), 0)
        XCTAssertEqual(try Self.scalar(box.database, "SELECT count(*) FROM pages p LEFT JOIN runs r ON r.id = p.run_id WHERE p.status = 'done' AND r.shard IS NULL AND r.command != 'merge'"), 0)

        // Merging again changes nothing.
        let before = try Self.rows(box.database, "SELECT count(*), (SELECT count(*) FROM runs), (SELECT group_concat(digest) FROM merged_shards) FROM pages")
        let again = try box.run(["merge", box.pipeline])
        XCTAssertEqual(again.status, 1, again.stderr)   // empty.pdf failed, as in the single run: not OK
        XCTAssertTrue(again.stderr.contains("1 failed page(s) or document(s)"), again.stderr)
        XCTAssertTrue(again.stderr.contains("0 shard(s) merged, 4 unchanged"), again.stderr)
        XCTAssertEqual(try Self.rows(box.database, "SELECT count(*), (SELECT count(*) FROM runs), (SELECT group_concat(digest) FROM merged_shards) FROM pages"), before)
        XCTAssertEqual(try box.run(["status", box.pipeline, "--check"]).status, 1)   // empty.pdf failed, as in the single run
    }

    private func plannedPages(_ box: QuireSandbox) throws -> [Int] {
        let link = box.database + ".plan.json"
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: link))) as! [String: Any]
        return (json["shards"] as! [[String: Any]]).map { shard in
            (shard["items"] as! [[String: Any]]).reduce(0) { total, item in
                total + ((item["last_page"] as? Int ?? 0) - (item["first_page"] as? Int ?? 1) + 1)
            }
        }
    }

    /// What the archive holds, without ids or times.
    static let contentQueries: [(String, String)] = [
        ("documents", "SELECT path, status, page_count, kind, sha256 FROM documents ORDER BY path"),
        ("pages", "SELECT d.path, p.page_number, p.status, p.text_source, p.width, p.height, p.failed_stage FROM pages p JOIN documents d ON d.id = p.document_id ORDER BY 1, 2"),
        ("words", "SELECT d.path, p.page_number, w.word_order, w.text, w.x, w.y FROM words w JOIN pages p ON p.id = w.page_id JOIN documents d ON d.id = p.document_id ORDER BY 1, 2, l_order(w.line_id), 3"),
        ("blocks", "SELECT d.path, p.page_number, b.reading_order, b.kind, b.text, b.continues, b.level FROM blocks b JOIN pages p ON p.id = b.page_id JOIN documents d ON d.id = p.document_id ORDER BY 1, 2, 3"),
        ("cells", "SELECT d.path, p.page_number, b.reading_order, c.row, c.col, c.text FROM table_cells c JOIN blocks b ON b.id = c.block_id JOIN pages p ON p.id = b.page_id JOIN documents d ON d.id = p.document_id ORDER BY 1, 2, 3, 4, 5"),
        ("barcodes", "SELECT d.path, p.page_number, x.symbology, x.payload FROM barcodes x JOIN pages p ON p.id = x.page_id JOIN documents d ON d.id = p.document_id ORDER BY 1, 2, 3, 4"),
        ("detected data", "SELECT d.path, p.page_number, x.item_order, x.type, x.text, x.value FROM detected_data x JOIN pages p ON p.id = x.page_id JOIN documents d ON d.id = p.document_id ORDER BY 1, 2, 3"),
        ("search text", "SELECT path, page_number, text FROM page_text ORDER BY 1, 2"),
    ]

    static func rows(_ database: String, _ sql: String) throws -> [String] {
        let sql = sql.replacingOccurrences(of: "l_order(w.line_id)", with: "(SELECT line_order FROM lines WHERE id = w.line_id)")
        let r = try ChildProcess.run("/usr/bin/sqlite3", ["-readonly", database, sql])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").map(String.init)
    }

    static func scalar(_ database: String, _ sql: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: database) else { return 0 }
        let r = try ChildProcess.run("/usr/bin/sqlite3", ["-readonly", database, sql])
        return Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}
