import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// The blurred EAN/UPC decoder (``BlurredEANDecoder``, pass ``BarcodePass/Area/blurredRetail``;
/// fixtures of scripts/fixtures/barcodes_blurred_ean.py: codes of about 1.3-px modules defocused
/// by about a module, which neither zxing-cpp 3.x nor ZBar reads).
final class BlurredEANTests: XCTestCase {
    static let codes = ["blurred_ean13.png", "blurred_upca.png", "blurred_ean13_tilted.png"]
    static let codeFree = ["codefree_text.png", "codefree_halftone.png", "codefree_rulings.png"]

    static func fixture(_ name: String) throws -> (Image, [ExpectedCodesFolder.Code]) {
        try ExpectedCodesFolder("barcodes-blurred-ean").fixture(name)
    }

    /// Every other pass of the staged search reads nothing on these photos; with the blurred
    /// pass the staged search reads each code with the right symbology (UPC-A as 12 digits) and
    /// payload, inside the code's place.
    func testBlurredCodesAreReadOnlyByTheBlurredPass() throws {
        let withoutPass = BarcodeSearch.stagedPasses.filter { $0.area != .blurredRetail && $0.area != .blurredCodeAreas }
        for name in Self.codes {
            let (image, expected) = try Self.fixture(name)
            XCTAssertEqual(try BarcodeReader(search: .custom(withoutPass)).read(image), [], name)
            let staged = try BarcodeReader().read(image)
            XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" },
                           expected.map { "\($0.symbology)|\($0.payload)" }, name)
            // The fixtures centre the code across the 320-px image, 70–180 px down.
            let bounds = try XCTUnwrap(staged.first?.bounds, name)
            XCTAssertTrue(Box(x: 80, y: 50, width: 160, height: 150).contains(Point(x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2)),
                          "\(name): \(bounds)")
            XCTAssertGreaterThan(bounds.width, 100, name)
        }
    }

    /// On code-free images (blurred text with bar-like glyphs, a dot screen, rules) neither the
    /// staged search nor the decoder itself, at any of four angles, reads anything; nor the pass
    /// on the other code-free fixtures.
    func testNothingIsReadOnCodeFreeImages() throws {
        for name in Self.codeFree {
            let (image, expected) = try Self.fixture(name)
            XCTAssertEqual(expected.count, 0)
            XCTAssertEqual(try BarcodeReader().read(image), [], name)
            let plane = try XCTUnwrap(image.barcodeGrayPlane())
            for angle in [0, Double.pi / 4, Double.pi / 2, 3 * Double.pi / 4] {
                XCTAssertEqual(BlurredEANDecoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: angle), [],
                               "\(name) at \(angle)")
            }
        }
        let pass = BarcodePass(multi: false, area: .blurredRetail, linearOnly: true)
        XCTAssertEqual(try BarcodeReader().read(BarcodeFixtures.image("no_barcode.png"), pass: pass), [])
        XCTAssertEqual(try BarcodeReader().read(RealFixtures.image("codefree_page.jpg"), pass: pass), [])
    }

    /// The decoder reads a code scanned either way (turned 180°) and gives the corners of the code.
    func testDecoderReadsBothDirections() throws {
        let (image, _) = try Self.fixture("blurred_ean13.png")
        let plane = try XCTUnwrap(image.barcodeGrayPlane())
        let forward = BlurredEANDecoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: 0)
        let backward = BlurredEANDecoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: .pi)
        XCTAssertEqual(forward.map(\.digits), ["5901234123457"])
        XCTAssertEqual(backward.map(\.digits), ["5901234123457"])
        // Both give the start guard's side first: x near the left of the code (≈ 98 px).
        XCTAssertEqual(try XCTUnwrap(forward.first?.corners.first?.x), 98, accuracy: 8)
        XCTAssertEqual(try XCTUnwrap(backward.first?.corners.first?.x), 98, accuracy: 8)
    }

    /// The digit search obeys the symbol's rules: from costs that favour the patterns of
    /// 4006381333931 it returns that number (forwards, and backwards when the patterns are laid
    /// out as a reversed scan shows them), and never a number whose check digit fails.
    func testChecksumSearchFollowsParityAndCheckDigit() {
        let digits = "4006381333931".compactMap(\.wholeNumberValue)
        let parity = EANBlurModel.parity[digits[0]]
        func costs(backwards: Bool, checkDigit: Int) -> [Double] {
            var c = [Double](repeating: 1, count: 12 * EANBlurModel.columns)
            var encoded = Array(digits.dropFirst())
            encoded[11] = checkDigit
            for (k, d) in encoded.enumerated() {
                let position = backwards ? 11 - k : k
                let column = backwards ? (k < 6 ? (parity[k] ? 20 : 30) : 10) : (k < 6 ? (parity[k] ? 10 : 0) : 20)
                c[position * EANBlurModel.columns + column + d] = 0
            }
            return c
        }
        XCTAssertEqual(EANChecksumSearch.best(costs(backwards: false, checkDigit: 1)).first?.digits, "4006381333931")
        let back = EANChecksumSearch.best(costs(backwards: true, checkDigit: 1)).first
        XCTAssertEqual(back?.digits, "4006381333931")
        XCTAssertEqual(back?.backwards, true)
        // A wrong check digit in the costs: the best answer is still a valid number, not 4006381333937.
        let best = EANChecksumSearch.best(costs(backwards: false, checkDigit: 7))
        XCTAssertEqual(best.count, 2)
        XCTAssertFalse(best.contains { $0.digits == "4006381333937" })
        for candidate in best {
            let d = candidate.digits.compactMap(\.wholeNumberValue)
            let sum = d.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
            XCTAssertEqual(sum % 10, 0, candidate.digits)
        }
    }
}
