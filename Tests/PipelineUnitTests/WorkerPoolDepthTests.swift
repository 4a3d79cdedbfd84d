import Foundation
@testable import Pipeline
import XCTest

/// How many tasks the coordinator sends a worker at once: while pages are quick, enough for
/// `prefetchSeconds` of work and for the coordinator's longest recent commit (a worker never
/// waits for the coordinator, not even through a commit), at least two and at most
/// `prefetchMax`; one when pages are slow (the last pages of a run go to whichever worker falls
/// idle instead of waiting behind a long page).
final class WorkerPoolDepthTests: XCTestCase {
    private func pool() -> WorkerPool {
        WorkerPool(size: 2, launch: WorkerPool.processes(executable: "/nonexistent", memoryMiB: 0),
                   events: EventQueue<CoordinatorEvent>())
    }

    private func finishedPage(after seconds: Double, workerMS: [Stage: Int]? = nil) -> WorkerPool.ActiveTask {
        let page = PlannedPage(pageID: 1, documentID: 1, path: "/tmp/x.png", kind: .png, pageNumber: 1,
                               stages: [.extract, .ocr], conservativeBarcodes: false)
        var outcome: PageOutcome?
        if let workerMS { outcome = PageOutcome(page: page); outcome?.stageMS = workerMS }
        var task = WorkerPool.ActiveTask(id: 1, item: .page(page), outcome: outcome)
        task.started = Date(timeIntervalSinceNow: -seconds)
        return task
    }

    func testQuickPagesArePrefetchedSlowPagesAreNot() {
        let pool = pool()
        XCTAssertEqual(pool.depth, 2, "before any page finished")
        pool.noteFinished(finishedPage(after: 0.1))
        XCTAssertEqual(pool.depth, 2, "two tasks of 0.1 s cover the coordinator's pauses")
        pool.noteFinished(finishedPage(after: 1.5))
        XCTAssertEqual(pool.depth, 1, "after an OCR-length page")
        for _ in 0..<20 { pool.noteFinished(finishedPage(after: 0.04)) }
        XCTAssertEqual(pool.depth, 5, "0.2 s of 0.04-s pages")
        for _ in 0..<30 { pool.noteFinished(finishedPage(after: 0.002)) }
        XCTAssertEqual(pool.depth, WorkerPool.prefetchMax, "born-digital pages: as many as allowed")
    }

    /// A page's time is the worker's own (its stage times) when it reported them: a coordinator
    /// busy with a commit reads finished pages late, and their wall time would count its pause.
    func testTheWorkersStageTimesCountNotTheCoordinatorsLateReading() {
        let pool = pool()
        for _ in 0..<20 { pool.noteFinished(finishedPage(after: 0.5, workerMS: [.extract: 3, .layout: 1])) }
        XCTAssertEqual(pool.recentPageSeconds ?? 0, 0.004, accuracy: 0.0005)
        XCTAssertEqual(pool.depth, 50, "0.2 s of 4-ms pages")
        for _ in 0..<20 { pool.noteFinished(finishedPage(after: 0.5)) }
        XCTAssertEqual(pool.depth, 1, "without stage times, the wall time since the task began counts")
    }

    /// The coordinator sends nothing while it commits: a worker holds enough quick pages to
    /// outlast the longest recent commit (1.5 × its time), which fades once commits are short.
    func testQuickPagesOutlastTheLongestRecentCommit() {
        let pool = pool()
        for _ in 0..<20 { pool.noteFinished(finishedPage(after: 0.03125)) }
        XCTAssertEqual(pool.depth, 7, "0.2 s of 1/32-s pages, before any commit")
        pool.noteCommit(seconds: 0.3)
        XCTAssertEqual(pool.depth, 15, "0.45 s of them")
        pool.noteCommit(seconds: 0.01)
        XCTAssertEqual(pool.recentCommitSeconds, 0.24, accuracy: 1e-9, "a long commit is remembered, fading")
        XCTAssertEqual(pool.depth, 12)
        for _ in 0..<30 { pool.noteCommit(seconds: 0.01) }
        XCTAssertEqual(pool.depth, 7, "short commits: 0.2 s again")
        pool.noteCommit(seconds: 5)
        XCTAssertEqual(pool.depth, WorkerPool.prefetchMax)
        pool.noteFinished(finishedPage(after: 3))
        XCTAssertEqual(pool.depth, 1, "slow pages go one at a time, however long the commits")
    }

    func testPageCountsDoNotMoveTheAverage() {
        let pool = pool()
        pool.noteFinished(finishedPage(after: 2))
        var count = WorkerPool.ActiveTask(id: 2, item: .count(DocumentRef(id: 1, path: "/tmp/x.pdf", kind: .pdf)), outcome: nil)
        count.started = Date()
        for _ in 0..<20 { pool.noteFinished(count) }
        XCTAssertEqual(pool.depth, 1)
    }
}
