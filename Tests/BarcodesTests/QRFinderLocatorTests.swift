@testable import Barcodes
import DocumentModel
import Imaging
import XCTest

/// The QR finder-pattern areas (``QRFinderLocator`` and the `.finderPatterns` passes).
final class QRFinderLocatorTests: XCTestCase {
    func testDimCardOnFabricIsFoundThroughItsFinderPatterns() throws {
        let image = try RealFixtures.image("photo_dim_card.jpg")
        XCTAssertGreaterThanOrEqual(max(image.width, image.height), 1500)
        // The staged search's other evidence sees nothing on this photo: no region looks like a
        // code, and the quarter-size quick look reads nothing (it used to end the search here) ...
        XCTAssertEqual(try image.barcodeCandidateRegions(), [])
        let reader = BarcodeReader()
        for pass in BarcodeSearch.quickLook {
            XCTAssertEqual(try reader.read(image, pass: pass), [], "\(pass)")
        }
        // ... but three finder patterns make a symbol's corner there, and the staged search finds
        // the code, where the card is (x 1240…1388, y 880…1028).
        let plane = try XCTUnwrap(try image.barcodeGrayPlane())
        let card = Box(x: 1240, y: 880, width: 148, height: 148)
        XCTAssertTrue(QRFinderLocator.crops(in: plane).contains { $0.intersection(card)?.area == card.area })
        let found = try reader.read(image)
        XCTAssertEqual(found.map(\.payload), ["https://example.org/dim-card"])
        XCTAssertEqual(found.map(\.symbology), [.qr])
        for corner in found.first?.corners ?? [] {
            XCTAssertTrue(card.contains(corner), "corner \(corner) outside the card \(card)")
        }
        // The finder-pattern pass alone reads it, in the area around the triple.
        let alone = try reader.read(image, pass: BarcodePass(multi: false, area: .finderPatterns))
        XCTAssertEqual(alone.map(\.payload), ["https://example.org/dim-card"])
    }

    func testTextDocumentsGetNoFinderPatternPass() throws {
        // A page OCR read as a text document is searched as a scan: no finder-pattern areas.
        let image = try RealFixtures.image("photo_dim_card.jpg")
        XCTAssertEqual(try BarcodeReader().read(image, textPage: true), [])
    }

    func testCodeFreePageYieldsNothingAroundFinderLikeShapes() throws {
        let image = try RealFixtures.image("codefree_page.jpg")
        XCTAssertEqual(try BarcodeReader().read(image, pass: BarcodePass(multi: false, area: .finderPatterns)), [])
        XCTAssertEqual(try BarcodeReader().read(image, pass: BarcodePass(multi: false, area: .finderPatterns,
                                                                          binarizer: .globalHistogram)), [])
    }

    func testLocatesTheThreeFinderPatternsOfAPrintedCode() throws {
        let code = try XCTUnwrap(try BarcodeFixtures.manifest().codes.first { $0.file == "single_qr.png" })
        let image = try BarcodeFixtures.image("single_qr.png")
        let plane = try XCTUnwrap(try image.barcodeGrayPlane())
        let finders = QRFinderLocator.finders(in: plane)
        let box = code.expectedBox
        // One finder in each corner but the bottom right, each 3.5 modules in from the edges.
        let inside = finders.filter { box.contains(Point(x: Int($0.x), y: Int($0.y))) }
        XCTAssertEqual(inside.count, 3, "\(finders)")
        let module = inside.map(\.module).reduce(0, +) / Double(max(1, inside.count))
        for (cx, cy) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY)] {
            let ex = Double(cx) + (cx == box.minX ? 3.5 : -3.5) * module
            let ey = Double(cy) + (cy == box.minY ? 3.5 : -3.5) * module
            XCTAssertTrue(inside.contains { abs($0.x - ex) <= module && abs($0.y - ey) <= module },
                          "no finder near (\(ex), \(ey)) in \(inside)")
        }
        // The first area read is around the code.
        let crops = QRFinderLocator.crops(in: plane)
        let first = try XCTUnwrap(crops.first)
        XCTAssertNotNil(first.intersection(box))
        XCTAssertEqual(first.intersection(box)?.area, box.area, "crop \(first) does not hold the code \(box)")
    }

    func testFinderRunRatio() {
        XCTAssertTrue(QRFinderLocator.looksLikeFinder(2, 2, 6, 2, 2))
        XCTAssertTrue(QRFinderLocator.looksLikeFinder(5, 4, 14, 5, 4))
        XCTAssertFalse(QRFinderLocator.looksLikeFinder(2, 2, 2, 2, 2))   // even stripes
        XCTAssertFalse(QRFinderLocator.looksLikeFinder(4, 1, 6, 1, 4))
    }
}
