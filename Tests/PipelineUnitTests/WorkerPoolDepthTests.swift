import Foundation
@testable import Pipeline
import XCTest

/// How many tasks the coordinator sends a worker at once: two while pages are quick (a worker
/// never waits for the coordinator), one when pages are slow (the last pages of a run go to
/// whichever worker falls idle instead of waiting behind a long page).
final class WorkerPoolDepthTests: XCTestCase {
    private func pool() -> WorkerPool {
        WorkerPool(size: 2, launch: WorkerPool.processes(executable: "/nonexistent", memoryMiB: 0),
                   events: EventQueue<CoordinatorEvent>())
    }

    private func finishedPage(after seconds: Double) -> WorkerPool.ActiveTask {
        let page = PlannedPage(pageID: 1, documentID: 1, path: "/tmp/x.png", kind: .png, pageNumber: 1,
                               stages: [.extract, .ocr], conservativeBarcodes: false)
        var task = WorkerPool.ActiveTask(id: 1, item: .page(page), outcome: nil)
        task.started = Date(timeIntervalSinceNow: -seconds)
        return task
    }

    func testQuickPagesArePrefetchedSlowPagesAreNot() {
        let pool = pool()
        XCTAssertEqual(pool.depth, 2, "before any page finished")
        pool.noteFinished(finishedPage(after: 0.02))
        XCTAssertEqual(pool.depth, 2)
        pool.noteFinished(finishedPage(after: 1.5))
        XCTAssertEqual(pool.depth, 1, "after an OCR-length page")
        for _ in 0..<12 { pool.noteFinished(finishedPage(after: 0.01)) }
        XCTAssertEqual(pool.depth, 2, "quick pages again")
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
