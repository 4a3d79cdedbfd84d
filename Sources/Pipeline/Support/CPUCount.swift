import CSystem
import Foundation

/// The CPUs this process may use: those of its affinity mask (`sched_getaffinity`: `taskset`,
/// Slurm's `--cpus-per-task` with task affinity) capped by its cgroup v2 CPU quota (`cpu.max`: a
/// pod's CPU limit, Slurm's cgroup plugin), not the host's core count.
public enum CPUCount {
    public static func available() -> Int {
        let cpus = affinity() ?? ProcessInfo.processInfo.activeProcessorCount
        guard let quota = cgroupQuota() else { return max(1, cpus) }
        return max(1, min(cpus, quota))
    }

    /// Number of CPUs in the affinity mask (nil when it cannot be read).
    public static func affinity() -> Int? {
        let count = Int(quire_affinity_cpu_count())
        return count > 0 ? count : nil
    }

    /// CPUs the cgroup v2 quota allows (`quota period` → ⌈quota / period⌉), the tightest of this
    /// process's cgroup and its parents; nil when there is none (`max`) or no cgroup v2.
    public static func cgroupQuota(root: String = "/sys/fs/cgroup", cgroupFile: String = "/proc/self/cgroup") -> Int? {
        let own = ProcFile.read(cgroupFile)?
            .split(separator: "\n").first { $0.hasPrefix("0::") }.map { String($0.dropFirst(3)) } ?? "/"
        var folder = own
        var tightest: Int?
        while true {
            let file = root + (folder == "/" ? "" : folder) + "/cpu.max"
            if let text = try? String(contentsOfFile: file, encoding: .utf8), let cpus = parseCPUMax(text) {
                tightest = min(tightest ?? cpus, cpus)
            }
            if folder == "/" || folder.isEmpty { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return tightest
    }

    /// `"200000 100000"` → 2; `"150000 100000"` → 2 (a part of a CPU still runs a worker); `"max 100000"` → nil.
    public static func parseCPUMax(_ text: String) -> Int? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard parts.count >= 1, let quota = Double(parts[0]) else { return nil }
        let period = parts.count > 1 ? Double(parts[1]) ?? 100_000 : 100_000
        guard quota > 0, period > 0 else { return nil }
        return max(1, Int((quota / period).rounded(.up)))
    }
}
