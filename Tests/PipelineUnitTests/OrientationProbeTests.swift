@testable import Pipeline
import XCTest

/// The probe orientation detection reads (``Preprocessor/probeFactor(width:height:textDPI:)``).
final class OrientationProbeTests: XCTestCase {
    /// A 12-megapixel camera photo without a text size (72 dpi in its file) is not enlarged
    /// 2.8× to a 94-megapixel probe (5 s of OSD; the page failed on the 10 s limit under load),
    /// while a small page of low-resolution text still is, and a fine page is shrunk as before.
    func testProbeIsNotEnlargedPastSixteenMegapixels() {
        let photo = Preprocessor.probeFactor(width: 3024, height: 4032, textDPI: 72)
        XCTAssertLessThanOrEqual(Double(3024 * 4032) * photo * photo, Preprocessor.maxEnlargedProbePixels * 1.0001)
        XCTAssertGreaterThanOrEqual(photo, 1)
        // An 80-dpi page (A4: 662 × 936) is enlarged to 200 dpi as before.
        XCTAssertEqual(Preprocessor.probeFactor(width: 662, height: 936, textDPI: 80), 2.5, accuracy: 1e-9)
        // At most 3×.
        XCTAssertEqual(Preprocessor.probeFactor(width: 300, height: 400, textDPI: 30), 3, accuracy: 1e-9)
        // A 400-dpi page, however large, is halved.
        XCTAssertEqual(Preprocessor.probeFactor(width: 6000, height: 6000, textDPI: 400), 0.5, accuracy: 1e-9)
    }
}
