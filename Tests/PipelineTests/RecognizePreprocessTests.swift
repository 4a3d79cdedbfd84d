import DocumentModel
import Imaging
import OCR
import XCTest
@testable import Pipeline

final class RecognizePreprocessTests: XCTestCase {
    func testRotatedPagesAreTurnedUprightAndRead() throws {
        let pre = try Preprocessor(settings: ExtractSettings())
        let ocr = try TextRecognizer(settings: { var s = OCRSettings(); s.level = .fast; return s }())
        for (file, rotation) in [("rotated90.png", 270), ("rotated180.png", 180), ("rotated270.png", 90)] {
            let prepared = try pre.prepare(try RecognizeFixture.image(file))
            XCTAssertEqual(prepared.rotation, rotation, file)
            XCTAssertGreaterThan(prepared.image.width, prepared.image.height, file)
            let text = try ocr.recognize(prepared.image, deadline: 60).lines.map(\.text).joined(separator: " ")
            for w in ["quarterly", "warehouse", "contract"] {
                XCTAssertTrue(text.recognizedWords.contains(w), "\(file): missing \(w) in \(text)")
            }
        }
    }

    func testUprightPagesAreNeverRotated() throws {
        let pre = try Preprocessor(settings: ExtractSettings())
        for file in ["clean.png", "eng_deu.png", "degraded.png", "domain_term.png", "skew3.png"] {
            XCTAssertEqual(try pre.prepare(try RecognizeFixture.image(file)).rotation, 0, file)
        }
    }

    func testSkewIsMeasuredAndCorrected() throws {
        let pre = try Preprocessor(settings: ExtractSettings())
        let prepared = try pre.prepare(try RecognizeFixture.image("skew3.png"))
        XCTAssertEqual(prepared.skewDegrees, 3, accuracy: 1)
        let residual = try XCTUnwrap(try prepared.image.ocrFindSkew())
        XCTAssertEqual(residual.degrees, 0, accuracy: 0.5)
        XCTAssertEqual(try pre.prepare(try RecognizeFixture.image("clean.png")).skewDegrees, 0)
    }

    func testSwitchesTurnEachStepOff() throws {
        var settings = ExtractSettings()
        settings.detectOrientation = false
        settings.deskew = false
        let pre = try Preprocessor(settings: settings)
        let rotated = try pre.prepare(try RecognizeFixture.image("rotated90.png"))
        XCTAssertEqual(rotated.rotation, 0)
        XCTAssertEqual(rotated.image.width, 456)
        XCTAssertEqual(try pre.prepare(try RecognizeFixture.image("skew3.png")).skewDegrees, 0)
    }
}
