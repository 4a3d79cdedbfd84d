import Foundation
import XCTest
@testable import Pipeline

/// The allocator settings a quire process starts with (``HeapRetention``), observed through
/// glibc's own accounting (mallinfo2) on real blocks.
final class HeapRetentionTests: XCTestCase {
    override func setUp() {
        XCTAssertTrue(HeapRetention.apply(), "glibc takes both thresholds")
    }

    /// A page's worth of memory (20 MiB here, in blocks of 1 MiB as a page's arrays come) is
    /// taken from the heap and, once freed, kept there for the next page: the heap does not
    /// shrink and nothing of it was mapped on its own.
    func testAFreedPageOfMemoryStaysInTheHeap() throws {
        let before = HeapRetention.usage()
        let blocks = (0..<20).map { _ in malloc(1 << 20)! }
        for b in blocks { memset(b, 1, 1 << 20) }
        let holding = HeapRetention.usage()
        XCTAssertLessThan(holding.mapped - before.mapped, 1 << 20, "1-MiB blocks are not mapped on their own")
        XCTAssertGreaterThanOrEqual(holding.heap - before.heap + before.free, 20 << 20)
        for b in blocks { free(b) }
        let after = HeapRetention.usage()
        XCTAssertGreaterThanOrEqual(after.heap, holding.heap, "the heap is not trimmed below 64 MiB of free memory")
        XCTAssertGreaterThanOrEqual(after.free, 20 << 20, "the freed 20 MiB wait in the heap for the next page")
    }

    /// A block of 32 MiB or more (a large photo's pixels) that the heap's free memory cannot
    /// hold is mapped on its own and handed back to the kernel as soon as it is freed, so a
    /// worker's memory cap sees what it did. (Smaller than the heap's free memory, it is taken
    /// from there: what earlier tests of the process freed decides, so the block here is larger
    /// than all of it.)
    func testALargeBlockIsMappedAndHandedBack() throws {
        let before = HeapRetention.usage()
        let size = max(HeapRetention.mappedFrom, before.free) + (8 << 20)
        let block = try XCTUnwrap(malloc(size))
        memset(block, 1, size)
        XCTAssertGreaterThanOrEqual(HeapRetention.usage().mapped - before.mapped, size)
        free(block)
        XCTAssertLessThan(HeapRetention.usage().mapped - before.mapped, 1 << 20)
    }
}
