import Foundation
import XCTest

/// Runs the built `quire` binary in a scratch folder holding a copy of the runner fixtures.
/// End-to-end tests drive quire exactly as a user (or cron) does.
final class QuireSandbox: Sendable {
    let dir: URL
    let inputs: URL
    var database: String { dir.appendingPathComponent("out/quire.sqlite").path }
    var pipeline: String { dir.appendingPathComponent("pipeline.yml").path }

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/runner")
    }

    /// The `quire` executable built next to the test bundle (or `QUIRE_TEST_BINARY`, e.g. an
    /// older build, to show that a test fails without its fix).
    static var executable: String {
        if let override = ProcessInfo.processInfo.environment["QUIRE_TEST_BINARY"], !override.isEmpty { return override }
        let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                          URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                            .deletingLastPathComponent().appendingPathComponent(".build/debug")]
        for dir in candidates {
            let path = dir.appendingPathComponent("quire").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "quire"
    }

    /// `files`: fixture names to copy into the input folder (all when nil).
    init(files: [String]? = nil) throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-e2e-\(UUID().uuidString)")
        inputs = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let names = try files ?? FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0 != "README.md" }
        for name in names { try add(Self.fixtures.appendingPathComponent(name), as: name) }
    }

    /// Copies a file into the input folder as a file that has been there for an hour (older than
    /// `min_file_age`, as files in a nightly archive are).
    func add(_ source: URL, as name: String) throws {
        let target = inputs.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: target)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: target.path)
    }

    deinit { try? FileManager.default.removeItem(at: dir) }

    /// Writes the pipeline file; `extra` is appended YAML. Tests make their files just before
    /// they run, so the input takes files of any age (`min_file_age: 0`).
    func writePipeline(ocr: Bool = false, barcodes: Bool = true, extra: String = "") throws {
        let yaml = """
            name: e2e
            database: out/quire.sqlite
            inputs:
              - path: in
                min_file_age: 0
            ocr:
              enabled: \(ocr)
            barcodes:
              enabled: \(barcodes)
            \(extra)
            """
        try yaml.write(toFile: pipeline, atomically: true, encoding: .utf8)
    }

    /// Makes the database with no document in it (a run over an empty folder, run #1) and
    /// returns its size in bytes: for tests that then limit how far a file may grow (a full
    /// disk). The pages' results are copied from the log into the database file as a run goes,
    /// so the log no longer fills up first: the database file itself must reach the limit.
    func makeEmptyDatabase(file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("empty.yml").path
        try "name: e2e\ndatabase: out/quire.sqlite\ninputs:\n  - path: empty\n    allow_empty: true\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run(["run", path, "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int ?? 0
    }

    struct Result {
        var status: Int32; var stdout: String; var stderr: String
        /// True when the process outlived its timeout and was killed.
        var timedOut = false
    }

    /// Starts quire; the caller waits or signals.
    func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["OMP_THREAD_LIMIT"] = "1"
        env.removeValue(forKey: "QUIRE_FAULT")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// Runs quire to its end; after `timeout` seconds it is killed (SIGKILL) and the result says so.
    /// After a command that writes pages, the database is checked: a run that ended left no
    /// log beside it, and no row refers to one that is not there (page commits run without
    /// SQLite's foreign-key checks: `ForeignKeyChecks`).
    func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 600,
             file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let (process, out, err) = try start(arguments, environment: environment)
        let result = ChildProcess.finish(process, out: out, err: err, timeout: timeout)
        if ["run", "rerun", "merge"].contains(arguments.first ?? ""), FileManager.default.fileExists(atPath: database) {
            // A run that ended (done, or with failed pages) leaves the database it wrote whole, its
            // log copied and gone. (A dry run, a shard's run and a merge are not checked: they open
            // this file read-only, which may leave an empty log that is not theirs to remove.)
            let wroteIt = ["run", "rerun"].contains(arguments.first ?? "")
                && !arguments.contains("--dry-run") && !arguments.contains { $0.hasPrefix("--shard") }
            if wroteIt && [0, 1].contains(result.status) && !result.timedOut {
                XCTAssertFalse(FileManager.default.fileExists(atPath: database + "-wal"),
                               "the log is left beside the database after `quire \(arguments.joined(separator: " "))`",
                               file: file, line: line)
            }
            let broken = try query("PRAGMA foreign_key_check")
            XCTAssertEqual(broken, [], "rows that refer to missing rows after `quire \(arguments.joined(separator: " "))`",
                           file: file, line: line)
        }
        return result
    }

    /// Runs a query with the sqlite3 shell semantics we need: rows of '|'-joined columns.
    func query(_ sql: String) throws -> [String] {
        // Read-only: a query never creates the database file (quire refuses a 0-byte file it did not make).
        try ChildProcess.run("/usr/bin/sqlite3", ["-readonly", database, sql]).stdout
            .split(separator: "\n").map(String.init)
    }

    func scalar(_ sql: String) throws -> Int { Int(try query(sql).first ?? "") ?? -1 }
}

/// Runs any program the tests need (sqlite3, groff, pdftotext, a shell) to its end, reading
/// both of its outputs while it runs, so that a full pipe never blocks it.
enum ChildProcess {
    /// `environment` is laid over this process's own; a nil value removes the variable.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                    timeout: TimeInterval = 600) throws -> QuireSandbox.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return finish(process, out: out, err: err, timeout: timeout)
    }

    /// Waits for a started process, reading its pipes; after `timeout` seconds it is killed
    /// (SIGKILL) and the result says so.
    static func finish(_ process: Process, out: Pipe, err: Pipe, timeout: TimeInterval) -> QuireSandbox.Result {
        let errData = PipeReader(err), outData = PipeReader(out)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return QuireSandbox.Result(status: process.terminationStatus, stdout: String(decoding: outData.data(), as: UTF8.self),
                                   stderr: String(decoding: errData.data(), as: UTF8.self), timedOut: timedOut)
    }
}

/// Reads a pipe to its end on a background thread.
final class PipeReader: @unchecked Sendable {
    private var bytes = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            bytes = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything written, once the writer closed its end.
    func data() -> Data {
        done.wait()
        return bytes
    }
}
