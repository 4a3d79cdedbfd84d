import DocumentModel
import Foundation
import Imaging
import XCTest
@testable import Pipeline

/// Hostile inputs to the extract stage (issue 15, item 9), generated at test time.
final class HostileExtractTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Gray level of page `k` in the generated TIFF.
    private func level(_ k: Int) -> UInt32 { UInt32(k * 7 % 256) }

    func testManyPageTIFFIsReadPageByPageWithoutRewalkingTheChain() throws {
        let count = 2_000
        let tiff = ManyPageTIFF(pages: count, side: 8, level: { UInt8(self.level($0)) })
        let path = folder.appendingPathComponent("many.tif").path
        try Data(tiff.bytes).write(to: URL(fileURLWithPath: path))
        let document = DocumentRef(id: 1, path: path, kind: .tiff)
        let extractor = PageExtractor()
        XCTAssertEqual(try extractor.pageCount(of: document), count)
        // Every page, in order, is the right one.
        for k in 1...count {
            let page = try extractor.extract(document, page: k, settings: ExtractSettings())
            XCTAssertEqual(page.image.pixel(x: 3, y: 3), level(k), "page \(k)")
        }
        // The reader goes straight to a page's directory: with every directory between the first
        // and the last made unreadable, the last page still reads. A reader that walks the chain
        // from the start for each page (O(n) per page, O(n²) per file) cannot get past page 1.
        var bytes = tiff.bytes
        for k in 2..<count { bytes[tiff.directoryOffsets[k - 1]] = 0; bytes[tiff.directoryOffsets[k - 1] + 1] = 0 }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let last = try extractor.extract(document, page: count, settings: ExtractSettings())
        XCTAssertEqual(last.image.pixel(x: 3, y: 3), level(count))
    }

    /// libtiff walks the chain (TIFFDirectories): a chain that loops back, or that links to a
    /// directory past the end of the file, ends there; no page is counted twice, nothing hangs.
    func testATIFFDirectoryChainThatLoopsOrRunsOffTheFileEndsThere() throws {
        let tiff = ManyPageTIFF(pages: 5, side: 8, level: { UInt8(self.level($0)) })
        let path = folder.appendingPathComponent("loop.tif").path
        let document = DocumentRef(id: 1, path: path, kind: .tiff)
        // The last directory's next-link (the 4 bytes that end the file) points back at the second.
        var looped = tiff.bytes
        let second = tiff.directoryOffsets[1]
        for b in 0..<4 { looped[looped.count - 4 + b] = UInt8(second >> (8 * b) & 0xFF) }
        try Data(looped).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try PageExtractor().pageCount(of: document), 5)
        // ... or past the end of the file.
        var cut = tiff.bytes
        for b in 0..<4 { cut[cut.count - 4 + b] = b == 3 ? 0x7F : 0xFF }
        try Data(cut).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try PageExtractor().pageCount(of: document), 5)
        let page = try PageExtractor().extract(document, page: 5, settings: ExtractSettings())
        XCTAssertEqual(page.image.pixel(x: 3, y: 3), level(5))
    }
}

/// An uncompressed little-endian TIFF of `pages` square 8-bit gray pages, page k filled with
/// `level(k)`. Each directory follows its pixels; the chain links them in page order.
struct ManyPageTIFF {
    var bytes: [UInt8] = []
    var directoryOffsets: [Int] = []

    init(pages: Int, side: Int, level: (Int) -> UInt8) {
        bytes = [0x49, 0x49, 42, 0, 0, 0, 0, 0]
        var linkAt = 4
        for k in 1...pages {
            let dataAt = bytes.count
            bytes += [UInt8](repeating: level(k), count: side * side)
            if bytes.count % 2 == 1 { bytes.append(0) }
            let ifd = bytes.count
            put32(ifd, at: linkAt)
            directoryOffsets.append(ifd)
            let entries: [(tag: Int, type: Int, value: Int)] = [
                (256, 3, side), (257, 3, side), (258, 3, 8), (259, 3, 1), (262, 3, 1),
                (273, 4, dataAt), (277, 3, 1), (278, 3, side), (279, 4, side * side),
            ]
            bytes += le(entries.count, 2)
            for e in entries { bytes += le(e.tag, 2) + le(e.type, 2) + le(1, 4) + le(e.value, 4) }
            linkAt = bytes.count
            bytes += [0, 0, 0, 0]
        }
    }

    private func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(v >> (8 * $0) & 0xFF) } }
    private mutating func put32(_ v: Int, at i: Int) { for b in 0..<4 { bytes[i + b] = UInt8(v >> (8 * b) & 0xFF) } }
}
