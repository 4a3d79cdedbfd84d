@testable import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// quire's own MicroPDF417 reader (``MicroPDF417Decoder``) and its place in the DataBar pass
/// (`.dataBarRows`), on the fixtures of scripts/fixtures/barcodes_micropdf417.py: photo-like
/// images of MicroPDF417 symbols (zint's drawing through PyPI zxing-cpp 3.1) and code-free images.
final class MicroPDF417Tests: XCTestCase {
    static func fixture(_ name: String) throws -> (Image, [ExpectedCodesFolder.Code]) {
        try ExpectedCodesFolder("barcodes-micropdf417").fixture(name)
    }

    static let symbols = ["mpdf_upright.jpg", "mpdf_upside_down.jpg", "mpdf_turned.jpg", "mpdf_small_blurred.jpg",
                          "mpdf_numeric.jpg", "mpdf_bytes.jpg", "mpdf_latin1.jpg"]
    /// The fixtures where the page's code-like regions (``Imaging/Image/barcodeCandidateRegions``)
    /// hold the symbol: none is found around the turned one nor the small binary one, which
    /// the decoder alone reads (``testDecoderReadsEveryFixtureTurnedAQuarter()``).
    static let inRegions = ["mpdf_upright.jpg", "mpdf_upside_down.jpg", "mpdf_small_blurred.jpg", "mpdf_numeric.jpg", "mpdf_latin1.jpg"]

    /// The staged search reads every fixture's symbol as `microPDF417` (`]L2`) where it lies, and
    /// only through the DataBar pass: the same passes without it read nothing (neither
    /// zxing-cpp 1.4 nor ZBar reads MicroPDF417, nor reads these as another symbology). Every
    /// symbology is asked for on two of them, MicroPDF417 alone on the others.
    func testStagedSearchReadsMicroPDF417OnlyThroughTheDataBarPass() throws {
        let without = BarcodeSearch.custom(BarcodeSearch.stagedPasses.filter { $0.area != .dataBarRows })
        for name in Self.inRegions {
            let (image, expected) = try Self.fixture(name)
            let all = name == "mpdf_upright.jpg" || name == "mpdf_numeric.jpg"
            let symbologies = all ? Set(Symbology.allCases) : [.microPDF417]
            let read = try BarcodeReader(symbologies: symbologies).read(image)
            XCTAssertEqual(read.map { "\($0.symbology.rawValue)|\($0.payload)" }, expected.map { "\($0.symbology)|\($0.payload)" }, name)
            XCTAssertEqual(read.first?.symbologyIdentifier, "]L2", name)
            XCTAssertTrue(read.first?.bounds.contains(Point(x: 240, y: 200)) ?? false, "\(name): \(read)")
            XCTAssertEqual(try BarcodeReader(symbologies: symbologies, search: without).read(image), [], name)
        }
    }

    /// A sharp 1-column symbol square to the page is read: its gradients lean 8–11° off its
    /// bars (the row address patterns step from row to row), beyond the looks' turns, so the
    /// pixel axis near them is looked along too (``MicroPDF417Decoder/directions(_:)``).
    func testSharpOneColumnSymbolIsReadAlongThePixelAxis() throws {
        let (image, expected) = try Self.fixture("mpdf_one_column_sharp.jpg")
        let plane = try XCTUnwrap(image.grayscale().barcodeGrayPlane())
        let across = try XCTUnwrap(MicroPDF417Decoder.acrossBars(plane))
        XCTAssertGreaterThan(abs(across.angle) * 180 / .pi, MicroPDF417Decoder.fineReach, "the premise: the gradients lean off the bars")
        let read = try BarcodeReader(symbologies: [.microPDF417]).read(image)
        XCTAssertEqual(read.map(\.payload), expected.map(\.payload))
    }

    /// The directions looked along: the gradients' alone within 1.5° of a pixel axis or beyond
    /// 12° from it; the axis first, then the gradients', in between.
    func testDirectionsAddTheNearPixelAxis() {
        func degrees(_ list: [Double]) -> [Double] { list.map { ($0 * 180 / .pi * 100).rounded() / 100 } }
        XCTAssertEqual(degrees(MicroPDF417Decoder.directions(1.0 * .pi / 180)), [1])
        XCTAssertEqual(degrees(MicroPDF417Decoder.directions(-8.5 * .pi / 180)), [0, -8.5])
        XCTAssertEqual(degrees(MicroPDF417Decoder.directions(84.0 * .pi / 180)), [90, 84])
        XCTAssertEqual(degrees(MicroPDF417Decoder.directions(30.0 * .pi / 180)), [30])
    }

    /// A binary payload keeps its bytes (`rawBytes`); a Latin-1 text has none.
    func testBinaryPayloadKeepsItsBytes() throws {
        func barcode(_ name: String) throws -> Barcode? {
            let plane = try XCTUnwrap(Self.fixture(name).0.grayscale().barcodeGrayPlane(crop: Box(x: 40, y: 120, width: 400, height: 170)))
            return try XCTUnwrap(MicroPDF417Decoder.symbols(in: plane).first.flatMap(BarcodeReader.barcode))
        }
        XCTAssertEqual(try barcode("mpdf_bytes.jpg")?.rawBytes, [0, 1, 2, 200, 255, 3])
        XCTAssertEqual(try barcode("mpdf_bytes.jpg")?.payload, "\u{0}\u{1}\u{2}Èÿ\u{3}")
        XCTAssertNil(try barcode("mpdf_latin1.jpg")?.rawBytes)
        XCTAssertEqual(try barcode("mpdf_latin1.jpg")?.payload, "Grüße aus Köln")
    }

    /// MicroPDF417 is read only when it is wanted.
    func testMicroPDF417IsReadOnlyWhenWanted() throws {
        let (image, _) = try Self.fixture("mpdf_upright.jpg")
        XCTAssertEqual(try BarcodeReader(symbologies: [.pdf417, .gs1DataBar, .gs1DataBarLimited]).read(image), [])
    }

    /// The decoder alone reads every fixture's symbol, in a crop around it (the cheap look takes
    /// at most 16 lines a turn: a region's extent across the rows), and each turned a quarter
    /// (rows then run down the image: the lines follow the bars' direction).
    func testDecoderReadsEveryFixtureTurnedAQuarter() throws {
        for name in Self.symbols {
            let (image, expected) = try Self.fixture(name)
            let crop = Box(x: 40, y: 120, width: 400, height: 170)
            for turns in [0, 1] {
                let plane = try XCTUnwrap(image.rotated(quarterTurns: turns).grayscale()
                    .barcodeGrayPlane(crop: turns == 0 ? crop : Box(x: image.height - crop.y - crop.height, y: crop.x, width: crop.height, height: crop.width)))
                XCTAssertEqual(MicroPDF417Decoder.symbols(in: plane).map(\.message.text), expected.map(\.payload), "\(name) \(turns)")
            }
        }
    }

    /// Nothing is read as MicroPDF417 on text and rulings, a full PDF417 symbol (read as
    /// `pdf417`), the other code-free fixtures and a real code-free page.
    func testNothingOnCodeFreeImages() throws {
        for name in ["mpdf_codefree_text.jpg", "mpdf_codefree_pdf417.jpg"] {
            let (image, expected) = try Self.fixture(name)
            let plane = try XCTUnwrap(image.grayscale().barcodeGrayPlane())
            XCTAssertEqual(MicroPDF417Decoder.symbols(in: plane).count, 0, name)
            let read = try BarcodeReader().read(image)
            XCTAssertEqual(read.map { "\($0.symbology.rawValue)|\($0.payload)" }, expected.map { "\($0.symbology)|\($0.payload)" }, name)
        }
        for image in [try ExpectedCodesFolder("barcodes-databar").fixture("databar_codefree.jpg").0,
                      try BarcodeFixtures.image("no_barcode.png"), try RealFixtures.image("codefree_page.jpg")] {
            let plane = try XCTUnwrap(image.grayscale().barcodeGrayPlane())
            XCTAssertEqual(MicroPDF417Decoder.symbols(in: plane).count, 0)
            XCTAssertEqual(try BarcodeReader(symbologies: [.microPDF417]).read(image), [])
        }
    }
}
