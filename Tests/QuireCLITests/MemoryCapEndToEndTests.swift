import Foundation
import XCTest
import Pipeline

/// `run.worker_memory_mib` at the smallest cap `validate` allows for a pixel budget must still
/// process every page of that budget: a scan on pages of five sizes (A5 to A3, so a worker's
/// buffers change size from page to page), read by OCR with barcodes and layout on, one worker.
/// With 224 + 8 MiB per megapixel alone, 256 MiB at a 4-megapixel budget, 296 at 9 and 424 at
/// 25 failed pages out of memory (`RunSettings.minimumWorkerMemoryMiB`).
final class MemoryCapEndToEndTests: XCTestCase {
    func testEveryPageFitsUnderTheSmallestCapValidateAllows() throws {
        let fixture = QuireSandbox.fixtures.deletingLastPathComponent().appendingPathComponent("extract/mixed_sizes.pdf")
        for megapixels in [4, 9, 25] {
            let cap = RunSettings.minimumWorkerMemoryMiB(maxPixels: megapixels * 1_000_000)
            let box = try QuireSandbox(files: [])
            try box.add(fixture, as: "mixed_sizes.pdf")
            try box.writePipeline(ocr: true, extra: """
                extract:
                  max_megapixels: \(megapixels)
                run:
                  workers: 1
                  worker_memory_mib: \(cap)
                """)
            let result = try box.run(["run", box.pipeline, "--quiet"])
            XCTAssertEqual(result.status, 0, "\(megapixels) MP at \(cap) MiB: \(result.stderr)")
            XCTAssertEqual(try box.query("SELECT page_number || ' ' || status || ' ' || coalesce(error, '') FROM pages ORDER BY 1"),
                           (1...5).map { "\($0) done " }, "\(megapixels) MP at \(cap) MiB")
            // The pages were read (a blank raster would pass too): each holds the scan's words.
            XCTAssertEqual(try box.scalar("SELECT count(DISTINCT page_id) FROM words WHERE text LIKE '%4711%'"), 5)
        }
    }
}
