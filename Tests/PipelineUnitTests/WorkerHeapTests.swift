import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import Pipeline

/// A worker keeps the buffers of one page for the next (`Worker.keepFreedBuffers`): glibc takes
/// both thresholds, and buffers the size of a page's planes, freed together, are not given back
/// to the kernel and faulted in (and zeroed) again on the next page.
final class WorkerHeapTests: XCTestCase {
    func testAPagesBuffersAreReusedByTheNextPage() {
        XCTAssertTrue(Worker.keepFreedBuffers(), "glibc refused a threshold")
        // A page's working set: ten 8 MiB planes (a 300-dpi gray page is 8.7 MB), all freed at its end.
        let size = 8 << 20, count = 10
        func page() {
            let buffers = (0..<count).map { _ in malloc(size)! }
            for b in buffers { memset(b, 1, size) }
            buffers.forEach { free($0) }
        }
        func faults() -> Int {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return usage.ru_minflt
        }
        page()
        let before = faults()
        for _ in 0..<3 { page() }
        let perPage = (faults() - before) / 3
        // Mapped afresh, each page would fault in all its 20,480 pages of 4 KiB.
        XCTAssertLessThan(perPage, count * size / 4096 / 10, "\(perPage) page faults a page")
    }
}
