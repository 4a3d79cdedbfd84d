@testable import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// A compact PDF417 whose right corners zxing-cpp 1.4 gives as (0, 0) gets its right edge from
/// its rows (``PDF417RightEdge``; fixture of scripts/fixtures/barcodes_pdf417_edge.py).
final class PDF417RightEdgeTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/barcodes-pdf417-edge")

    /// The symbol spans x 52–258, y 72–152: its bounds must cover that, not reach back to x = 0
    /// (without the repair they are x 0–53, and the page is painted out over the wrong area).
    func testCompactPDF417GetsItsRightEdge() throws {
        let path = Self.folder.appendingPathComponent("compact_pdf417_blurred.png").path
        let image = try XCTUnwrap(Image(readingForTests: path), "cannot read fixture \(path)")
        let read = try BarcodeReader().read(image, pass: .fast)
        XCTAssertEqual(read.map { "\($0.symbology.rawValue)|\($0.payload)" }, ["pdf417|CP QB9YZK6X"])
        let bounds = try XCTUnwrap(read.first?.bounds)
        XCTAssertGreaterThanOrEqual(bounds.minX, 45)
        XCTAssertLessThanOrEqual(bounds.minX, 60)
        XCTAssertGreaterThanOrEqual(bounds.maxX, 250)
        XCTAssertLessThanOrEqual(bounds.maxX, 268)
    }

    /// Corners that are all known are left alone; a row with no quiet zone before the border
    /// gives no edge.
    func testOnlyMissingRightCornersAreRepaired() {
        let width = 160, height = 40
        var gray = [UInt8](repeating: 255, count: width * height)
        for y in 5..<35 { for x in 10..<110 where (x - 10) < 16 || (x / 4) % 2 == 0 { gray[y * width + x] = 0 } }
        let edge = PDF417RightEdge(gray: gray, width: width, height: height)
        XCTAssertNil(edge.repaired([(10, 5), (109, 5), (109, 34), (10, 34)]))
        let repaired = edge.repaired([(10, 5), (0, 0), (0, 0), (10, 34)])
        XCTAssertEqual(repaired.map { Int($0[1].x.rounded()) } ?? -1, 109, accuracy: 3)
        var noQuietZone = gray
        for y in 0..<height { for x in 100..<width { noQuietZone[y * width + x] = 0 } }
        XCTAssertNil(PDF417RightEdge(gray: noQuietZone, width: width, height: height).repaired([(10, 5), (0, 0), (0, 0), (10, 34)]))
    }
}
