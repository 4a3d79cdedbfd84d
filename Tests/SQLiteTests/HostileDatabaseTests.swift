import Foundation
import XCTest
@testable import SQLite

/// Hostile database files (issue 15, item 11).
final class HostileDatabaseTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testEverySQLiteErrorNamesTheDatabaseFile() throws {
        let path = dir.appendingPathComponent("named.sqlite").path
        try Database(path: path).execute(script: "CREATE TABLE t(x)")
        var options = Database.OpenOptions()
        options.readOnly = true
        let readOnly = try Database(path: path, options: options)
        XCTAssertThrowsError(try readOnly.execute("INSERT INTO t VALUES (1)")) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(path): SQLite error"), "\(error)")
        }
        XCTAssertThrowsError(try readOnly.execute(script: "CREATE TABLE u(x)")) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(path): "), "\(error)")
        }
        XCTAssertThrowsError(try Database(path: dir.appendingPathComponent("no/such/dir.sqlite").path)) { error in
            XCTAssertTrue("\(error)".contains("no/such/dir.sqlite"), "\(error)")
        }
    }

    func testStaleReadOnlySharedMemoryFileDoesNotBlockWrites() throws {
        let path = dir.appendingPathComponent("wal.sqlite").path
        do {
            let db = try Database(path: path)
            try db.execute(script: "PRAGMA journal_mode = WAL; CREATE TABLE t(x)")
        }
        // Left by one failed attempt under another umask: a -shm with mode 0444.
        let shm = path + "-shm"
        XCTAssertTrue(FileManager.default.createFile(atPath: shm, contents: Data(count: 32_768)))
        XCTAssertEqual(chmod(shm, 0o444), 0)
        let db = try Database(path: path)
        try db.execute(script: "PRAGMA journal_mode = WAL")
        try db.execute("INSERT INTO t VALUES (?)", 1)
        XCTAssertEqual(try db.query("SELECT count(*) FROM t") { $0.int(0) }, [1])
        var info = stat()
        XCTAssertEqual(stat(shm, &info), 0)
        XCTAssertNotEqual(info.st_mode & S_IWUSR, 0, "the owner's write bit is restored")
    }
}
