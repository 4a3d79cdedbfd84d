import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// The blurred Code 128 decoder (``BlurredCode128Decoder``, read in the blurred pass's areas,
/// ``BarcodePass/Area/blurredRetail``; fixtures of scripts/fixtures/barcodes_blurred_code128.py:
/// labels whose Code 128 of 2.4–3-px modules is defocused by about 0.8 module, which neither
/// zxing-cpp 3.x nor ZBar reads).
final class BlurredCode128Tests: XCTestCase {
    static func fixture(_ name: String) throws -> (Image, [ExpectedCodesFolder.Code]) {
        try ExpectedCodesFolder("barcodes-blurred-code128").fixture(name)
    }

    static func read(_ image: Image, angle: Double = 0) throws -> [BlurredCode128Decoder.Read] {
        let plane = try XCTUnwrap(image.grayscale().barcodeGrayPlane())
        return BlurredCode128Decoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: angle)
    }

    /// The staged search reads the upside-down label's code only through the blurred pass: the
    /// same passes without it read nothing; with it the payload, as Code 128 with `]C0`, where
    /// the code lies (the fixture centres it across the 480 × 300 image, 75–225 px down).
    func testBlurredCode128IsReadOnlyByTheBlurredPass() throws {
        let (image, expected) = try Self.fixture("blurred_code128_upside_down.png")
        let withoutPass = BarcodeSearch.stagedPasses.filter { $0.area != .blurredRetail }
        XCTAssertEqual(try BarcodeReader(symbologies: [.code128], search: .custom(withoutPass)).read(image), [])
        let staged = try BarcodeReader(symbologies: [.code128]).read(image)
        XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" }, expected.map { "\($0.symbology)|\($0.payload)" })
        XCTAssertEqual(staged.first?.symbologyIdentifier, "]C0")
        let bounds = try XCTUnwrap(staged.first?.bounds)
        XCTAssertTrue(bounds.contains(Point(x: 240, y: 150)), "\(bounds)")
        XCTAssertGreaterThan(bounds.width, 150)
    }

    /// The decoder reads both fixtures' codes over the whole image (set B forwards, set C read
    /// right to left), every line agreeing, with the start, data and check values of the symbol.
    func testDecoderReadsBothFixtures() throws {
        for name in ["blurred_code128.png", "blurred_code128_upside_down.png"] {
            let (image, expected) = try Self.fixture(name)
            let reads = try Self.read(image)
            XCTAssertEqual(reads.map(\.text), expected.map(\.payload), name)
            let read = try XCTUnwrap(reads.first)
            XCTAssertEqual(read.values.last, Code128Patterns.check(start: read.values[0], data: Array(read.values.dropFirst().dropLast())))
            XCTAssertGreaterThanOrEqual(read.agreeing, BlurredCode128Decoder.minAgreeing, name)
        }
    }

    /// A symbol drawn here from its patterns (set B "Ab-9", 2.5-px modules) and blurred by a
    /// Gaussian of 0.7 and 0.9 module is read (crisp symbols are zxing-cpp's and ZBar's).
    func testSyntheticBlurredSymbol() throws {
        let values = [Code128Patterns.startB, 33, 66, 13, 25]
        let all = values + [Code128Patterns.check(start: values[0], data: Array(values.dropFirst())), Code128Patterns.stop]
        for sigma in [0.7, 0.9] {
            let plane = Self.blurredPlane(all.flatMap { Code128Patterns.widths[$0] }, module: 2.5, sigma: sigma * 2.5)
            let reads = BlurredCode128Decoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: 0)
            XCTAssertEqual(reads.map(\.text), ["Ab-9"], "sigma \(sigma)")
        }
    }

    /// Nothing on code-free images: the label with evenly spaced thick rules, and the blurred
    /// EAN decoder's code-free fixtures (text with bar-like glyphs, a dot screen, rulings) at
    /// four angles; the staged search reads nothing on the label either.
    func testNothingIsReadOnCodeFreeImages() throws {
        let (label, none) = try Self.fixture("codefree_label.png")
        XCTAssertEqual(none.count, 0)
        XCTAssertEqual(try BarcodeReader().read(label), [])
        var images = [label]
        for name in ["codefree_text.png", "codefree_halftone.png", "codefree_rulings.png", "codefree_dense_text.png"] {
            images.append(try ExpectedCodesFolder("barcodes-blurred-ean").fixture(name).0)
        }
        for (k, image) in images.enumerated() {
            for angle in [0, Double.pi / 4, Double.pi / 2, 3 * Double.pi / 4] {
                XCTAssertEqual(try Self.read(image, angle: angle).map(\.text), [], "image \(k) at \(angle)")
            }
        }
    }

    /// Values to text: the three code sets, a shift, a code change, FNC1 first (GS1-128, left
    /// out) and later (GS); FNC4 and a start character among the data are refused.
    func testValuesToText() throws {
        XCTAssertEqual(Code128Patterns.text(start: Code128Patterns.startB, data: [33, 66, 13, 25])?.text, "Ab-9")
        XCTAssertEqual(Code128Patterns.text(start: Code128Patterns.startC, data: [42, 9, 40, 43])?.text, "42094043")
        let gs1 = try XCTUnwrap(Code128Patterns.text(start: Code128Patterns.startC, data: [102, 42, 9, 102, 40, 43]))
        XCTAssertEqual(gs1.text, "4209\u{1D}4043")
        XCTAssertTrue(gs1.gs1)
        XCTAssertEqual(Code128Patterns.text(start: Code128Patterns.startC, data: [12, 100, 33])?.text, "12A")
        XCTAssertEqual(Code128Patterns.text(start: Code128Patterns.startA, data: [33, 98, 65, 33])?.text, "AaA")
        XCTAssertEqual(Code128Patterns.text(start: Code128Patterns.startA, data: [65])?.text, "\u{01}")
        XCTAssertNil(Code128Patterns.text(start: Code128Patterns.startB, data: [33, 100]))
        XCTAssertNil(Code128Patterns.text(start: Code128Patterns.startB, data: [33, 103]))
        // zxing-cpp's "Hello World" (set B) and its check character.
        XCTAssertEqual(Code128Patterns.check(start: 104, data: [40, 69, 76, 76, 79, 0, 55, 79, 82, 76, 68]), 43)
        XCTAssertEqual(Code128Patterns.widths.count, 107)
        XCTAssertTrue(Code128Patterns.widths.dropLast().allSatisfy { $0.reduce(0, +) == 11 && $0.count == 6 })
    }

    /// Dark bars (element widths in modules, a bar first) on white, `module` px a module, 60 px
    /// high, 30 px of white either side, blurred along the rows by a Gaussian of `sigma` px
    /// (0: each pixel's share of bar, crisp).
    static func blurredPlane(_ widths: [Int], module: Double, sigma: Double) -> BarcodeGrayPlane {
        let quiet = 30.0, height = 60
        let width = Int(Double(widths.reduce(0, +)) * module + 2 * quiet)
        var bars: [(Double, Double)] = [], x = quiet
        for (k, w) in widths.enumerated() {
            if k % 2 == 0 { bars.append((x, x + Double(w) * module)) }
            x += Double(w) * module
        }
        var row = [UInt8](repeating: 0, count: width)
        for j in 0..<width {
            let c = Double(j) + 0.5
            var ink = 0.0
            for (a, b) in bars {
                if sigma == 0 { ink += max(0, min(c + 0.5, b) - max(c - 0.5, a)) } else {
                    ink += 0.5 * (erf((c - a) / (sigma * 2.0.squareRoot())) - erf((c - b) / (sigma * 2.0.squareRoot())))
                }
            }
            row[j] = UInt8(max(0, min(255, 235 - 200 * ink)).rounded())
        }
        return BarcodeGrayPlane(width: width, height: height, bytes: Array((0..<height).map { _ in row }.joined()))
    }
}
