import Foundation
import XCTest

/// `quire rerun PIPELINE --failed --shards N` (issue 29, item 4): the failed pages of a merged
/// archive are planned into shards, run, and merged in place of the failed ones; the archive then
/// holds what a single-machine run gives, nothing lost or duplicated, and a page that keeps
/// failing counts its attempts as a single machine does.
final class ShardRerunFailedTests: XCTestCase {
    private static let files = ["alpha.pdf", "beta.pdf", "gamma.pdf", "margins.pdf"]
    /// A crash in barcodes (its text kept), an error in extraction, an error in layout.
    private static let faults = "barcodes:crash:alpha#2,extract:throw:gamma#3,layout:throw:margins#1"

    func testFailedPagesArePlannedIntoShardsProcessedAndMergedWithNothingLostOrDuplicated() throws {
        let box = try QuireSandbox(files: Self.files)
        try box.writePipeline(extra: "database_shards: out/shards/e2e-{shard}.sqlite\nrun:\n  max_attempts: 3")
        let single = box.dir.appendingPathComponent("single.yml").path
        try String(contentsOfFile: box.pipeline, encoding: .utf8).replacingOccurrences(of: "out/quire.sqlite", with: "out/single.sqlite")
            .replacingOccurrences(of: "database_shards: out/shards/e2e-{shard}.sqlite", with: "")
            .write(toFile: single, atomically: true, encoding: .utf8)
        let singleRun = try box.run(["run", single, "--quiet"])
        XCTAssertEqual(singleRun.status, 0, singleRun.stderr)
        let singleDB = box.dir.appendingPathComponent("out/single.sqlite").path

        // The night's shards, with three pages failing.
        XCTAssertEqual(try box.run(["plan", box.pipeline, "--shards", "2"]).status, 0)
        try runShards(box, fault: Self.faults)
        let first = try box.run(["merge", box.pipeline])
        XCTAssertEqual(first.status, 1, first.stderr)
        let failedPages = """
            SELECT d.path, p.page_number, p.failed_stage, p.attempts FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE p.status = 'failed' ORDER BY 1, 2
            """
        let failed = try box.query(failedPages).map { String($0.split(separator: "/").last!) }
        XCTAssertEqual(failed, ["alpha.pdf|2|barcodes|1", "gamma.pdf|3|extract|1", "margins.pdf|1|layout|1"])
        let total = try box.scalar("SELECT count(*) FROM pages")
        XCTAssertEqual(total, try SlurmShardTests.scalar(singleDB, "SELECT count(*) FROM pages"))

        // rerun --failed --shards 2: a plan of the failed pages alone.
        let rerun = try box.run(["rerun", box.pipeline, "--failed", "--shards", "2"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertTrue(rerun.stdout.contains("2 shard(s), 3 page(s)"), rerun.stdout)
        let plan = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: box.database + ".plan.json"))) as! [String: Any]
        XCTAssertEqual(plan["failed_only"] as? Bool, true)
        let items = (plan["shards"] as! [[String: Any]]).flatMap { $0["items"] as! [[String: Any]] }
        XCTAssertEqual(items.map { "\(($0["path"] as! String).split(separator: "/").last!)#\($0["first_page"]!)-\($0["last_page"]!)" }.sorted(),
                       ["alpha.pdf#2-2", "gamma.pdf#3-3", "margins.pdf#1-1"])

        // The rerun shards, one page still failing (gamma page 3): it is failed once more.
        try runShards(box, fault: "extract:throw:gamma#3")
        let shardFiles = try FileManager.default.contentsOfDirectory(atPath: box.dir.appendingPathComponent("out/shards").path)
            .filter { $0.hasSuffix(".sqlite") }.sorted()
        XCTAssertEqual(shardFiles.filter { $0.contains("-rerun-") }.count, 2, "\(shardFiles)")
        XCTAssertEqual(try box.run(["merge", box.pipeline, "--quiet"]).status, 1)
        XCTAssertEqual(try box.query(failedPages).map { String($0.split(separator: "/").last!) }, ["gamma.pdf|3|extract|2"])
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages"), total)
        // Merging again changes nothing.
        let before = try box.query("SELECT p.id, p.status, p.attempts, p.run_id FROM pages p ORDER BY 1")
        XCTAssertEqual(try box.run(["merge", box.pipeline, "--quiet"]).status, 1)
        XCTAssertEqual(try box.query("SELECT p.id, p.status, p.attempts, p.run_id FROM pages p ORDER BY 1"), before)

        // Again: a plan of that page alone, and it fails a third time.
        let again = try box.run(["rerun", box.pipeline, "--failed", "--shards", "2"])
        XCTAssertTrue(again.stdout.contains("2 shard(s), 1 page(s)"), again.stdout + again.stderr)
        try runShards(box, fault: "extract:throw:gamma#3")
        XCTAssertEqual(try box.run(["merge", box.pipeline, "--quiet"]).status, 1)
        XCTAssertEqual(try box.query(failedPages).map { String($0.split(separator: "/").last!) }, ["gamma.pdf|3|extract|3"])

        // max_attempts (3) reached: nothing left to rerun, as on one machine.
        let exhausted = try box.run(["rerun", box.pipeline, "--failed", "--shards", "2"])
        XCTAssertNotEqual(exhausted.status, 0, exhausted.stdout)
        XCTAssertTrue(exhausted.stderr.contains("no failed pages or documents to rerun"), exhausted.stderr)

        // --force: the last failed page, rerun without the fault, is done; the archive is the single run's.
        // (The same page as the last plan: a new plan all the same, whose shards start afresh.)
        let forced = try box.run(["rerun", box.pipeline, "--failed", "--force", "--shards", "2"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertNotEqual(forced.stdout.split(separator: "\n").first, again.stdout.split(separator: "\n").first)
        try runShards(box, fault: nil)
        let last = try box.run(["merge", box.pipeline])
        XCTAssertEqual(last.status, 0, last.stderr)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status != 'done'"), 0)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages"), total)
        XCTAssertEqual(try box.query("SELECT count(*) FROM (SELECT document_id, page_number FROM pages GROUP BY 1, 2 HAVING count(*) > 1)"), ["0"])
        for (what, sql) in SlurmShardTests.contentQueries {
            let want = try SlurmShardTests.rows(singleDB, sql), got = try SlurmShardTests.rows(box.database, sql)
            if ["documents", "pages", "words", "blocks", "search text"].contains(what) { XCTAssertGreaterThan(want.count, 0, what) }
            XCTAssertEqual(got, want, "\(what) differ from the single run's")
        }
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM page_fts"), try SlurmShardTests.scalar(singleDB, "SELECT count(*) FROM page_fts"))
        let check = try box.run(["status", box.pipeline, "--check"])
        XCTAssertEqual(check.status, 0, check.stdout)
    }

    /// Runs both shards of the current plan, one after the other, with `fault` (QUIRE_FAULT) or none.
    private func runShards(_ box: QuireSandbox, fault: String?) throws {
        for i in 0..<2 {
            let r = try box.run(["run", box.pipeline, "--shard", "\(i)/2", "--quiet"], environment: fault.map { ["QUIRE_FAULT": $0] } ?? [:])
            XCTAssertLessThanOrEqual(r.status, 1, r.stderr)
            if fault == nil { XCTAssertEqual(r.status, 0, r.stderr) }
        }
    }
}
