import Foundation
import XCTest
@testable import Pipeline

/// The run lock refuses a second run only while another process holds it: a run that ends while
/// the second one names it (its lock file and runs table still say it runs) leaves the lock free,
/// and the second run takes it. The other holder here is a second open file description in this
/// process (flock(2) locks conflict between descriptions, as between processes); it lets go from
/// inside the holder lookup, the moment a real run could end.
final class RunLockTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("runlock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// Opens `path` and holds an exclusive flock on it, with `note` written in (as a run's "pid N").
    private func hold(_ path: String, note: String? = nil) throws -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
        if let note { _ = note.withCString { write(fd, $0, strlen($0)) } }
        return fd
    }

    /// A database file, and a flock held on it through a hard link (another path, so another lock file).
    private func databaseHeldThroughAHardLink() throws -> (database: String, holder: Int32) {
        let database = dir.appendingPathComponent("quire.sqlite").path
        FileManager.default.createFile(atPath: database, contents: Data())
        let link = dir.appendingPathComponent("link.sqlite").path
        XCTAssertEqual(Foundation.link(database, link), 0)
        return (database, try hold(link))
    }

    func testALockFileLetGoWhileItsHolderIsNamedIsTaken() throws {
        let database = dir.appendingPathComponent("quire.sqlite").path
        let other = try hold(RunLock.lockPath(for: database), note: "pid 999999\n")
        var asked = 0
        let lock = try RunLock(databasePath: database, runningRun: { _ in
            asked += 1
            close(other)   // the other run ends now
            return "run #1, pid 999999, started 2026-12-05T00:00:00Z"
        })
        XCTAssertEqual(asked, 1, "the holder is looked up once the first try fails")
        XCTAssertEqual(try String(contentsOfFile: lock.path, encoding: .utf8), "pid \(getpid())\n")
    }

    func testALockFileHeldIsRefusedNamingItsHolder() throws {
        let database = dir.appendingPathComponent("quire.sqlite").path
        let other = try hold(RunLock.lockPath(for: database), note: "pid 999999\n")
        defer { close(other) }
        XCTAssertThrowsError(try RunLock(databasePath: database, runningRun: { _ in nil })) { error in
            guard case let Store.OpenError.busy(_, holder) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(holder, "pid 999999")
        }
        XCTAssertThrowsError(try RunLock(databasePath: database, runningRun: { _ in "run #4, pid 999999" })) { error in
            guard case let Store.OpenError.busy(_, holder) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(holder, "run #4, pid 999999")
        }
    }

    /// Through a hard link the path lock is another file; the database file's own lock is shared.
    func testADatabaseFileLetGoThroughAHardLinkIsTaken() throws {
        let (database, other) = try databaseHeldThroughAHardLink()
        let lock = try RunLock(databasePath: database, runningRun: { _ in
            close(other)
            return nil
        })
        XCTAssertNotNil(lock.identity)
    }

    /// The holder is named from /proc/locks however long that table is: with 300 more locks
    /// (a busy server's) its line lies far past the first 4 KB that Foundation's readers took.
    func testTheHolderIsNamedFromALongLockTable() throws {
        let (database, other) = try databaseHeldThroughAHardLink()
        defer { close(other) }
        // Taken after the holder's, listed before it (the kernel lists the newest first).
        let others = try (0..<300).map { try hold(dir.appendingPathComponent("other-\($0)").path) }
        defer { others.forEach { close($0) } }
        XCTAssertGreaterThan(ProcFile.read("/proc/locks")?.utf8.count ?? 0, 8_192)
        XCTAssertThrowsError(try RunLock(databasePath: database, runningRun: { _ in nil })) { error in
            guard case let Store.OpenError.busy(_, holder) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(holder.hasPrefix("pid \(getpid())"), holder)
        }
    }

    func testADatabaseFileHeldThroughAHardLinkIsRefusedNamingThisProcess() throws {
        let (database, other) = try databaseHeldThroughAHardLink()
        defer { close(other) }
        XCTAssertThrowsError(try RunLock(databasePath: database, runningRun: { _ in nil })) { error in
            guard case let Store.OpenError.busy(_, holder) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(holder.hasPrefix("pid \(getpid())"), holder)
        }
    }
}
