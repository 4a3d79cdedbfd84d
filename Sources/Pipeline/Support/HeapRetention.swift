import CSystem

/// How much freed memory glibc's malloc keeps for the next page instead of handing it back to
/// the kernel, set once as a quire process starts (the workers it forks inherit it).
///
/// glibc's defaults suit a program whose allocations settle: blocks from 128 KiB up are mapped
/// on their own and unmapped when freed (the threshold then rises to the largest such block
/// freed), and free memory at the top of the heap is handed back once it passes twice that
/// threshold. A worker's pages do not settle: each allocates a few MiB (a page's glyphs, words
/// and lines; a scan's images) and frees it all, so the heap was trimmed after almost every
/// page and the next page's memory was faulted in and zeroed by the kernel again — 8 % of a
/// born-digital worker's samples in `perf` went to page faults, `brk` and `munmap`.
///
/// Measured in bench/RESULTS.md (round31): born-digital runs ≈ 0.95× wall, peak RSS unchanged.
/// A worker keeps at most `keptFree` of freed memory at the top of its heap; a block of
/// `mappedFrom` or more (a 35-MP photo's pixels) that the heap's free memory cannot hold is
/// still mapped on its own and handed back as soon as it is freed, so the worker memory cap
/// (RLIMIT_AS) sees what it did, and at most `keptFree` more.
public enum HeapRetention {
    /// Blocks this size and larger are mapped on their own, and unmapped when freed, unless
    /// the heap's free memory holds them (32 MiB: the highest glibc's own threshold ever rises
    /// to on 64-bit).
    public static let mappedFrom = 32 << 20
    /// Free memory at the top of the heap is handed back only past this much.
    public static let keptFree = 64 << 20

    /// Sets both thresholds for this process. False when glibc refused them.
    @discardableResult
    public static func apply() -> Bool {
        quire_set_malloc_thresholds(Int32(mappedFrom), Int32(keptFree)) == 1
    }

    /// The heap's size, the free bytes inside it, and the bytes in blocks mapped on their own.
    public static func usage() -> (heap: Int, free: Int, mapped: Int) {
        var heap = 0, free = 0, mapped = 0
        quire_malloc_usage(&heap, &free, &mapped)
        return (heap, free, mapped)
    }
}
