@testable import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// quire's own Aztec rune reader (``AztecRuneLocator``, ``AztecRuneDecoder``,
/// ``AztecRuneMessage``) and its place in the L-finder pass (`.matrixFinders`), on the fixtures of
/// scripts/fixtures/barcodes_aztec_rune.py: photo-like images of runes (zint's drawing through
/// PyPI zxing-cpp 3.1, whose reader reads each) and code-free images.
final class AztecRuneTests: XCTestCase {
    static func fixture(_ name: String) throws -> (Image, [ExpectedCodesFolder.Code]) {
        try ExpectedCodesFolder("barcodes-aztec-rune").fixture(name)
    }

    static let runes = ["rune_upright.jpg", "rune_turned.jpg", "rune_small.jpg", "rune_light_on_dark.jpg",
                        "rune_mirrored.jpg", "rune_slanted.jpg", "rune_low_contrast.jpg"]

    /// The staged search reads every rune as `aztec` with `]zC` and the value as three digits,
    /// where it lies, and only through the L-finder pass: the same passes without it read
    /// nothing (zxing-cpp 1.4 reads no rune).
    func testStagedSearchReadsRunesOnlyThroughTheMatrixFinderPass() throws {
        let without = BarcodeSearch.custom(BarcodeSearch.stagedPasses.filter { $0.area != .matrixFinders })
        for name in Self.runes {
            let (image, expected) = try Self.fixture(name)
            let read = try BarcodeReader().read(image)
            XCTAssertEqual(read.map { "\($0.symbology.rawValue)|\($0.payload)" }, expected.map { "\($0.symbology)|\($0.payload)" }, name)
            XCTAssertEqual(read.first?.symbologyIdentifier, "]zC", name)
            XCTAssertTrue(read.first?.bounds.contains(Point(x: 240, y: 200)) ?? false, "\(name): \(read)")
            XCTAssertEqual(try BarcodeReader(search: without).read(image), [], name)
        }
    }

    /// Runes are read only when `aztec` is wanted.
    func testRunesAreReadOnlyWhenWanted() throws {
        let (image, _) = try Self.fixture("rune_upright.jpg")
        XCTAssertEqual(try BarcodeReader(symbologies: [.aztec]).read(image).map(\.payload), ["025"])
        XCTAssertEqual(try BarcodeReader(symbologies: [.qr, .dataMatrix, .code128]).read(image), [])
    }

    /// The reader alone finds each rune turned a quarter and half, with its corners as printed:
    /// the top left corner (three dark orientation modules) turns with the image.
    func testDecoderReadsEachRuneTurned() throws {
        for name in Self.runes {
            let (image, expected) = try Self.fixture(name)
            for turns in 0..<4 {
                let plane = try XCTUnwrap(image.rotated(quarterTurns: turns).grayscale().barcodeGrayPlane())
                let symbols = AztecRuneLocator.bullseyes(in: plane).compactMap { AztecRuneDecoder.symbol(in: plane, at: $0) }
                XCTAssertEqual(symbols.map { BarcodeReader.runeText($0.value) }, expected.map(\.payload), "\(name) \(turns)")
            }
        }
    }

    /// The 28 message bits of value 25 as printed (from the writer's rune), read; any one bit
    /// flipped leaves a syndrome non-zero and nothing is read; without the inversion pattern
    /// (a compact symbol's mode message) nothing either.
    func testMessageNeedsEverySyndromeZero() {
        let printed = "1011001" + "1101101" + "0001001" + "1111000"
        let bits = printed.map { $0 == "1" }
        XCTAssertEqual(AztecRuneMessage.value(of: bits), 25)
        for i in 0..<28 {
            var flipped = bits
            flipped[i].toggle()
            XCTAssertNil(AztecRuneMessage.value(of: flipped), "bit \(i)")
        }
        XCTAssertNil(AztecRuneMessage.value(of: bits.enumerated().map { $0.element != ($0.offset % 2 == 0) }))
    }

    /// Nothing is read as a rune on concentric circles and squares (a bullseye with a random
    /// ring), a QR finder pattern, text and rulings; a compact Aztec symbol is read once, by zxing.
    func testNothingOnCodeFreeImages() throws {
        for name in ["rune_codefree_targets.jpg", "rune_codefree_text.jpg", "rune_compact_aztec.jpg"] {
            let (image, expected) = try Self.fixture(name)
            let read = try BarcodeReader().read(image)
            XCTAssertEqual(read.map { "\($0.symbology.rawValue)|\($0.payload)" }, expected.map { "\($0.symbology)|\($0.payload)" }, name)
            XCTAssertFalse(read.contains { $0.symbologyIdentifier == "]zC" }, name)
        }
    }
}
