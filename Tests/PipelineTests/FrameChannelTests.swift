import BinaryCoding
import Foundation
import XCTest
@testable import Pipeline

/// The worker pipe's frames: whole messages come back whole and in order; a message cut short
/// (a worker that died mid-write) is an error the coordinator reports, never a message.
final class FrameChannelTests: XCTestCase {
    private func pipeFDs() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        return (fds[0], fds[1])
    }

    private func write(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { XCTAssertEqual(Glibc.write(fd, $0.baseAddress, $0.count), bytes.count) }
    }

    func testFramesComeBackWholeAndInOrder() throws {
        let (r, w) = try pipeFDs()
        defer { close(r) }
        let long = String(repeating: "größer ", count: 40_000)   // larger than the pipe and the read chunk
        let events: [WorkerEvent] = [.ready(pid: 42), .stageFailed(taskID: 1, stage: .ocr, message: long), .finished(taskID: 1)]
        let writer = Thread {
            let frames = FrameWriter(fd: w)
            for event in events { try! frames.send(event) }
            close(w)
        }
        writer.start()
        let reader = FrameReader(fd: r)
        var got: [WorkerEvent] = []
        while let payload = try reader.next() { got.append(try BinaryDecoder().decode(WorkerEvent.self, from: payload)) }
        XCTAssertEqual(got.count, 3)
        guard case .ready(42) = got[0], case .stageFailed(1, .ocr, let message) = got[1], case .finished(1) = got[2] else {
            return XCTFail("\(got)")
        }
        XCTAssertEqual(message, long)
    }

    func testATruncatedFrameIsAnErrorNotAMessage() throws {
        let whole = try BinaryEncoder().encode(WorkerEvent.finished(taskID: 7))
        let frame = [UInt8(whole.count), 0, 0, 0] + whole
        for (cut, expected) in [(frame.count - 1, FrameError.truncated(received: frame.count - 1, size: whole.count)),
                                (2, .truncated(received: 2, size: nil)), (Frame.headerSize, .truncated(received: 4, size: whole.count))] {
            let (r, w) = try pipeFDs()
            write(frame + Array(frame[..<cut]), to: w)
            close(w)
            let reader = FrameReader(fd: r)
            XCTAssertEqual(try reader.next(), whole, "the whole frame before the cut one")
            XCTAssertThrowsError(try reader.next()) { XCTAssertEqual($0 as? FrameError, expected) }
            close(r)
        }
        let (r, w) = try pipeFDs()
        write([0xFF, 0xFF, 0xFF, 0xFF, 1, 2], to: w)
        close(w)
        XCTAssertThrowsError(try FrameReader(fd: r).next()) { XCTAssertEqual($0 as? FrameError, .oversized(size: 0xFFFF_FFFF)) }
        close(r)
    }

    /// A worker that dies in the middle of a message: the coordinator gets the messages before
    /// it, then the exit, with the cut message as the worker's last words (what a cut JSON line
    /// gave before), and a library's fatal error in preference to it.
    func testAWorkerThatDiesMidFrameIsReportedWithTheCutMessage() throws {
        let ready = try BinaryEncoder().encode(WorkerEvent.ready(pid: 42))
        let cut = try BinaryEncoder().encode(WorkerEvent.stageFailed(taskID: 1, stage: .layout, message: "never whole"))
        let bytes = [UInt8(ready.count), 0, 0, 0] + ready + [UInt8(cut.count), 0, 0, 0] + cut.prefix(5)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("quire-cut-frame-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for (stderr, lastWords) in [("", "unreadable message from worker: a message cut short: 9 bytes of \(cut.count + 4)"),
                                    ("echo 'Fatal error: boom' >&2; ", "Fatal error: boom")] {
            let events = EventQueue<CoordinatorEvent>()
            let worker = try WorkerProcess(index: 0, start: .exec(executable: "/bin/sh",
                                                                  arguments: ["-c", "cat \"$0\"; \(stderr)exit 3", file.path],
                                                                  environment: [:]),
                                           events: events)
            worker.beginReporting()
            guard case .worker(0, .ready(42)) = events.next(timeout: 10) else { return XCTFail("no ready") }
            guard case .workerExited(0, worker.pid, .exited(3), let words) = events.next(timeout: 10) else {
                return XCTFail("no exit")
            }
            XCTAssertEqual(words, lastWords)
            XCTAssertNil(events.next(timeout: 0.2), "nothing more")
            worker.closeInput()
        }
    }
}
