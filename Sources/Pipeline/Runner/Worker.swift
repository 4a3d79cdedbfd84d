import BinaryCoding
import CSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The worker process: reads `WorkerRequest`s from stdin, runs them with engines created once and
/// reused, and writes `WorkerEvent`s to the coordinator. Started by the coordinator as
/// `quire __worker --memory-mib N` with `OMP_THREAD_LIMIT=1` in its environment.
public enum Worker {
    /// Runs the worker loop until stdin closes. Returns the process exit status.
    public static func main(memoryMiB: Int) -> Int32 {
        // Die with the coordinator, even when it is SIGKILLed: nothing half-done is ever written,
        // because only the coordinator writes, and a page's results are one transaction.
        quire_set_parent_death_signal(SIGKILL)
        if getppid() == 1 { return 0 }
        // The coordinator decides what an interrupt means: it stops and kills its workers, and the
        // pages they held stay pending. A worker that died of a SIGTERM sent to the whole job
        // (Slurm's scancel, a container stop) could otherwise be seen to crash before the
        // coordinator's own signal arrives, and its page be failed.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        if memoryMiB > 0 {
            var limit = rlimit(rlim_cur: rlim_t(memoryMiB) << 20, rlim_max: rlim_t(memoryMiB) << 20)
            setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        }
        // Protocol messages go to a private copy of stdout; whatever a C library prints to
        // stdout lands on stderr instead of corrupting the stream.
        let protocolFD = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let writer = FrameWriter(fd: protocolFD)
        let reader = FrameReader(fd: STDIN_FILENO)
        let decoder = BinaryDecoder()
        let pages = PageWork(faults: FaultInjection())
        do {
            try writer.send(WorkerEvent.ready(pid: getpid()))
            while let frame = try reader.next() {
                let request = try decoder.decode(WorkerRequest.self, from: frame)
                switch request {
                case .settings(let settings):
                    pages.settings = settings
                case .count(let taskID, let document):
                    try writer.send(WorkerEvent.stageStarted(taskID: taskID, stage: .extract))
                    do {
                        try writer.send(WorkerEvent.pageCount(taskID: taskID, count: try pages.pageCount(document)))
                    } catch {
                        try writer.send(WorkerEvent.documentFailed(taskID: taskID, message: describe(error)))
                    }
                    try writer.send(WorkerEvent.finished(taskID: taskID))
                case .page(let task):
                    try pages.run(task) { try writer.send($0) }
                    try writer.send(WorkerEvent.finished(taskID: task.taskID))
                }
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("quire worker: \(error)\n".utf8))
            return 70
        }
    }
}
