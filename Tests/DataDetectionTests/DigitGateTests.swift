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

    /// The street gate of address detection answers false only where the street pattern cannot
    /// match: checked against the pattern itself on lines with and without street words.
    func testTheStreetGateIsFalseOnlyWhereTheStreetPatternCannotMatch() {
        let lines = ["12 Main Street", "Revenue grew 5 percent in the third quarter", "Meeting during 2024",
                     "1st quarter 2024 results", "Pay by 12 St. Mary's Place", "Hauptstraße 5", "Rue 12 de la Paix",
                     "The way forward in 2025", "stringent rules 2 apply", "Section 3: Courtyard 4", "Via 20 Settembre",
                     "ST 45 MAIN", "Order 7 of 9_st", "Drive 9 miles", "Invoice 2024-12-05 total 45.00"]
        for text in lines {
            let matches = AddressDetector.street.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
            if matches { XCTAssertTrue(AddressDetector.mayHoldStreet(text), text) }
        }
        XCTAssertFalse(AddressDetector.mayHoldStreet("Revenue grew 5 percent in the third quarter"))
        XCTAssertFalse(AddressDetector.mayHoldStreet("Invoice 2024-12-05 total 45.00"))
        XCTAssertTrue(AddressDetector.mayHoldStreet("Meeting during 2024"), "an ending and a number: the third form matches")
        XCTAssertTrue(AddressDetector.mayHoldStreet("Hauptstraße 5"), "not ASCII: always matched")
    }

    /// Identifiers are tried only on runs of pieces holding a digit; the pieces are the runs of
    /// ASCII letters and digits.
    func testIdentifierPiecesAreTheRunsOfASCIILettersAndDigits() {
        XCTAssertEqual(IdentifierDetector.pieces(in: Array(line("IBAN: DE89 3704-0044.0532 é01").text.utf16)),
                       [0..<4, 6..<10, 11..<15, 16..<20, 21..<25, 27..<29])
        XCTAssertEqual(IdentifierDetector.pieces(in: Array("—".utf16)), [])
    }
}
