@testable import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// quire's own GS1 DataBar Limited decoder (``DataBarLimitedDecoder``) and its place in the DataBar
/// pass (`.dataBarRows`), on the fixtures of scripts/fixtures/barcodes_databar_limited.py:
/// photo-like images of DataBar Limited symbols (zint's drawing) and code-free images.
final class DataBarLimitedTests: XCTestCase {
    static func fixture(_ name: String) throws -> (Image, [ExpectedCodesFolder.Code]) {
        try ExpectedCodesFolder("barcodes-databar-limited").fixture(name)
    }

    static let symbols = ["limited_upright.jpg", "limited_upside_down.jpg", "limited_turned.jpg",
                          "limited_small_blurred.jpg", "limited_indicator1.jpg"]

    /// The staged search reads every fixture's symbol as `gs1DataBarLimited` (its 14-digit GTIN,
    /// `]e0`) where the symbol lies, and only through the DataBar pass: the same passes without
    /// it read nothing (neither zxing-cpp 1.4 nor ZBar reads DataBar Limited, nor reads these as
    /// another symbology). Every symbology is asked for on two of them (a debug build's staged
    /// search of a photo takes seconds), DataBar Limited alone on the others.
    func testStagedSearchReadsLimitedOnlyThroughTheDataBarPass() throws {
        let without = BarcodeSearch.custom(BarcodeSearch.stagedPasses.filter { $0.area != .dataBarRows })
        for name in Self.symbols {
            let (image, expected) = try Self.fixture(name)
            let all = name == "limited_upright.jpg" || name == "limited_small_blurred.jpg"
            let symbologies = all ? Set(Symbology.allCases) : [.gs1DataBarLimited]
            let read = try BarcodeReader(symbologies: symbologies).read(image)
            XCTAssertEqual(read.map { "\($0.symbology.rawValue)|\($0.payload)" }, expected.map { "\($0.symbology)|\($0.payload)" }, name)
            XCTAssertEqual(read.first?.symbologyIdentifier, "]e0", name)
            let bounds = try XCTUnwrap(read.first?.bounds, name)
            XCTAssertTrue(bounds.contains(Point(x: 240, y: 200)), "\(name): \(bounds)")
            XCTAssertEqual(try BarcodeReader(symbologies: symbologies, search: without).read(image), [], name)
        }
    }

    /// DataBar Limited is read only when it is wanted: asked for DataBar alone, the pass reads none.
    func testLimitedIsReadOnlyWhenWanted() throws {
        let (image, _) = try Self.fixture("limited_upright.jpg")
        XCTAssertEqual(try BarcodeReader(symbologies: [.gs1DataBar]).read(image), [])
        XCTAssertEqual(try BarcodeReader(symbologies: [.gs1DataBarLimited]).read(image).map(\.symbology), [.gs1DataBarLimited])
    }

    /// A symbol turned a quarter (bars lying down) is read: its code-like region is grown across
    /// its bars, here up and down, found from the scan lines of the region (grown sideways as for
    /// upright bars, the crop would miss the symbol's ends).
    func testQuarterTurnedSymbolIsReadAcrossItsBars() throws {
        let (image, expected) = try Self.fixture("limited_upright.jpg")
        let turned = try image.rotated(quarterTurns: 1)
        let read = try BarcodeReader(symbologies: [.gs1DataBarLimited]).read(turned)
        XCTAssertEqual(read.map(\.payload), expected.map(\.payload))
    }

    /// A symbol under gray noise whose code-like region fails the region search's text test is
    /// read: the Limited look takes the regions found without that test too.
    func testNoisySymbolIsReadFromRegionsFoundWithoutTheTextTest() throws {
        let (image, expected) = try Self.fixture("limited_noisy.jpg")
        let read = try BarcodeReader(symbologies: [.gs1DataBarLimited]).read(image)
        XCTAssertEqual(read.map(\.payload), expected.map(\.payload))
    }

    /// The bars' direction and whether a region is looked at come from its gradients
    /// (``DataBarLimitedDecoder/barsUpright(_:)``): a noisy symbol's area is upright, turned a
    /// quarter it is not; lines of text and rulings show no bars (their scan lines crossed 8
    /// edges and more, so they were looked at).
    func testGradientsTellBarsFromText() throws {
        let (noisy, _) = try Self.fixture("limited_noisy.jpg")
        let area = Box(x: 110, y: 120, width: 260, height: 150)
        let plane = try XCTUnwrap(noisy.grayscale().barcodeGrayPlane(crop: area))
        XCTAssertEqual(DataBarLimitedDecoder.barsUpright(plane), true)
        let turned = try XCTUnwrap(noisy.grayscale().rotated(quarterTurns: 1).barcodeGrayPlane(
            crop: Box(x: noisy.height - area.maxY, y: area.x, width: area.height, height: area.width)))
        XCTAssertEqual(DataBarLimitedDecoder.barsUpright(turned), false)
        let (text, _) = try Self.fixture("limited_codefree_text.jpg")
        let lines = try XCTUnwrap(text.grayscale().barcodeGrayPlane(crop: Box(x: 20, y: 60, width: 440, height: 270)))
        XCTAssertNil(DataBarLimitedDecoder.barsUpright(lines))
    }

    /// A symbol of 1-px modules (a low-resolution scan) is read on a copy of its area twice the
    /// size: at the page's own sampling the edges of its narrow elements are lost.
    func testSymbolOfOnePixelModulesIsReadTwiceTheSize() throws {
        let (image, expected) = try Self.fixture("limited_fine_modules.jpg")
        let read = try BarcodeReader(symbologies: [.gs1DataBarLimited]).read(image)
        XCTAssertEqual(read.map(\.payload), expected.map(\.payload))
        let bounds = try XCTUnwrap(read.first?.bounds)
        XCTAssertTrue(bounds.contains(Point(x: 240, y: 170)), "\(bounds)")
    }

    /// A sharp symbol under heavy noise gives no code-like region, only pieces (between its
    /// wide spaces) that fail the region search's text test: they are joined into one area
    /// (``DataBarLimitedPieces``) and read.
    func testPiecesFailingTheTextTestAreJoinedAndRead() throws {
        let (image, expected) = try Self.fixture("limited_noise_pieces.jpg")
        let page = try BarcodePage(image.grayscale())
        XCTAssertEqual(page.candidates, [], "the premise: no code-like region passes the text test")
        XCTAssertGreaterThan(page.regionsWithText.count, 2, "the premise: the symbol's pieces")
        let read = try BarcodeReader(symbologies: [.gs1DataBarLimited]).read(image)
        XCTAssertEqual(read.map(\.payload), expected.map(\.payload))
    }

    /// Pieces side by side on one band (the same top and bottom, gaps under half its height)
    /// make one box, along rows or columns; pieces of other bands, or too far apart, do not.
    func testPiecesOfOneBandAreJoined() {
        let pieces = [Box(x: 113, y: 93, width: 62, height: 203), Box(x: 192, y: 93, width: 58, height: 203),
                      Box(x: 280, y: 93, width: 50, height: 203), Box(x: 241, y: 93, width: 47, height: 203),
                      Box(x: 168, y: 93, width: 31, height: 203)]
        XCTAssertEqual(DataBarLimitedPieces.joined(pieces), [Box(x: 113, y: 93, width: 217, height: 203)])
        let turned = pieces.map { Box(x: $0.y, y: $0.x, width: $0.height, height: $0.width) }
        XCTAssertEqual(DataBarLimitedPieces.joined(turned), [Box(x: 93, y: 113, width: 203, height: 217)])
        let apart = [Box(x: 0, y: 0, width: 40, height: 100), Box(x: 100, y: 0, width: 40, height: 100),
                     Box(x: 45, y: 30, width: 40, height: 100)]
        XCTAssertEqual(DataBarLimitedPieces.joined(apart), apart)
    }

    /// The decoder alone reads every fixture, and each turned 180° (the symbol then lies the other
    /// way along the scan lines).
    func testDecoderReadsEveryFixtureEitherWayUp() throws {
        for name in Self.symbols {
            let (image, expected) = try Self.fixture(name)
            let plane = try XCTUnwrap(image.grayscale().barcodeGrayPlane())
            let turned = BarcodeGrayPlane(width: plane.width, height: plane.height, bytes: plane.bytes.reversed())
            XCTAssertEqual(DataBarLimitedDecoder.symbols(in: plane).map(\.gtin), expected.map(\.payload), name)
            XCTAssertEqual(DataBarLimitedDecoder.symbols(in: turned).map(\.gtin), expected.map(\.payload), "\(name) turned")
        }
    }

    /// GTIN 09501101530003 as zint draws it: 47 elements from the left guard's space to the
    /// space after the right guard (modules).
    static let crisp = [1, 1, 1, 2, 4, 2, 2, 4, 1, 2, 1, 1, 1, 1, 3, 1, 2, 1, 1, 1, 1, 1, 1, 3, 1, 1, 2, 1, 1, 1, 2, 1, 3, 1,
                        1, 2, 1, 2, 2, 1, 2, 3, 2, 3, 1, 1, 5]

    /// A crisp symbol drawn from its widths is read: the characters' values (2,013,571 × left +
    /// right), the check character (index 84 of the 89) and the checksum.
    func testCrispSymbolFromItsWidths() throws {
        XCTAssertEqual(Self.crisp.reduce(0, +), 79)
        XCTAssertEqual(DataBarLimitedDecoder.symbols(in: BarcodeGrayPlane.bars(Self.crisp)).map(\.gtin), ["09501101530003"])
        let left = try XCTUnwrap(DataBarLimitedCharacters.character(Self.crisp[2..<16].map(Double.init)))
        let right = try XCTUnwrap(DataBarLimitedCharacters.character(Self.crisp[30..<44].map(Double.init)))
        XCTAssertEqual(2_013_571 * left.value + right.value, 950_110_153_000)
        XCTAssertEqual(DataBarLimitedCharacters.check(Self.crisp[16..<30].map(Double.init))?.index, 84)
        XCTAssertTrue(DataBarLimitedCharacters.checksumHolds(left: left, right: right, check: 84))
        XCTAssertEqual(DataBarLimitedCharacters.gtin(left: left.value, right: right.value), "09501101530003")
    }

    /// The character groups' table: in each group the odd elements' sets (any) take the values
    /// 0 ..< their count once each, the even elements' sets (with a 1-module element) 0 ..< the
    /// group's even subsets once each, and the groups' values follow one another up to 2,013,570.
    func testCharacterGroupsCoverEveryValueOnce() {
        func sets(_ sum: Int, _ widest: Int, _ elements: Int) -> [[Int]] {
            guard elements > 0 else { return sum == 0 ? [[]] : [] }
            return (1...max(1, min(widest, sum))).filter { $0 <= sum }.flatMap { w in sets(sum - w, widest, elements - 1).map { [w] + $0 } }
        }
        var next = 0
        for group in DataBarLimitedCharacters.groups {
            XCTAssertEqual(group.first, next)
            let odds = sets(group.oddModules, group.oddWidest, 7)
            let evens = sets(26 - group.oddModules, 9 - group.oddWidest, 7).filter { $0.contains(1) }
            XCTAssertEqual(Set(odds.map { DataBarCharacters.rssValue($0, widest: group.oddWidest, noNarrow: false) }), Set(0..<odds.count))
            XCTAssertEqual(Set(evens.map { DataBarCharacters.rssValue($0, widest: 9 - group.oddWidest, noNarrow: true) }),
                           Set(0..<group.evenSubsets))
            XCTAssertEqual(evens.count, group.evenSubsets)
            next += odds.count * evens.count
        }
        XCTAssertEqual(next, DataBarLimitedCharacters.characterValues)
    }

    /// A line whose right character is another valid character (two of its spaces swapped: a
    /// misread) fails the checksum and reads nothing, though each character is valid.
    func testChecksumRejectsACorruptedLine() throws {
        var corrupted = Self.crisp
        corrupted.swapAt(30, 32)   // the right character's first two spaces, 2 and 3 modules
        XCTAssertNotEqual(corrupted, Self.crisp)
        XCTAssertNotNil(DataBarLimitedCharacters.character(corrupted[30..<44].map(Double.init)))
        XCTAssertEqual(DataBarLimitedDecoder.symbols(in: BarcodeGrayPlane.bars(corrupted)).map(\.gtin), [])
    }

    /// Nothing read as DataBar Limited on images without one: text and rulings, a DataBar
    /// (RSS-14) symbol (read as `gs1DataBar` only), DataBar finder-like bar groups, a generated
    /// page without codes and a real scanned page without codes.
    func testNothingOnCodeFreeImages() throws {
        for name in ["limited_codefree_text.jpg", "limited_codefree_databar.jpg"] {
            let (image, expected) = try Self.fixture(name)
            let plane = try XCTUnwrap(image.grayscale().barcodeGrayPlane())
            XCTAssertEqual(DataBarLimitedDecoder.symbols(in: plane).map(\.gtin), [], name)
            let read = try BarcodeReader().read(image)
            XCTAssertEqual(read.map { "\($0.symbology.rawValue)|\($0.payload)" }, expected.map { "\($0.symbology)|\($0.payload)" }, name)
        }
        for image in [try ExpectedCodesFolder("barcodes-databar").fixture("databar_codefree.jpg").0,
                      try BarcodeFixtures.image("no_barcode.png"), try RealFixtures.image("codefree_page.jpg")] {
            let plane = try XCTUnwrap(image.grayscale().barcodeGrayPlane())
            XCTAssertEqual(DataBarLimitedDecoder.symbols(in: plane).map(\.gtin), [])
            XCTAssertEqual(try BarcodeReader(symbologies: [.gs1DataBarLimited]).read(image), [])
        }
    }
}
