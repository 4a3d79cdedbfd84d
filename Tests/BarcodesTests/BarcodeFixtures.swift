import DocumentModel
import Foundation
import Imaging
import XCTest

/// The labelled fixtures written by scripts/fixtures/barcodes.py.
struct BarcodeFixtures {
    struct Code: Decodable {
        var file: String
        var symbology: String
        var payload: String
        /// x, y, width, height in page pixels.
        var box: [Int]

        var expectedBox: Box { Box(x: box[0], y: box[1], width: box[2], height: box[3]) }
    }

    struct Manifest: Decodable {
        var files: [String: String]
        var codes: [Code]
    }

    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/barcodes")

    static func manifest() throws -> Manifest {
        let data = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        return try JSONDecoder().decode(Manifest.self, from: data)
    }

    static func image(_ name: String) throws -> Image {
        let path = folder.appendingPathComponent(name).path
        return try XCTUnwrap(Image(readingForTests: path), "cannot read fixture \(path)")
    }
}

/// A fixture folder whose `expected.json` lists, per file, the codes quire must report
/// (scripts/fixtures/barcodes_retries.py, barcodes_upright.py).
struct ExpectedCodesFolder {
    struct Code: Decodable { var symbology: String; var payload: String }

    let folder: URL

    init(_ name: String) {
        folder = BarcodeFixtures.folder.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// The image `name` and the codes listed for it.
    func fixture(_ name: String) throws -> (Image, [Code]) {
        let path = folder.appendingPathComponent(name).path
        let image = try XCTUnwrap(Image(readingForTests: path), "cannot read fixture \(path)")
        let data = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        let codes = try XCTUnwrap(try JSONDecoder().decode([String: [Code]].self, from: data)[name])
        return (image, codes)
    }
}

extension Box {
    /// This box grown by `margin` pixels on every side.
    func grown(by margin: Int) -> Box {
        Box(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
}
