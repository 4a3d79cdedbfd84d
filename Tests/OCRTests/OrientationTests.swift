import DocumentModel
import Imaging
import XCTest
@testable import OCR

final class OrientationTests: XCTestCase {
    func testDetectsRotationOfRotatedPages() throws {
        let osd = try OrientationDetector()
        for (file, expected) in [("clean.png", 0), ("rotated90.png", 90), ("rotated180.png", 180), ("rotated270.png", 270)] {
            let result = try osd.detect(try OCRFixture.image(file))
            print("OSD \(file): \(result)")
            XCTAssertEqual(result.rotation, expected, file)
            XCTAssertEqual(result.script, "Latin", file)
            XCTAssertGreaterThan(result.confidence, 1, file)
        }
    }

    func testFindSkewWithinOneDegree() throws {
        let skewed = try XCTUnwrap(try OCRFixture.image("skew3.png").ocrFindSkew())
        print("skew3: \(skewed)")
        XCTAssertEqual(skewed.degrees, 3, accuracy: 1)
        let clean = try XCTUnwrap(try OCRFixture.image("clean.png").ocrFindSkew())
        print("clean: \(clean)")
        XCTAssertEqual(clean.degrees, 0, accuracy: 0.3)
    }
}
