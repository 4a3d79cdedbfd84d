import Foundation
import XCTest
import YAML

/// `plan`, `run --shard` and `merge` on bad input, `--shard auto` from Kubernetes' index, and the
/// Kubernetes manifests.
final class ShardEndToEndTests: XCTestCase {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testTheKubernetesManifestsParseAndCarryTheIndexedJobFields() throws {
        let shards = try XCTUnwrap(YAMLParser.parse(contentsOfFile: repository.appendingPathComponent("contrib/k8s/quire-shards-job.yaml").path))
        XCTAssertEqual(shards["kind"]?.scalarValue, "Job")
        XCTAssertEqual(shards["spec"]?["completionMode"]?.scalarValue, "Indexed")
        XCTAssertNotNil(Int(shards["spec"]?["completions"]?.scalarValue ?? ""))
        XCTAssertNotNil(Int(shards["spec"]?["parallelism"]?.scalarValue ?? ""))
        let pod = try XCTUnwrap(shards["spec"]?["template"]?["spec"])
        let args = pod["containers"]?[0]?["args"]?.sequence?.compactMap(\.scalarValue) ?? []
        XCTAssertEqual(Array(args.prefix(1)) + args.suffix(from: 2).prefix(2), ["run", "--shard", "auto"])
        XCTAssertGreaterThanOrEqual(pod["volumes"]?.sequence?.count ?? 0, 2)
        XCTAssertGreaterThanOrEqual(pod["containers"]?[0]?["volumeMounts"]?.sequence?.count ?? 0, 2)
        let merge = try XCTUnwrap(YAMLParser.parse(contentsOfFile: repository.appendingPathComponent("contrib/k8s/quire-merge-job.yaml").path))
        XCTAssertEqual(merge["spec"]?["template"]?["spec"]?["containers"]?[0]?["args"]?[0]?.scalarValue, "merge")
    }

    func testShardAutoFromJobCompletionIndexAndBadInputGiveClearErrorsAndNothingHalfMerged() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])
        try box.writePipeline()
        let plan = try box.run(["plan", box.pipeline, "--shards", "2"])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        let shard = { (i: Int) in box.dir.appendingPathComponent("out/quire.shards/shard-\(i).sqlite").path }

        // Kubernetes' Indexed Job: JOB_COMPLETION_INDEX picks the shard.
        let k8s = try box.run(["run", box.pipeline, "--shard", "auto", "--quiet"], environment: ["JOB_COMPLETION_INDEX": "1"])
        XCTAssertEqual(k8s.status, 0, k8s.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shard(1)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: shard(0)))
        XCTAssertEqual(try Self.scalar(shard(1), "SELECT shard FROM shard_identity"), 1)

        // An index out of range.
        let range = try box.run(["run", box.pipeline, "--shard", "auto"], environment: ["JOB_COMPLETION_INDEX": "2"])
        XCTAssertNotEqual(range.status, 0)
        XCTAssertTrue(range.stderr.contains("out of range"), range.stderr)
        let count = try box.run(["run", box.pipeline, "--shard", "0/3"])
        XCTAssertTrue(count.stderr.contains("the plan has 2 shard(s)"), count.stderr)

        // A truncated shard database is refused by name; the other shard is merged.
        XCTAssertEqual(try box.run(["run", box.pipeline, "--shard", "0/2", "--quiet"]).status, 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: shard(0)))
        try? FileManager.default.removeItem(atPath: shard(0) + "-wal")
        try? FileManager.default.removeItem(atPath: shard(0) + "-shm")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: shard(0)))
        let merged = try box.run(["merge", box.pipeline])
        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertTrue(merged.stderr.contains("refused: shard 0/2: \(shard(0))"), merged.stderr)
        let shard1Pages = try Self.scalar(shard(1), "SELECT count(*) FROM pages WHERE status = 'done'")
        XCTAssertGreaterThan(shard1Pages, 0)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), shard1Pages)
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM merged_shards"), 1)
        let check = try box.run(["status", box.pipeline, "--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stdout.contains("shard 0/2"), check.stdout)

        // Garbage in place of a shard database.
        try Data("not a database at all".utf8).write(to: URL(fileURLWithPath: shard(0)))
        let garbage = try box.run(["merge", box.pipeline])
        XCTAssertTrue(garbage.stderr.contains("refused: shard 0/2"), garbage.stderr)
        try FileManager.default.removeItem(atPath: shard(0))

        // Two merges at once: the second stops at once.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [box.database + ".lock", "sleep", "5"]
        try holder.run()
        usleep(300_000)
        let busy = try box.run(["merge", box.pipeline])
        holder.terminate(); holder.waitUntilExit()
        XCTAssertEqual(busy.status, 75, busy.stderr)
        XCTAssertTrue(busy.stderr.contains("another quire run is using this database"), busy.stderr)

        // A plan from another version of the pipeline file.
        try box.writePipeline(barcodes: false)
        let stale = try box.run(["run", box.pipeline, "--shard", "0/2"])
        XCTAssertEqual(stale.status, 65, stale.stderr)
        XCTAssertTrue(stale.stderr.contains("another version of pipeline"), stale.stderr)
        XCTAssertEqual(try box.run(["merge", box.pipeline]).status, 65)

        // The next plan: shard 1's database, merged, starts afresh; one not merged is refused.
        XCTAssertEqual(try box.run(["plan", box.pipeline, "--shards", "2"]).status, 0)
        let next = try box.run(["run", box.pipeline, "--shard", "1/2", "--quiet"])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stderr.contains("merged: started afresh"), next.stderr)
        try box.writePipeline()
        XCTAssertEqual(try box.run(["plan", box.pipeline, "--shards", "2"]).status, 0)
        let other = try box.run(["run", box.pipeline, "--shard", "1/2"])
        XCTAssertNotEqual(other.status, 0)
        XCTAssertTrue(other.stderr.contains("holds shard 1 of plan"), other.stderr)
    }

    static func scalar(_ database: String, _ sql: String) throws -> Int {
        let r = try ChildProcess.run("/usr/bin/sqlite3", ["-readonly", database, sql])
        return Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
