import Foundation
import SQLite
import XCTest
@testable import Pipeline

/// The plan's cost model and balance, `--shard` resolution, CPU count, and merge rules.
final class ShardTests: XCTestCase {
    func testEveryTableOfTheSchemaHasAMergeRuleAndEveryCopiedReferenceIsDeclared() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        XCTAssertEqual(try MergeRule.uncovered(in: store.db), [], "tables without a merge rule in MergeRules.swift")
        for table in try MergeRule.tables(in: store.db) {
            switch MergeRule.rules[table]! {
            case .pageOwned, .documents, .documentOwned:
                XCTAssertEqual(try TableShape(table, in: store.db).undeclaredReferences, [], "\(table): references the merge cannot remap")
            default: break
            }
        }
    }

    func testAStragglerAmongSmallFilesIsCutSoOverSplitShardsFinishNearTheIdeal() {
        var work = [ShardWork(path: "/in/big.pdf", sha256: "b", pageCosts: [Double](repeating: 1, count: 500))]
        for i in 0..<200 { work.append(ShardWork(path: "/in/small-\(i).pdf", sha256: "s\(i)", pageCosts: [0.2, 0.2, 1])) }
        // 16 simulated nodes, 4 shards per node.
        let shards = ShardBalancer.balance(work, count: 64)
        let (makespan, ideal) = ShardBalancer.simulate(shards, slots: 16)
        XCTAssertLessThanOrEqual(makespan, ideal * 1.10, "over-split shards: \(makespan) against an ideal \(ideal)")
        // Every page is planned exactly once.
        let big = shards.flatMap(\.items).filter { $0.path == "/in/big.pdf" }.flatMap { Array($0.firstPage!...$0.lastPage!) }
        XCTAssertEqual(big.sorted(), Array(1...500))
        // The same work gives the same plan.
        XCTAssertEqual(ShardBalancer.balance(work.reversed().sorted { $0.path < $1.path }, count: 64).map(\.cost).sorted(),
                       shards.map(\.cost).sorted())
    }

    func testShardAutoReadsSlurmAndKubernetesAndRefusesAnIndexOutOfRange() throws {
        XCTAssertEqual(try ShardIndex.resolve("auto", count: 4, environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0",
                                                                             "SLURM_ARRAY_TASK_COUNT": "4"]), 2)
        XCTAssertEqual(try ShardIndex.resolve("auto", count: 4, environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1",
                                                                             "SLURM_ARRAY_TASK_MAX": "4", "SLURM_ARRAY_TASK_COUNT": "4"]), 3)
        XCTAssertEqual(try ShardIndex.resolve("auto", count: 4, environment: ["JOB_COMPLETION_INDEX": "3"]), 3)
        XCTAssertEqual(try ShardIndex.resolve("1/4", count: 4, environment: [:]), 1)
        XCTAssertThrowsError(try ShardIndex.resolve("auto", count: 4, environment: ["JOB_COMPLETION_INDEX": "4"])) {
            XCTAssertTrue("\($0)".contains("out of range"), "\($0)")
        }
        XCTAssertThrowsError(try ShardIndex.resolve("4/4", count: 4, environment: [:]))
        XCTAssertThrowsError(try ShardIndex.resolve("1/8", count: 4, environment: [:])) { XCTAssertTrue("\($0)".contains("4 shard(s)")) }
        XCTAssertThrowsError(try ShardIndex.resolve("auto", count: 4, environment: [:])) { XCTAssertTrue("\($0)".contains("JOB_COMPLETION_INDEX")) }
    }

    func testCPUsComeFromTheAffinityMaskAndTheCgroupQuota() throws {
        XCTAssertEqual(CPUCount.parseCPUMax("200000 100000\n"), 2)
        XCTAssertEqual(CPUCount.parseCPUMax("150000 100000"), 2)
        XCTAssertNil(CPUCount.parseCPUMax("max 100000"))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("job/step"), withIntermediateDirectories: true)
        try "300000 100000".write(to: root.appendingPathComponent("job/cpu.max"), atomically: true, encoding: .utf8)
        try "max 100000".write(to: root.appendingPathComponent("job/step/cpu.max"), atomically: true, encoding: .utf8)
        try "0::/job/step\n".write(to: root.appendingPathComponent("cgroup"), atomically: true, encoding: .utf8)
        XCTAssertEqual(CPUCount.cgroupQuota(root: root.path, cgroupFile: root.appendingPathComponent("cgroup").path), 3)
        XCTAssertNotNil(CPUCount.affinity())
        // taskset narrows the mask: a child pinned to CPU 0 sees one CPU.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") else { throw XCTSkip("taskset not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
        process.arguments = ["-c", "0", "/usr/bin/nproc"]
        let out = Pipe(); process.standardOutput = out
        try process.run(); process.waitUntilExit()
        XCTAssertEqual(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "1")
    }
}
