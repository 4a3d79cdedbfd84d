@testable import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// The perspective-symbol retry (``PerspectiveSymbol``, ``FinderOutline``, ``ProjectiveMap``, the
/// `.finderPerspective` passes; fixture of scripts/fixtures/barcodes_perspective.py).
final class PerspectiveSymbolTests: XCTestCase {
    static let perspectivePasses = [BarcodePass(multi: false, area: .finderPerspective),
                                    BarcodePass(multi: false, area: .finderPerspective, binarizer: .globalHistogram)]
    static let uprightPasses = [BarcodePass(multi: false, area: .finderSymbols),
                                BarcodePass(multi: false, area: .finderSymbols, binarizer: .globalHistogram)]

    /// A version-1 QR code photographed at a slant (far edge under half the near one): the
    /// staged search reads it; neither the affine upright copies of its finder centres nor any
    /// pass before them do, the perspective copy does, its corners round the symbol.
    func testKeystoneSymbolIsReadOnlyInPerspective() throws {
        let (image, expected) = try ExpectedCodesFolder("barcodes-perspective").fixture("keystone_qr.jpg")
        let staged = try BarcodeReader().read(image)
        XCTAssertEqual(staged.map { "\($0.symbology.rawValue)|\($0.payload)" }, expected.map { "\($0.symbology)|\($0.payload)" })
        let reader = BarcodeReader()
        for pass in Self.uprightPasses {
            XCTAssertEqual(try reader.read(image, pass: pass), [], "\(pass)")
        }
        let before = BarcodeSearch.stagedPasses.filter { $0.area != .finderPerspective }
        XCTAssertEqual(try BarcodeReader(search: .custom(before)).read(image), [])
        let read = try reader.read(image, pass: Self.perspectivePasses[0])
        XCTAssertEqual(read.map(\.payload), expected.map(\.payload))
        // The label's symbol spans about x 200–600, y 170–500 of the photo.
        let bounds = try XCTUnwrap(read.first?.bounds)
        XCTAssertTrue(bounds.contains(Point(x: 400, y: 330)), "\(bounds)")
        XCTAssertGreaterThan(bounds.width, 250)
        XCTAssertGreaterThan(bounds.height, 200)
    }

    /// No invented codes, and no copies made: on text, rules and halftones no finder triple has
    /// three square outlines lined up with it, so the perspective passes read nothing.
    func testPerspectivePassesFindNothingOnCodeFreePages() throws {
        for image in [try BarcodeFixtures.image("no_barcode.png"), try RealFixtures.image("codefree_page.jpg")] {
            let plane = try XCTUnwrap(try image.barcodeGrayPlane())
            for triple in QRFinderLocator.triples(in: plane) {
                XCTAssertEqual(PerspectiveSymbol.estimates(image, triple: triple, outline: { FinderOutline(image, finder: $0) }).count, 0)
            }
            for pass in Self.perspectivePasses {
                XCTAssertEqual(try BarcodeReader().read(image, pass: pass), [])
            }
        }
    }

    /// Four point pairs fix a projective map exactly; its inverse maps back; an affine map is one.
    func testProjectiveMapThroughFourCorners() throws {
        let square = [(0.0, 0.0), (21.0, 0.0), (21.0, 21.0), (0.0, 21.0)]
        let keystone = [(280.0, 140.0), (520.0, 160.0), (660.0, 600.0), (130.0, 580.0)]
        let map = try XCTUnwrap(ProjectiveMap(from: square, to: keystone))
        XCTAssertLessThan(map.maxError(from: square, to: keystone), 1e-6)
        let back = try XCTUnwrap(map.inverse)
        XCTAssertLessThan(back.maxError(from: keystone, to: square), 1e-6)
        // The square's centre goes where the diagonals cross, nearer the far (short) edge than
        // the corners' mean (y 370): the near half is drawn larger.
        let centre = try XCTUnwrap(map.apply((10.5, 10.5)))
        let crossing = try XCTUnwrap(FinderOutline.Line(through: keystone[0], keystone[2]).meet(FinderOutline.Line(through: keystone[1], keystone[3])))
        XCTAssertEqual(centre.x, crossing.x, accuracy: 1e-6)
        XCTAssertEqual(centre.y, crossing.y, accuracy: 1e-6)
        XCTAssertLessThan(centre.y, 340)
        let affine = ProjectiveMap.affine(origin: (10, 20), x: (2, 1), y: (-1, 3))
        let p = try XCTUnwrap(affine.apply((4, 5)))
        XCTAssertEqual(p.x, 13, accuracy: 1e-9)
        XCTAssertEqual(p.y, 39, accuracy: 1e-9)
        XCTAssertNil(ProjectiveMap(from: [(0, 0), (1, 0), (2, 0), (3, 0)], to: keystone), "collinear points fix no map")
    }

    /// A finder pattern drawn turned 20° at 10 px a module: its outline's corners lie within a
    /// pixel of the drawn ones; a solid square (no ring) has none.
    func testFinderOutlineCorners() throws {
        let size = 200, module = 10.0, angle = 20.0 * Double.pi / 180, cx = 100.0, cy = 100.0
        func plane(ring: Bool) -> BarcodeGrayPlane {
            var bytes = [UInt8](repeating: 230, count: size * size)
            for y in 0..<size {
                for x in 0..<size {
                    // Module coordinates about the centre, turned back by the angle.
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    let u = (dx * cos(angle) + dy * sin(angle)) / module, v = (-dx * sin(angle) + dy * cos(angle)) / module
                    let r = max(abs(u), abs(v))
                    let dark = ring ? (r < 1.5 || (r >= 2.5 && r < 3.5)) : r < 3.5
                    if dark { bytes[y * size + x] = 30 }
                }
            }
            return BarcodeGrayPlane(width: size, height: size, bytes: bytes)
        }
        let corners = try XCTUnwrap(FinderOutline.outline(plane(ring: true), centre: (cx, cy), module: module))
        let drawn = [(-3.5, -3.5), (3.5, -3.5), (3.5, 3.5), (-3.5, 3.5)].map { u, v in
            (x: cx + module * (u * cos(angle) - v * sin(angle)), y: cy + module * (u * sin(angle) + v * cos(angle)))
        }
        for d in drawn {
            let nearest = corners.map { (($0.x - d.x) * ($0.x - d.x) + ($0.y - d.y) * ($0.y - d.y)).squareRoot() }.min()!
            XCTAssertLessThan(nearest, 1, "\(corners) vs \(drawn)")
        }
        XCTAssertNil(FinderOutline.outline(plane(ring: false), centre: (cx, cy), module: module))
    }
}
