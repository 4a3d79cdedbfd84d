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
        keepFreedBuffers()
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

    /// Buffers up to this size come from the heap, not from a mapping of their own: the largest
    /// glibc accepts (`M_MMAP_THRESHOLD`'s maximum on 64-bit, 32 MiB).
    static let heapBufferMaxBytes: Int32 = 32 << 20
    /// Free memory at the top of the heap is given back to the kernel above this (`M_TRIM_THRESHOLD`).
    static let heapTrimBytes: Int32 = 256 << 20

    /// Makes the page-sized buffers of one page (a 300-dpi gray plane is 8.7 MB, its scaled and
    /// binarised copies a few MB each) reused by the next page instead of mapped afresh.
    ///
    /// glibc maps each allocation above its threshold (128 KiB, raised to the largest freed one
    /// up to 32 MiB) with `mmap` and unmaps it when freed, and trims free memory at the top of
    /// the heap above twice that threshold. A worker searching a page for codes, or
    /// reading a scan, allocates and frees dozens of such buffers a page: each time the kernel
    /// handed over fresh pages and zeroed them, 5.9 % of the workers' time on the real report
    /// PDFs (`clear_page_erms`), and more in page faults. With the thresholds fixed, those
    /// buffers stay in the heap for the next page. The peak is the same (the largest page's
    /// buffers, which the memory limit bounds); the heap keeps it between pages.
    /// Returns whether glibc took both values (it refuses a mapping threshold above its maximum).
    @discardableResult
    static func keepFreedBuffers() -> Bool {
        mallopt(M_MMAP_THRESHOLD, heapBufferMaxBytes) == 1 && mallopt(M_TRIM_THRESHOLD, heapTrimBytes) == 1
    }
}
