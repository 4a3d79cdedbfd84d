import Foundation
import XCTest

/// How `quire run` starts its workers: forked from the coordinator when that is safe (the
/// worker is the same program, libgomp was loaded with `OMP_THREAD_LIMIT=1`, the coordinator has
/// one thread), exec'd as `quire __worker` otherwise. The pages come out the same either way.
final class WorkerStartEndToEndTests: XCTestCase {
    func testWorkersAreForkedWhenSafeAndExecdOtherwiseWithTheSameRows() throws {
        var rows: [String: [String]] = [:]
        let cases: [(label: String, environment: [String: String], forked: Bool)] = [
            ("forked", [:], true),
            ("QUIRE_WORKERS_EXEC=1", ["QUIRE_WORKERS_EXEC": "1"], false),
            // A forked worker would keep the coordinator's OpenMP limit (none): Tesseract 7-10x slower.
            ("OMP_THREAD_LIMIT=4", ["OMP_THREAD_LIMIT": "4"], false),
        ]
        for c in cases {
            let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf"])
            try box.writePipeline(extra: "run:\n  workers: 2\n")
            // Each page's extraction takes 0.5 s longer: time to look at the workers.
            let (process, out, err) = try box.start(["run", box.pipeline, "--quiet"],
                                                    environment: c.environment.merging(["QUIRE_FAULT": "extract:slow"]) { a, _ in a })
            // A child looked at between its fork and its renaming (or its exec) still shows the
            // coordinator's name and command line: the look is taken again until neither worker
            // is in that moment, and the last look with both is kept.
            var workers: [(comm: String, commandLine: String)] = []
            let deadline = Date(timeIntervalSinceNow: 60)
            while process.isRunning && Date() < deadline {
                let now = Self.children(of: process.processIdentifier)
                if now.count == 2 {
                    workers = now
                    if !now.contains(where: { $0.comm == "quire" && !$0.commandLine.contains("__worker") }) { break }
                }
                usleep(20_000)
            }
            let result = ChildProcess.finish(process, out: out, err: err, timeout: 120)
            XCTAssertEqual(result.status, 0, "\(c.label): \(result.stderr)")
            XCTAssertEqual(workers.count, 2, "\(c.label): \(workers)")
            for worker in workers {
                if c.forked {
                    XCTAssertEqual(worker.comm, "quire-worker", c.label)
                    XCTAssertFalse(worker.commandLine.contains("__worker"), "\(c.label): \(worker.commandLine)")
                } else {
                    XCTAssertTrue(worker.commandLine.contains("__worker"), "\(c.label): \(worker.commandLine)")
                }
            }
            XCTAssertEqual(try box.scalar("SELECT count(*) FROM pages WHERE status = 'done'"), 5, c.label)
            rows[c.label] = try box.query("""
                SELECT d.path, p.page_number, w.word_order, w.text, w.x, w.y, w.width, w.height
                FROM words w JOIN pages p ON p.id = w.page_id JOIN documents d ON d.id = p.document_id
                ORDER BY d.path, p.page_number, w.id
                """).map { $0.replacingOccurrences(of: box.dir.path, with: "") }
                + box.query("SELECT kind, reading_order, text FROM blocks ORDER BY page_id, reading_order")
        }
        XCTAssertGreaterThan(rows["forked"]?.count ?? 0, 50)
        XCTAssertEqual(rows["forked"], rows["QUIRE_WORKERS_EXEC=1"])
        XCTAssertEqual(rows["forked"], rows["OMP_THREAD_LIMIT=4"])
    }

    /// The name (`comm`) and the command line of each child process of `pid`.
    private static func children(of pid: Int32) -> [(comm: String, commandLine: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> (String, String)? in
            guard Int32(entry) != nil,
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After "pid (comm) ": the state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == pid else { return nil }
            let comm = (try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8)) ?? ""
            let commandLine = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline"))) ?? Data()
            return (comm.trimmingCharacters(in: .whitespacesAndNewlines),
                    String(decoding: commandLine.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self))
        }
    }
}
