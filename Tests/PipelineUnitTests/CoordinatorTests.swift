import DocumentModel
import Foundation
@testable import Pipeline
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The coordinator (`Runner`) with in-process fake workers (``FakeScript``): how it deals pages
/// out, what a crash, a hang, a zxing-cpp abort and an interrupt cost, what `rerun --failed`
/// retries and what a resumed run redoes — against a real SQLite database, without a child
/// process. The end-to-end tests (`RunEndToEndTests`) show the same with real worker processes.
final class CoordinatorTests: XCTestCase {
    private var folder: URL!
    private var inputs: URL { folder.appendingPathComponent("in") }
    private var database: String { folder.appendingPathComponent("archive.sqlite").path }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-coordinator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Files that discovery takes for PDFs (the fakes count and read them).
    private func makeInputs(_ names: [String]) throws {
        for name in names {
            try Data("%PDF-1.4\n% \(name)\n".utf8).write(to: inputs.appendingPathComponent(name))
        }
    }

    private func spec(barcodes: Bool = false, pageTimeout: Double = 120, maxAttempts: Int = 3, workers: Int = 2) -> PipelineSpec {
        var spec = PipelineSpec(name: "fake", database: database, inputs: [InputSpec(root: inputs.path)])
        spec.ocr.enabled = false
        spec.layout.enabled = false
        spec.barcodes.enabled = barcodes
        spec.dataDetection.enabled = false
        spec.run.pageTimeout = pageTimeout
        spec.run.maxAttempts = maxAttempts
        spec.run.workers = workers
        return spec
    }

    private func run(_ spec: PipelineSpec, _ script: FakeScript, command: RunRequest.Command = .run) throws -> RunSummary {
        let runner = try Runner(spec: spec, pipelinePath: folder.appendingPathComponent("fake.yml").path,
                                request: RunRequest(command: command, progress: .quiet))
        runner.launchWorker = script.launcher
        return try runner.run()
    }

    private func pages(_ where: String = "1") throws -> [String] {
        let store = try Store(path: database)
        return try store.db.query("""
            SELECT replace(d.path, ?, '') || '#' || p.page_number || ' ' || p.status
            FROM pages p JOIN documents d ON d.id = p.document_id WHERE \(`where`) ORDER BY d.path, p.page_number
            """, [inputs.path + "/"]) { $0.string(0) }
    }

    private func status(_ name: String, _ page: Int) throws -> (status: String, error: String?) {
        let store = try Store(path: database)
        return try XCTUnwrap(try store.db.queryOne("""
            SELECT p.status, p.error FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE d.path LIKE ? AND p.page_number = ?
            """, ["%/" + name, page]) { ($0.string(0), $0.optionalString(1)) })
    }

    func testPagesAreDealtOutAndEachIsCommittedOnce() throws {
        try makeInputs(["a.pdf", "b.pdf", "c.pdf"])
        let script = FakeScript(pageCounts: ["a.pdf": 2, "b.pdf": 3, "c.pdf": 1])
        let summary = try run(spec(), script)
        XCTAssertEqual(summary.status, .completed)
        XCTAssertEqual(summary.exitCode, 0)
        XCTAssertEqual(summary.counts.pagesDone, 6)
        XCTAssertEqual(Set(script.finished.map { "\($0.name)#\($0.page)" }).count, 6)
        XCTAssertEqual(script.finished.count, 6, "no page is worked on twice")
        XCTAssertEqual(script.launches, 2)
        XCTAssertEqual(try pages("p.status <> 'done'"), [])
        // The fakes' text layer is stored as the page's words.
        let store = try Store(path: database)
        XCTAssertEqual(try store.db.query("SELECT text FROM words ORDER BY text") { $0.string(0) },
                       ["a.pdf#1", "a.pdf#2", "b.pdf#1", "b.pdf#2", "b.pdf#3", "c.pdf#1"])
    }

    /// The workers start with the run, before the database is opened, so that their loading
    /// overlaps the coordinator's start; a run that then finds nothing to do ends them unused.
    func testWorkersStartWithTheRunAndARunWithNothingToDoEndsThem() throws {
        try makeInputs(["a.pdf"])
        let first = FakeScript(pageCounts: ["a.pdf": 2])
        XCTAssertEqual(try run(spec(), first).counts.pagesDone, 2)
        XCTAssertEqual(first.launches, 2)
        let again = FakeScript(pageCounts: ["a.pdf": 2])
        let summary = try run(spec(), again)
        XCTAssertEqual(summary.status, .completed)
        XCTAssertEqual(summary.counts.pagesDone, 0)
        XCTAssertEqual(again.launches, 2, "started before the run knew it had nothing to do")
        XCTAssertEqual(again.finished, [])
    }

    func testAWorkerThatCrashesCostsOnePageAndAFreshWorkerTakesOver() throws {
        try makeInputs(["a.pdf", "b.pdf"])
        // One worker, dying on the first page it gets: everything after it is a fresh worker's.
        let script = FakeScript(pageCounts: ["a.pdf": 3, "b.pdf": 3]) { name, page, _ in
            name == "a.pdf" && page == 1 ? .die(stage: .extract, signal: SIGSEGV) : .finish
        }
        let summary = try run(spec(workers: 1), script)
        XCTAssertEqual(summary.exitCode, 1)
        XCTAssertEqual(summary.counts.pagesDone, 5)
        XCTAssertEqual(summary.counts.pagesFailed, 1)
        let failed = try status("a.pdf", 1)
        XCTAssertEqual(failed.status, "failed")
        XCTAssertEqual(failed.error, "worker crashed in stage extract: killed by SIGSEGV")
        XCTAssertEqual(script.launches, 2, "a fresh worker replaced the dead one")
        // The task queued behind the crash (sent to the dead worker, never started) is done once, by the next.
        XCTAssertEqual(script.finished.count, 5)
        XCTAssertEqual(Set(script.finished.map { "\($0.name)#\($0.page)" }).count, 5)
    }

    func testAHungPageIsStoppedAtItsTimeoutAndTheRunGoesOn() throws {
        try makeInputs(["a.pdf"])
        let script = FakeScript(pageCounts: ["a.pdf": 3]) { _, page, _ in page == 1 ? .hang(stage: .extract) : .finish }
        let summary = try run(spec(pageTimeout: 0.4), script)
        XCTAssertEqual(summary.counts.pagesDone, 2)
        XCTAssertEqual(summary.counts.pagesFailed, 1)
        XCTAssertEqual(try status("a.pdf", 1).error, "timed out after 0.4 s in stage extract; worker stopped")
    }

    func testAZxingAbortIsReadAgainConservativelyFromTheBarcodeStage() throws {
        try makeInputs(["codes.pdf"])
        let script = FakeScript(pageCounts: ["codes.pdf": 2]) { _, page, task in
            page == 2 && !task.conservativeBarcodes && task.stages.contains(.barcodes) ? .die(stage: .barcodes, signal: SIGABRT) : .finish
        }
        let summary = try run(spec(barcodes: true), script)
        XCTAssertEqual(summary.exitCode, 0)
        XCTAssertEqual(summary.counts.pagesDone, 2, "the page counts once")
        let again = try XCTUnwrap(script.finished.first { $0.page == 2 })
        XCTAssertTrue(again.conservative)
        XCTAssertEqual(again.stages, [.barcodes], "read again from the barcode stage on; extraction is kept")
        let store = try Store(path: database)
        XCTAssertEqual(try store.db.query("""
            SELECT s.crashed FROM page_stages s JOIN pages p ON p.id = s.page_id
            WHERE s.stage = 'barcodes' ORDER BY p.page_number
            """) { $0.int(0) }, [0, 1])
        XCTAssertEqual(try store.db.query("SELECT count(*) FROM words") { $0.int(0) }, [2], "page 2 keeps its first attempt's text")
    }

    func testRerunFailedRetriesOnlyFailedPagesUntilMaxAttempts() throws {
        try makeInputs(["a.pdf"])
        let script = FakeScript(pageCounts: ["a.pdf": 3]) { _, page, _ in page == 3 ? .die(stage: .extract, signal: SIGABRT) : .finish }
        XCTAssertEqual(try run(spec(maxAttempts: 2), script).counts.pagesFailed, 1)
        XCTAssertEqual(script.finished.count, 2)

        let rerun = RunRequest.Command.rerun(failedOnly: true, stage: nil, documents: [], force: false)
        let second = try run(spec(maxAttempts: 2), script, command: rerun)
        XCTAssertEqual(second.counts.pagesFailed, 1, "only the failed page was tried")
        XCTAssertEqual(second.counts.pagesDone, 0)
        XCTAssertEqual(script.finished.count, 2, "done pages are not redone")

        // Two attempts are the limit: a third rerun leaves it alone (and says so), --force retries it.
        let third = try run(spec(maxAttempts: 2), script, command: rerun)
        XCTAssertEqual(third.counts.pagesFailed + third.counts.pagesDone, 0)
        XCTAssertEqual(third.exhaustedPages, 1)
        let launchesBefore = script.launches
        let forced = try run(spec(maxAttempts: 2), script,
                             command: .rerun(failedOnly: true, stage: nil, documents: [], force: true))
        XCTAssertEqual(forced.counts.pagesFailed, 1)
        XCTAssertGreaterThan(script.launches, launchesBefore)
        let store = try Store(path: database)
        XCTAssertEqual(try store.db.queryOne("SELECT attempts FROM pages WHERE page_number = 3") { $0.int(0) }, 3)
    }

    /// The run's first page is committed as soon as it is recorded; later ones wait for company
    /// (up to `settleCount`, or `settleDelay`), unless nothing else runs or the run is stopping.
    func testTheRunsFirstPageIsCommittedAtOnce() {
        XCTAssertTrue(Runner.settlesNow(waiting: 1, waitedSeconds: 0, running: 2, interrupted: false, committedBefore: 0))
        XCTAssertFalse(Runner.settlesNow(waiting: 1, waitedSeconds: 0, running: 2, interrupted: false, committedBefore: 1))
        XCTAssertTrue(Runner.settlesNow(waiting: 1, waitedSeconds: Runner.settleDelay, running: 2, interrupted: false, committedBefore: 1))
        XCTAssertTrue(Runner.settlesNow(waiting: Runner.settleCount, waitedSeconds: 0, running: 2, interrupted: false, committedBefore: 1))
        XCTAssertTrue(Runner.settlesNow(waiting: 1, waitedSeconds: 0, running: 0, interrupted: false, committedBefore: 1))
        XCTAssertTrue(Runner.settlesNow(waiting: 1, waitedSeconds: 0, running: 2, interrupted: true, committedBefore: 1))
        XCTAssertFalse(Runner.settlesNow(waiting: 0, waitedSeconds: 1, running: 0, interrupted: true, committedBefore: 0))
    }

    func testAnInterruptedRunResumesWithoutRedoingOrLosingAPage() throws {
        try makeInputs(["a.pdf", "b.pdf"])
        let interrupted = FakeScript(pageCounts: ["a.pdf": 4, "b.pdf": 4]) { name, page, _ in
            name == "b.pdf" && page == 3 ? .interruptRun(stage: .extract) : .finish
        }
        let first = try run(spec(workers: 1), interrupted)
        XCTAssertEqual(first.status, .interrupted)
        XCTAssertEqual(first.exitCode, 130)
        let doneFirst = Set(interrupted.finished.map { "\($0.name)#\($0.page)" })
        XCTAssertFalse(doneFirst.isEmpty)
        XCTAssertEqual(try pages("p.status = 'failed'"), [], "an interrupt fails nothing")
        XCTAssertEqual(try pages("p.status = 'done'").count, doneFirst.count)

        let resumed = FakeScript(pageCounts: ["a.pdf": 4, "b.pdf": 4])
        let second = try run(spec(workers: 1), resumed)
        XCTAssertEqual(second.exitCode, 0)
        let doneSecond = Set(resumed.finished.map { "\($0.name)#\($0.page)" })
        XCTAssertTrue(doneFirst.isDisjoint(with: doneSecond), "finished pages are not redone")
        XCTAssertEqual(doneFirst.union(doneSecond).count, 8, "no page is lost")
        XCTAssertEqual(resumed.finished.count, doneSecond.count)
        XCTAssertEqual(try pages("p.status <> 'done'"), [])
    }
}
