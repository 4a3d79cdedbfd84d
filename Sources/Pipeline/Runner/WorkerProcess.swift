import BinaryCoding
import CSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One worker process as the coordinator sees it: started (``Start``), fed requests on its
/// stdin, read by two threads (protocol frames on stdout, diagnostics on stderr) that post to the
/// coordinator's event queue once ``beginReporting()`` is called. Killing it costs at most the
/// page it holds.
final class WorkerProcess: WorkerHandle {
    let index: Int
    let pid: pid_t
    private let stdinFD: Int32
    private let writer: FrameWriter
    private let events: EventQueue<CoordinatorEvent>
    /// The coordinator's ends of the worker's stdout and stderr, until their readers start.
    private var unread: (stdout: Int32, stderr: Int32)?
    /// The last lines the worker wrote to stderr (a library's assertion text, for crash reports).
    private let stderrTail = StderrTail()

    /// How the worker process comes to be.
    enum Start {
        /// `posix_spawn` of `executable` (quire itself, `__worker`): the worker loads quire's
        /// ≈ 130 shared libraries again.
        case exec(executable: String, arguments: [String], environment: [String: String])
        /// `fork()` of the coordinator, the child running `main` and exiting with what it
        /// returns: no second start-up (≈ 40 ms of CPU a worker). Only while the coordinator has
        /// a single thread (``WorkerPool/forkable(executable:)``).
        case fork(main: () -> Int32)
    }

    struct SpawnError: Error, CustomStringConvertible {
        let message: String
        var description: String { "cannot start a worker process: \(message)" }
    }

    init(index: Int, start: Start, events: EventQueue<CoordinatorEvent>) throws {
        self.index = index
        self.events = events
        // pipe2(O_CLOEXEC): close-on-exec from birth (no window where another thread's spawn
        // inherits them). When a later pipe cannot be made, the ones already made are closed.
        var made: [[Int32]] = []
        for _ in 0..<3 {
            var fds: [Int32] = [-1, -1]
            guard quire_pipe_cloexec(&fds) == 0 else {
                let reason = String(cString: strerror(errno))
                for pair in made { pair.forEach { close($0) } }
                throw SpawnError(message: "pipe: \(reason)")
            }
            made.append(fds)
        }
        let toChild = made[0], fromChild = made[1], errChild = made[2]
        let started: Result<pid_t, SpawnError>
        switch start {
        case .exec(let executable, let arguments, let environment):
            started = Self.spawn(executable: executable, arguments: arguments, environment: environment,
                                 stdin: toChild[0], stdout: fromChild[1], stderr: errChild[1])
        case .fork(let main):
            // What the coordinator has buffered for stdout must not be written a second time by the child.
            fflush(nil)
            let child = quire_fork_worker(toChild[0], fromChild[1], errChild[1])
            if child == 0 { _exit(main()) }
            started = child > 0 ? .success(child) : .failure(SpawnError(message: "fork: \(String(cString: strerror(errno)))"))
        }
        close(toChild[0]); close(fromChild[1]); close(errChild[1])
        switch started {
        case .failure(let error):
            close(toChild[1]); close(fromChild[0]); close(errChild[0])
            throw error
        case .success(let child):
            pid = child
        }
        stdinFD = toChild[1]
        writer = FrameWriter(fd: stdinFD)
        unread = (fromChild[0], errChild[0])
    }

    /// `posix_spawn` with the three pipe ends as the child's stdin, stdout and stderr.
    private static func spawn(executable: String, arguments: [String], environment: [String: String],
                              stdin: Int32, stdout: Int32, stderr: Int32) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stdout, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stderr, STDERR_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Workers get the default signal dispositions (the coordinator ignores SIGPIPE).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var childPID: pid_t = 0
        let rc = withCStrings(argv) { cArgv in
            withCStrings(envp) { cEnvp in
                posix_spawn(&childPID, executable, &actions, &attributes, cArgv, cEnvp)
            }
        }
        guard rc == 0 else { return .failure(SpawnError(message: "\(executable): \(String(cString: strerror(rc)))")) }
        return .success(childPID)
    }

    /// Starts the threads that read the worker's output. Separate from starting the process so
    /// that a pool starts all its workers while the coordinator still has one thread (``Start/fork(main:)``).
    func beginReporting() {
        guard let (stdoutFD, stderrFD) = unread else { return }
        unread = nil
        startReaders(stdoutFD: stdoutFD, stderrFD: stderrFD, events: events)
    }

    private func startReaders(stdoutFD: Int32, stderrFD: Int32, events: EventQueue<CoordinatorEvent>) {
        let index = self.index, pid = self.pid, tail = self.stderrTail
        let errThread = Thread {
            let reader = LineReader(fd: stderrFD)
            while let line = reader.nextLine() { tail.append(String(decoding: line, as: UTF8.self)) }
            close(stderrFD)
            tail.markClosed()
        }
        errThread.start()
        let outThread = Thread {
            let reader = FrameReader(fd: stdoutFD)
            let decoder = BinaryDecoder()
            while true {
                let frame: [UInt8]
                do throws(FrameError) {
                    guard let next = try reader.next() else { break }
                    frame = next
                } catch {
                    // Cut short (the worker died mid-message) or not a frame: its last words.
                    tail.append("unreadable message from worker: \(error)")
                    if case .oversized = error { reader.drain() }
                    break
                }
                do {
                    events.post(.worker(index: index, event: try decoder.decode(WorkerEvent.self, from: frame)))
                } catch {
                    tail.append("unreadable message from worker: \(error)")
                }
            }
            close(stdoutFD)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            // Give the stderr reader a moment (at most 100 ms) to collect the last words of a crash.
            for _ in 0..<100 where !tail.closed { usleep(1_000) }
            events.post(.workerExited(index: index, pid: pid, termination: Termination(waitStatus: status),
                                      lastWords: tail.last))
        }
        outThread.start()
    }

    func send(_ request: WorkerRequest) throws { try writer.send(request) }

    /// Ends the worker at once (timeout, shutdown): its reader thread then reports the exit.
    func kill(signal: Int32) { _ = Glibc.kill(pid, signal) }

    /// Closes its stdin: an idle worker then exits on its own.
    func closeInput() { close(stdinFD) }
}

/// How a worker process ended.
enum Termination: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    init(waitStatus s: Int32) {
        if s & 0x7f == 0 { self = .exited((s >> 8) & 0xff) } else { self = .signaled(s & 0x7f) }
    }

    var description: String {
        switch self {
        case .exited(let code): return "exited with status \(code)"
        case .signaled(let sig): return "killed by \(Termination.signalName(sig))"
        }
    }

    static func signalName(_ sig: Int32) -> String {
        let names: [Int32: String] = [SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGKILL: "SIGKILL", SIGBUS: "SIGBUS",
                                      SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGFPE: "SIGFPE", SIGTERM: "SIGTERM",
                                      SIGINT: "SIGINT"]
        return names[sig] ?? "signal \(sig)"
    }
}

/// The last few stderr lines of a worker, shared between its reader threads.
final class StderrTail: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var isClosed = false

    /// The worker's stderr has reached its end (it exited, or closed it).
    var closed: Bool { lock.lock(); defer { lock.unlock() }; return isClosed }
    func markClosed() { lock.lock(); isClosed = true; lock.unlock() }

    func append(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        lines.append(line)
        if lines.count > 64 { lines.removeFirst(lines.count - 64) }
    }
    /// The most telling recent line: an assertion or fatal error when there is one, else the
    /// last line that is not part of a stack dump.
    var last: String? {
        lock.lock(); defer { lock.unlock() }
        let meaningful = lines.filter { line in
            let t = line.trimmingCharacters(in: .whitespaces)
            return !t.isEmpty && !t.hasPrefix("Stack dump") && !(t.first?.isNumber ?? false) && !t.hasPrefix("#")
        }
        return meaningful.last { $0.localizedCaseInsensitiveContains("fatal error") || $0.localizedCaseInsensitiveContains("assert") }
            ?? meaningful.last
    }
}

private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
