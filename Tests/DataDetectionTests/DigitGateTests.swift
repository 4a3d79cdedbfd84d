import DocumentModel
import XCTest
@testable import DataDetection

/// The digit-needing detectors are asked only about lines holding a digit of any script (the
/// detection tests check that what they find is unchanged).
final class DigitGateTests: XCTestCase {
    private func line(_ text: String) -> LineText {
        LineText(line: 0, words: text.split(separator: " ").map {
            Word(text: String($0), confidence: 95, box: Box(x: 0, y: 0, width: 10, height: 10))
        })
    }

    func testADigitOfAnyScriptCountsAndLettersOrNumeralsThatAreNotDigitsDoNot() {
        XCTAssertFalse(line("Revenue grew strongly in the third quarter").hasDigit)
        XCTAssertFalse(line("Chapter IV, ½ of Ⅻ and ² footnotes").hasDigit, "roman numerals, fractions, superscripts: not \\d")
        XCTAssertTrue(line("Invoice 2024").hasDigit)
        XCTAssertTrue(line("رقم ٣").hasDigit, "Arabic-Indic digit")
        XCTAssertTrue(line("電話 ０３").hasDigit, "full-width digit")
        // What the gate relies on: ICU's \d matches exactly these.
        for text in ["½", "Ⅻ", "²", "٣", "０", "7"] {
            XCTAssertEqual(text.range(of: #"\d"#, options: .regularExpression) != nil, line(text).hasDigit, text)
        }
    }
}
