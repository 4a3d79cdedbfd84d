import Foundation

/// Progress on stderr (stdout stays for machine-readable output): a live line on a terminal,
/// one line per page (`plain`), or JSON lines (`json`, the default when stderr is not a terminal).
/// With a log file, every event is also appended to it as a JSON line.
class ProgressReporter {
    let started = Date()
    var total = 0
    /// The run the events belong to (known from `runStarted`).
    var runID: Int64 = 0

    static func make(_ mode: ProgressMode, logFile: String? = nil) throws -> ProgressReporter {
        let screen: ProgressReporter
        switch mode {
        case .auto: screen = isatty(STDERR_FILENO) != 0 ? LiveProgress() : JSONProgress(sink: .standardError)
        case .plain: screen = PlainProgress()
        case .json: screen = JSONProgress(sink: .standardError)
        case .quiet: screen = ProgressReporter()
        }
        guard let logFile else { return screen }
        return TeeProgress([screen, JSONProgress(sink: try LineSink(appendingTo: logFile))])
    }

    /// Writes one line; control characters in it (from file names, messages) are escaped, so a
    /// name cannot forge progress lines or send the terminal escape sequences.
    func emit(_ line: String) {
        FileHandle.standardError.write(Data((TerminalText.safe(line) + "\n").utf8))
    }

    var elapsed: Double { Date().timeIntervalSince(started) }

    func rate(_ counts: RunCounts) -> Double {
        elapsed > 0 ? Double(counts.pagesDone + counts.pagesFailed) / elapsed * 60 : 0
    }

    // Events; the base class stays silent.
    func runStarted(runID: Int64, pipeline: String, database: String, workers: Int) { self.runID = runID }
    func pagesPlanned(_ count: Int) { total = count }
    func pageFinished(path: String, page: Int, failed: Bool, stage: String?, error: String?, counts: RunCounts) {}
    func documentFailed(path: String, message: String) {}
    func warning(_ message: String) {}
    func note(_ message: String) {}
    func runFinished(_ summary: RunSummary) {}
}

/// Where JSON progress lines go: stderr, or a log file opened for appending.
final class LineSink {
    private let handle: FileHandle
    static var standardError: LineSink { LineSink(handle: .standardError) }

    private init(handle: FileHandle) { self.handle = handle }

    /// Opens (creating it, mode 0644) `path` for appending; each line is one `write(2)` with
    /// `O_APPEND`, so lines of concurrent runs never interleave within a line.
    convenience init(appendingTo path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw LogFileError(path: path, reason: String(cString: strerror(errno)))
        }
        self.init(handle: FileHandle(fileDescriptor: fd, closeOnDealloc: true))
    }

    func write(_ line: String) { handle.write(Data((line + "\n").utf8)) }
}

/// `--log-file PATH` cannot be opened for appending.
public struct LogFileError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public var description: String { "cannot open the log file \(path): \(reason)" }
}

/// Sends every event to several reporters (the screen and the log file).
final class TeeProgress: ProgressReporter {
    private let reporters: [ProgressReporter]
    init(_ reporters: [ProgressReporter]) { self.reporters = reporters }

    override func runStarted(runID: Int64, pipeline: String, database: String, workers: Int) {
        super.runStarted(runID: runID, pipeline: pipeline, database: database, workers: workers)
        reporters.forEach { $0.runStarted(runID: runID, pipeline: pipeline, database: database, workers: workers) }
    }
    override func pagesPlanned(_ count: Int) { super.pagesPlanned(count); reporters.forEach { $0.pagesPlanned(count) } }
    override func pageFinished(path: String, page: Int, failed: Bool, stage: String?, error: String?, counts: RunCounts) {
        reporters.forEach { $0.pageFinished(path: path, page: page, failed: failed, stage: stage, error: error, counts: counts) }
    }
    override func documentFailed(path: String, message: String) { reporters.forEach { $0.documentFailed(path: path, message: message) } }
    override func warning(_ message: String) { reporters.forEach { $0.warning(message) } }
    override func note(_ message: String) { reporters.forEach { $0.note(message) } }
    override func runFinished(_ summary: RunSummary) { reporters.forEach { $0.runFinished(summary) } }
}

final class PlainProgress: ProgressReporter {
    override func runStarted(runID: Int64, pipeline: String, database: String, workers: Int) {
        super.runStarted(runID: runID, pipeline: pipeline, database: database, workers: workers)
        emit("quire: running '\(pipeline)' into \(database) with \(workers) worker(s)")
    }
    override func pagesPlanned(_ count: Int) {
        super.pagesPlanned(count)
        emit("quire: \(count) page(s) to process")
    }
    override func pageFinished(path: String, page: Int, failed: Bool, stage: String?, error: String?, counts: RunCounts) {
        let done = counts.pagesDone + counts.pagesFailed
        emit(failed ? "[\(done)/\(total)] FAILED \(path) page \(page) (\(stage ?? "?")): \(reasonText(error ?? "", path: path))"
                    : "[\(done)/\(total)] \(path) page \(page)")
    }
    override func documentFailed(path: String, message: String) { emit("FAILED \(path): \(reasonText(message, path: path))") }
    override func warning(_ message: String) { emit("warning: \(message)") }
    override func note(_ message: String) { emit("note: \(message)") }
}

final class LiveProgress: ProgressReporter {
    override func runStarted(runID: Int64, pipeline: String, database: String, workers: Int) {
        super.runStarted(runID: runID, pipeline: pipeline, database: database, workers: workers)
        emit("quire: running '\(pipeline)' into \(database) with \(workers) worker(s)")
    }
    override func pageFinished(path: String, page: Int, failed: Bool, stage: String?, error: String?, counts: RunCounts) {
        if failed { clearLine(); emit("FAILED \(path) page \(page) (\(stage ?? "?")): \(reasonText(error ?? "", path: path))") }
        let done = counts.pagesDone + counts.pagesFailed
        let perMinute = rate(counts)
        let eta = perMinute > 0 ? Double(total - done) / perMinute * 60 : 0
        let line = String(format: "\r\u{1B}[2K%d/%d pages · %.1f pages/min · ETA %@ · %d failed",
                          done, total, perMinute, formatDuration(eta), counts.pagesFailed)
        FileHandle.standardError.write(Data(line.utf8))
    }
    override func documentFailed(path: String, message: String) { clearLine(); emit("FAILED \(path): \(reasonText(message, path: path))") }
    override func warning(_ message: String) { clearLine(); emit("warning: \(message)") }
    override func runFinished(_ summary: RunSummary) { clearLine() }
    private func clearLine() { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
}

final class JSONProgress: ProgressReporter {
    private let sink: LineSink
    init(sink: LineSink) { self.sink = sink }

    /// One flat object per line, keys sorted, each with the time (ISO 8601, UTC, milliseconds)
    /// and the run id (written by hand: an event per page, and JSONEncoder cost a few percent
    /// of a born-digital run's coordinator).
    private func event(_ given: [String: JSONValue]) {
        var fields = given
        fields["time"] = .string(iso8601Timestamp())
        fields["run_id"] = .int(Int(runID))
        sink.write(JSONValue.object(fields))
    }

    override func runStarted(runID: Int64, pipeline: String, database: String, workers: Int) {
        super.runStarted(runID: runID, pipeline: pipeline, database: database, workers: workers)
        event(["event": "run_started", "pipeline": .string(pipeline), "database": .string(database), "workers": .int(workers)])
    }
    override func pagesPlanned(_ count: Int) {
        super.pagesPlanned(count)
        event(["event": "pages_planned", "total": .int(count)])
    }
    override func pageFinished(path: String, page: Int, failed: Bool, stage: String?, error: String?, counts: RunCounts) {
        var fields: [String: JSONValue] = ["event": .string(failed ? "page_failed" : "page_done"), "path": .string(path),
                                           "page": .int(page), "done": .int(counts.pagesDone + counts.pagesFailed),
                                           "total": .int(total), "failed": .int(counts.pagesFailed),
                                           "pages_per_minute": .double((rate(counts) * 10).rounded() / 10)]
        if failed { fields["stage"] = stage.map(JSONValue.string) ?? .null; fields["error"] = error.map(JSONValue.string) ?? .null }
        event(fields)
    }
    override func documentFailed(path: String, message: String) {
        event(["event": "document_failed", "path": .string(path), "error": .string(message)])
    }
    override func warning(_ message: String) { event(["event": "warning", "message": .string(message)]) }
    override func note(_ message: String) { event(["event": "note", "message": .string(message)]) }
    override func runFinished(_ s: RunSummary) {
        event(["event": "run_finished", "status": .string(s.status.rawValue), "exit_code": .int(Int(s.exitCode)),
               "failed_pages_waiting": .int(s.failedPagesWaiting), "exhausted_pages": .int(s.exhaustedPages),
               "document_pass_pages": .int(s.documentPassPages),
               "pages_done": .int(s.counts.pagesDone), "pages_failed": .int(s.counts.pagesFailed),
               "pages_skipped": .int(s.counts.pagesSkipped), "documents_new": .int(s.counts.documentsNew),
               "documents_failed": .int(s.counts.documentsFailed), "documents_moved": .int(s.counts.documentsMoved),
               "documents_missing": .int(s.counts.documentsMissing), "documents_skipped": .int(s.counts.documentsSkipped),
               "files_too_young": .int(s.counts.filesTooYoung), "seconds": .double((s.seconds * 100).rounded() / 100),
               "pages_per_minute": .double((s.pagesPerMinute * 10).rounded() / 10)])
    }
}

/// A small JSON value for progress events.
public enum JSONValue: ExpressibleByStringLiteral, Equatable, Sendable, Encodable {
    case string(String), int(Int), double(Double), null
    public init(stringLiteral value: String) { self = .string(value) }

    /// The value as written: whole numbers as integers (`"seconds":3`); JSON cannot hold
    /// non-finite numbers: null.
    var written: JSONValue {
        switch self {
        case .double(let d) where !d.isFinite: return .null
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: return .int(Int(d))
        default: return self
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch written {
        case .null: try container.encodeNil()
        case .int(let i): try container.encode(i)
        case .double(let d): try container.encode(d)
        case .string(let s): try container.encode(s)
        }
    }

    /// One flat JSON object, keys sorted: `{"a":1,"b":"x"}`, as `JSONEncoder` (`.sortedKeys`,
    /// `.withoutEscapingSlashes`) writes `fields` through `encode(to:)` (`JSONText`, one event a
    /// page; `ProgressJSONTests` hold the two equal).
    public static func object(_ fields: [String: JSONValue]) -> String {
        var json = JSONText(capacity: 64 * fields.count, escapingSlashes: false)
        json.object { o in
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
                switch value.written {
                case .string(let s): o.field(key, s)
                case .int(let i): o.field(key, i)
                // Finite (`written`): cannot throw.
                case .double(let d): try? o.field(key, d)
                case .null: o.nullField(key)
                }
            }
        }
        return escapingTerminalControls(json.string)
    }

    /// JSONEncoder escapes only U+0000–U+001F; C1 and bidi controls, which a terminal acts on,
    /// are written as `\uXXXX` too (they can only stand inside strings, so the JSON means the same).
    static func escapingTerminalControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: TerminalText.needsEscape) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if TerminalText.needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Now as ISO 8601 in UTC with milliseconds: `2026-12-01T02:50:36.123Z`.
public func iso8601Timestamp() -> String {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    var seconds = ts.tv_sec
    var t = tm()
    gmtime_r(&seconds, &t)
    return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(t.tm_year) + 1900, Int(t.tm_mon) + 1, Int(t.tm_mday),
                  Int(t.tm_hour), Int(t.tm_min), Int(t.tm_sec), Int(ts.tv_nsec / 1_000_000))
}

func formatDuration(_ seconds: Double) -> String {
    let s = Int(seconds.rounded())
    return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
}
