@testable import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// The blurred EAN/UPC decoder's retry with the module width drifting along the symbol
/// (``EANBlurModel/Geometry/drift``; fixture `blurred_ean13_drift.png` of
/// scripts/fixtures/barcodes_blurred_ean.py: a label turned away from the camera, its 1.5-px
/// modules widening steadily from 0.91 to 1.09 of their mean, blurred σ 1.5 px).
final class BlurredEANDriftTests: XCTestCase {
    /// Without the drift the decoder's lines find the symbol (its outer edges are 95 modules
    /// apart) but its middle guard lies two modules off the even grid and no number is read;
    /// with the retry it reads 4006381333931, and so does the staged search, only through the
    /// blurred passes.
    func testDriftingCodeIsReadOnlyWithTheDriftFitted() throws {
        let (image, expected) = try BlurredEANTests.fixture("blurred_ean13_drift.png")
        let plane = try XCTUnwrap(image.barcodeGrayPlane())
        var without = BlurredEANDecoder.Effort(), with = BlurredEANDecoder.Effort()
        XCTAssertEqual(BlurredEANDecoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: 0,
                                              driftRetry: false, effort: &without), [])
        XCTAssertEqual(without.driftRetries, 0)
        XCTAssertEqual(BlurredEANDecoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: 0,
                                              effort: &with).map(\.digits), ["4006381333931"])
        XCTAssertEqual(with.driftRetries, 1)

        let withoutPass = BarcodeSearch.stagedPasses.filter { $0.area != .blurredRetail && $0.area != .blurredCodeAreas }
        XCTAssertEqual(try BarcodeReader(search: .custom(withoutPass)).read(image), [])
        XCTAssertEqual(try BarcodeReader().read(image).map { "\($0.symbology.rawValue)|\($0.payload)" },
                       expected.map { "\($0.symbology)|\($0.payload)" })
    }

    /// A flat code is read at the first go (no retry), and the retry reads nothing on the
    /// code-free fixtures at four scan angles.
    func testRetryOnlyWhereTheFirstReadFails() throws {
        let (flat, _) = try BlurredEANTests.fixture("blurred_ean13.png")
        let flatPlane = try XCTUnwrap(flat.barcodeGrayPlane())
        var effort = BlurredEANDecoder.Effort()
        XCTAssertEqual(BlurredEANDecoder.read(width: flatPlane.width, height: flatPlane.height, bytes: flatPlane.bytes, angle: 0,
                                              effort: &effort).map(\.digits), ["5901234123457"])
        XCTAssertEqual(effort.driftRetries, 0)
        for name in BlurredEANTests.codeFree + ["codefree_busy.png", "codefree_dense_text.png"] {
            let plane = try XCTUnwrap(try BlurredEANTests.fixture(name).0.barcodeGrayPlane())
            for angle in [0, Double.pi / 4, Double.pi / 2, 3 * Double.pi / 4] {
                var effort = BlurredEANDecoder.Effort()
                XCTAssertEqual(BlurredEANDecoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: angle,
                                                      effort: &effort), [], "\(name) at \(angle)")
            }
        }
    }

    /// The drifting geometry keeps the outer edges 95 modules apart and widens the modules
    /// evenly from one end to the other: at drift 0.1 from 0.9 to 1.1 of the mean width.
    func testDriftWidensModulesAlongTheSymbol() {
        let g = EANBlurModel.Geometry(start: 10, module: 2, blur: 1, drift: 0.1)
        XCTAssertEqual(g.x(0), 10, accuracy: 1e-9)
        XCTAssertEqual(g.x(95), g.end, accuracy: 1e-9)
        XCTAssertEqual(g.x(1) - g.x(0), 2 * 0.9, accuracy: 0.01)
        XCTAssertEqual(g.x(95) - g.x(94), 2 * 1.1, accuracy: 0.01)
        // The middle guard moves towards the start by drift × 95/4 modules.
        XCTAssertEqual(g.x(47.5), 10 + 2 * (47.5 - 0.1 * 95 / 4), accuracy: 1e-9)
        let flat = EANBlurModel.Geometry(start: 10, module: 2, blur: 1)
        XCTAssertEqual(flat.x(47.5), 10 + 95, accuracy: 1e-9)
    }
}
