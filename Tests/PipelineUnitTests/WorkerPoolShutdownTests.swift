import Foundation
@testable import Pipeline
import XCTest

/// How a run ends its workers. They start with the run, before the database is opened, so a
/// run with nothing to do (or one that cannot open its database) ends workers that may still be
/// loading: one without a task holds nothing and is killed at once; one with a task is asked to
/// finish it (its input is closed) and is killed only if it does not exit in time.
final class WorkerPoolShutdownTests: XCTestCase {
    /// A handle that records how it was ended and reports its exit as a process would.
    private final class RecordingHandle: WorkerHandle {
        let index: Int
        private let events: EventQueue<CoordinatorEvent>
        private(set) var killedWith: Int32?
        private(set) var kills = 0
        private(set) var inputClosed = false
        init(index: Int, events: EventQueue<CoordinatorEvent>) { self.index = index; self.events = events }
        func send(_ request: WorkerRequest) throws {}
        func kill(signal: Int32) {
            kills += 1
            guard killedWith == nil else { return }
            killedWith = signal
            events.post(.workerExited(index: index, pid: 1, termination: .signaled(signal), lastWords: nil))
        }
        func closeInput() {
            inputClosed = true
            events.post(.workerExited(index: index, pid: 1, termination: .exited(0), lastWords: nil))
        }
    }

    /// A pool of `size` recording workers, the second (index 1) busy with a page.
    private func poolWithBusySecondWorker(size: Int) throws -> (WorkerPool, [RecordingHandle]) {
        var handles: [RecordingHandle] = []
        let pool = WorkerPool(size: size, launch: { index, events in
            let handle = RecordingHandle(index: index, events: events)
            handles.append(handle)
            return handle
        }, events: EventQueue<CoordinatorEvent>())
        try pool.fill(upTo: size)
        let page = PlannedPage(pageID: 1, documentID: 1, path: "/tmp/x.pdf", kind: .pdf, pageNumber: 1,
                               stages: [.extract], conservativeBarcodes: false)
        pool.slots[1]?.tasks.append(WorkerPool.ActiveTask(id: 1, item: .page(page), outcome: nil))
        return (pool, handles)
    }

    func testIdleWorkersAreKilledABusyOneFinishesItsTask() throws {
        let (pool, handles) = try poolWithBusySecondWorker(size: 3)

        pool.shutdown()

        XCTAssertEqual(handles.count, 3)
        XCTAssertEqual(handles[0].killedWith, SIGKILL, "idle: killed at once")
        XCTAssertFalse(handles[0].inputClosed)
        XCTAssertNil(handles[1].killedWith, "busy: it exited on its own once its input closed")
        XCTAssertTrue(handles[1].inputClosed)
        XCTAssertEqual(handles[2].killedWith, SIGKILL)
        XCTAssertTrue(pool.slots.isEmpty, "every exit was taken in")
    }

    /// When a run has no work left, its idle workers are killed before it finishes (their exit
    /// overlaps the database's closing); a busy one is left alone, and shutdown signals no
    /// killed worker again (its pid may already be reaped and reused).
    func testIdleWorkersKilledEarlyAreNotSignalledAgain() throws {
        let (pool, handles) = try poolWithBusySecondWorker(size: 2)

        pool.killIdle()
        XCTAssertEqual(handles[0].killedWith, SIGKILL)
        XCTAssertNil(handles[1].killedWith, "busy: not killed")
        XCTAssertEqual(pool.slots.count, 2, "collected by shutdown, not here")

        pool.shutdown()
        XCTAssertEqual(handles[0].kills, 1, "not signalled a second time")
        XCTAssertTrue(handles[1].inputClosed)
        XCTAssertEqual(handles[1].kills, 0)
        XCTAssertTrue(pool.slots.isEmpty)
    }
}
