import DocumentModel
import XCTest
@testable import Imaging

final class ImageFileTests: XCTestCase {
    private let budget = 100_000_000

    private func read(_ name: String, page: Int = 1, assumedDPI: Int = 300) throws -> Image {
        try ImageFile.read(Fixture.path(name), page: page, maxPixels: budget, assumedDPI: assumedDPI)
    }

    /// Fraction of pixels darker than mid-gray.
    private func inkFraction(_ image: Image) throws -> Double {
        try image.withGrayBytes { bytes, width, height, stride in
            var dark = 0
            for y in 0..<height { for x in 0..<width where bytes[y * stride + x] < 128 { dark += 1 } }
            return Double(dark) / Double(width * height)
        }
    }

    func testEveryFormatReadsAsEightBitGrayWithInk() throws {
        let cases: [(String, Int, Int)] = [
            ("text_200dpi.png", 400, 200), ("no_dpi.png", 400, 200), ("text.gif", 400, 200),
            ("text.bmp", 240, 100), ("text.webp", 400, 200), ("text.pgm", 240, 100),
            ("text.jp2", 200, 100), ("bilevel.png", 400, 200), ("gray16.png", 400, 200),
            ("alpha.png", 400, 200), ("palette.png", 400, 200),
            ("bilevel_key.png", 400, 200), ("gray_key_white.png", 400, 200), ("gray_key_grey.png", 400, 200),
            ("transparent.gif", 400, 200),
        ]
        for (name, width, height) in cases {
            let image = try read(name)
            XCTAssertEqual(image.depth, 8, name)
            XCTAssertEqual(image.width, width, name)
            XCTAssertEqual(image.height, height, name)
            let ink = try inkFraction(image)
            // Text on white: some ink, mostly paper (alpha must be blended over white, not black).
            XCTAssertGreaterThan(ink, 0.005, name)
            XCTAssertLessThan(ink, 0.3, name)
        }
    }

    /// A grayscale PNG with a transparent gray value keeps its ink (leptonica alone reads it as
    /// a wholly transparent, blank image), and the value's pixels come out as white paper; so
    /// does a GIF's transparent colour (leptonica draws it in its palette colour, here black).
    func testTransparentKeyColoursReadAsWhitePaper() throws {
        let plain = try read("no_dpi.png")
        for name in ["bilevel_key.png", "gray_key_white.png", "gray_key_grey.png", "transparent.gif"] {
            let image = try read(name)
            XCTAssertEqual(image.pixel(x: 5, y: 5), 255, "\(name): the transparent ground is white paper")
            XCTAssertEqual(try inkFraction(image), try inkFraction(plain), accuracy: 0.002, name)
        }
    }

    func testPNGGrayKeyIsFoundInTheChunkList() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("gray_key_grey.png")))
        let key = try XCTUnwrap(data.withUnsafeBytes { PNGGrayKey.find(in: $0) })
        XCTAssertEqual(key.bitDepth, 8)
        XCTAssertEqual(key.sample, 200)
        XCTAssertEqual(key.gray8, 200)
        XCTAssertEqual(Array(data[(key.chunk.lowerBound + 4)..<(key.chunk.lowerBound + 8)]), Array("tRNS".utf8))
        XCTAssertEqual(key.chunk.count, 14, "length, type, two bytes of data, CRC")
        XCTAssertEqual(PNGGrayKey(bitDepth: 1, sample: 1, chunk: 0..<0).gray8, 255)
        XCTAssertEqual(PNGGrayKey(bitDepth: 2, sample: 1, chunk: 0..<0).gray8, 85)
        XCTAssertEqual(PNGGrayKey(bitDepth: 16, sample: 0xC8FF, chunk: 0..<0).gray8, 200)
        for other in ["no_dpi.png", "alpha.png", "palette.png", "bilevel.png"] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixture.path(other)))
            XCTAssertNil(bytes.withUnsafeBytes { PNGGrayKey.find(in: $0) }, other)
        }
        let cut = data.prefix(40)
        XCTAssertNil(cut.withUnsafeBytes { PNGGrayKey.find(in: $0) }, "a cut-short chunk list")
    }

    func testResolutionFromFileElseAssumed() throws {
        XCTAssertEqual(try read("text_200dpi.png").resolution, 200)
        XCTAssertEqual(try read("no_dpi.png", assumedDPI: 240).resolution, 240)
        XCTAssertEqual(try read("exif6.jpg").resolution, 150)
    }

    func testJPEGExifOrientationSixIsTurnedUpright() throws {
        // Stored 120x300; upright 300x120 with a black square at the top-left corner.
        let image = try read("exif6.jpg")
        XCTAssertEqual(image.width, 300)
        XCTAssertEqual(image.height, 120)
        XCTAssertLessThan(image.pixel(x: 10, y: 10), 60)
        XCTAssertGreaterThan(image.pixel(x: 290, y: 110), 200)
        XCTAssertGreaterThan(image.pixel(x: 10, y: 110), 200)
        XCTAssertGreaterThan(image.pixel(x: 290, y: 10), 200)
    }

    /// An upright JPEG is embedded in a searchable PDF as its own bytes (libjpeg reads its
    /// component count); one that must be turned is decoded and turned.
    func testUprightJPEGsAreEmbeddedAsTheyAreAndTurnedOnesDecoded() throws {
        let upright = Fixture.folder.deletingLastPathComponent().appendingPathComponent("ocr/heavy_noise.jpg").path
        let raster = try ImageFile.embeddable(upright, maxPixels: budget)
        guard case .jpeg(let bytes, let components) = raster.samples else { return XCTFail("re-encoded: \(raster.samples)") }
        XCTAssertEqual(bytes, Array(try Data(contentsOf: URL(fileURLWithPath: upright))))
        XCTAssertEqual(components, 1)
        XCTAssertEqual(ImageFile.jpegComponents(path: upright), 1)
        XCTAssertNil(ImageFile.jpegComponents(path: Fixture.path("text.gif")))

        let turned = try ImageFile.embeddable(Fixture.path("exif6.jpg"), maxPixels: budget)
        guard case .raw = turned.samples else { return XCTFail("a JPEG to turn is decoded") }
        XCTAssertEqual([turned.width, turned.height], [300, 120])
    }

    func testMultipageTIFFWithG4Frame() throws {
        let path = Fixture.path("multipage.tif")
        XCTAssertEqual(try ImageFile.pageCount(path), 3)
        for page in 1...3 {
            let image = try read("multipage.tif", page: page)
            XCTAssertEqual(image.depth, 8)
            XCTAssertEqual(image.width, 400)
            XCTAssertEqual(image.resolution, 300)
            XCTAssertGreaterThan(try inkFraction(image), 0.005, "page \(page)")
        }
        XCTAssertThrowsError(try read("multipage.tif", page: 4)) { error in
            XCTAssertEqual((error as? ImageError)?.reason, .pageOutOfRange(page: 4, pageCount: 3))
            XCTAssertTrue("\(error)".contains("multipage.tif: page 4 does not exist"), "\(error)")
        }
        XCTAssertEqual(try ImageFile.pageCount(Fixture.path("text.gif")), 1)
    }

    func testHugePNGIsRefusedFromItsHeader() throws {
        let path = Fixture.path("huge_35000.png")
        XCTAssertLessThan(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int, 1000)
        XCTAssertThrowsError(try read("huge_35000.png")) { error in
            XCTAssertEqual((error as? ImageError)?.reason, .tooLarge(width: 35000, height: 35000, maxPixels: 100_000_000))
            let message = "\(error)"
            XCTAssertTrue(message.contains("huge_35000.png"), message)
            XCTAssertTrue(message.contains("35000x35000"), message)
        }
    }

    func testSmallBudgetRefusesGIFAndBMPFromTheirHeaders() throws {
        for name in ["text.gif", "text.bmp", "multipage.tif", "text.jp2", "text.webp", "text.pgm", "exif6.jpg"] {
            XCTAssertThrowsError(try ImageFile.read(Fixture.path(name), maxPixels: 1000, assumedDPI: 300), name) { error in
                guard case .tooLarge = (error as? ImageError)?.reason else { return XCTFail("\(name): \(error)") }
            }
        }
    }

    func testBrokenFilesGiveClearErrors() {
        let cases: [(String, ImageError.Reason?, String)] = [
            ("empty.png", .empty, "file is empty"),
            ("truncated.png", nil, "cannot decode image"),
            ("mislabelled.pdf", .unsupportedFormat, "not an image format"),
            ("does-not-exist.png", .notFound, "file not found"),
        ]
        for (name, reason, text) in cases {
            XCTAssertThrowsError(try read(name), name) { error in
                guard let error = error as? ImageError else { return XCTFail("\(name): \(error)") }
                if let reason { XCTAssertEqual(error.reason, reason, name) }
                XCTAssertTrue(error.description.hasPrefix(Fixture.path(name) + ":"), error.description)
                XCTAssertTrue(error.description.contains(text), error.description)
            }
        }
    }

    func testExifParserReadsBothByteOrders() {
        func jpeg(tiff: [UInt8]) -> [UInt8] {
            let body: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
            let length = body.count + 2
            return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body + [0xFF, 0xDA]
        }
        let little: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        let big: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0]
        XCTAssertEqual(ExifOrientation.parse(jpeg: jpeg(tiff: little)), .left)
        XCTAssertEqual(ExifOrientation.parse(jpeg: jpeg(tiff: big)), .down)
        XCTAssertNil(ExifOrientation.parse(jpeg: [0xFF, 0xD8, 0xFF, 0xDA]))
        XCTAssertNil(ExifOrientation.parse(jpeg: jpeg(tiff: [0x49, 0x49])))
    }
}
