import Foundation

/// Progress on stderr (stdout stays for machine-readable output): a live line on a terminal,
/// one line per page (`plain`), or JSON lines (`json`, the default when stderr is not a terminal).
class ProgressReporter {
    let started = Date()
    var total = 0

    static func make(_ mode: ProgressMode) -> ProgressReporter {
        switch mode {
        case .auto: return isatty(STDERR_FILENO) != 0 ? LiveProgress() : JSONProgress()
        case .plain: return PlainProgress()
        case .json: return JSONProgress()
        case .quiet: return ProgressReporter()
        }
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
    func runStarted(pipeline: String, database: String, workers: Int) {}
    func pagesPlanned(_ count: Int) { total = count }
    func pageFinished(path: String, page: Int, failed: Bool, stage: String?, error: String?, counts: RunCounts) {}
    func documentFailed(path: String, message: String) {}
    func warning(_ message: String) {}
    func note(_ message: String) {}
    func runFinished(_ summary: RunSummary) {}
}

final class PlainProgress: ProgressReporter {
    override func runStarted(pipeline: String, database: String, workers: Int) {
        emit("quire: running '\(pipeline)' into \(database) with \(workers) worker(s)")
    }
    override func pagesPlanned(_ count: Int) {
        super.pagesPlanned(count)
        emit("quire: \(count) page(s) to process")
    }
    override func pageFinished(path: String, page: Int, failed: Bool, stage: String?, error: String?, counts: RunCounts) {
        let done = counts.pagesDone + counts.pagesFailed
        emit(failed ? "[\(done)/\(total)] FAILED \(path) page \(page) (\(stage ?? "?")): \(error ?? "")"
                    : "[\(done)/\(total)] \(path) page \(page)")
    }
    override func documentFailed(path: String, message: String) { emit("FAILED \(path): \(message)") }
    override func warning(_ message: String) { emit("warning: \(message)") }
}

final class LiveProgress: ProgressReporter {
    override func runStarted(pipeline: String, database: String, workers: Int) {
        emit("quire: running '\(pipeline)' into \(database) with \(workers) worker(s)")
    }
    override func pageFinished(path: String, page: Int, failed: Bool, stage: String?, error: String?, counts: RunCounts) {
        if failed { clearLine(); emit("FAILED \(path) page \(page) (\(stage ?? "?")): \(error ?? "")") }
        let done = counts.pagesDone + counts.pagesFailed
        let perMinute = rate(counts)
        let eta = perMinute > 0 ? Double(total - done) / perMinute * 60 : 0
        let line = String(format: "\r\u{1B}[2K%d/%d pages · %.1f pages/min · ETA %@ · %d failed",
                          done, total, perMinute, formatDuration(eta), counts.pagesFailed)
        FileHandle.standardError.write(Data(line.utf8))
    }
    override func documentFailed(path: String, message: String) { clearLine(); emit("FAILED \(path): \(message)") }
    override func warning(_ message: String) { clearLine(); emit("warning: \(message)") }
    override func runFinished(_ summary: RunSummary) { clearLine() }
    private func clearLine() { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
}

final class JSONProgress: ProgressReporter {
    /// One flat object per line, keys sorted (written by hand: an event per page, and
    /// JSONEncoder cost a few percent of a born-digital run's coordinator).
    private func event(_ fields: [String: JSONValue]) {
        var line = "{"
        for (i, key) in fields.keys.sorted().enumerated() {
            if i > 0 { line += "," }
            JSONValue.string(key).write(to: &line)
            line += ":"
            fields[key]!.write(to: &line)
        }
        line += "}"
        emit(line)
    }

    override func runStarted(pipeline: String, database: String, workers: Int) {
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
    override func runFinished(_ s: RunSummary) {
        event(["event": "run_finished", "status": .string(s.status.rawValue), "run_id": .int(Int(s.runID)),
               "pages_done": .int(s.counts.pagesDone), "pages_failed": .int(s.counts.pagesFailed),
               "pages_skipped": .int(s.counts.pagesSkipped), "documents_new": .int(s.counts.documentsNew),
               "documents_failed": .int(s.counts.documentsFailed), "seconds": .double((s.seconds * 100).rounded() / 100),
               "pages_per_minute": .double((s.pagesPerMinute * 10).rounded() / 10)])
    }
}

/// A small JSON value for progress events.
enum JSONValue: ExpressibleByStringLiteral, Equatable {
    case string(String), int(Int), double(Double), null
    init(stringLiteral value: String) { self = .string(value) }

    /// Appends the value as JSON text (RFC 8259: quotes, backslashes and control characters
    /// escaped — C1 and bidi controls too, which a terminal would act on; non-finite numbers,
    /// which JSON cannot hold, as null).
    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)) : "null"
        case .string(let s):
            out += "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where TerminalText.needsEscape(scalar):
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            out += "\""
        }
    }
}

func formatDuration(_ seconds: Double) -> String {
    let s = Int(seconds.rounded())
    return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
}
