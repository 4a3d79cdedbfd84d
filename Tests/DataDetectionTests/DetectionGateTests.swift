import DocumentModel
import Foundation
import XCTest
@testable import DataDetection

/// The email and URL expressions are skipped on lines where they cannot match: the gates answer
/// false only there (checked against the expressions themselves), and false on running text.
final class InternetGateTests: XCTestCase {
    private func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
    }

    private let lines = [
        "Revenue grew strongly in the third quarter.", "Write to info@example.com today", "a@b", "user@host.museum",
        "See https://quire.example/path?q=1", "ftp://files", "HTTP://EXAMPLE.ORG", "WWW.Example.Co.Uk/page",
        "www2.site.de", "Visit shop.example.COM.my now", "IDAutomation.com", "results.NET and more", "e.g. the end.",
        "version 1.2.3 of the tool", "mail: jane.doe+tag@mail.co", "ſhop.ſtore", "docs.example.ſhop", "Straße.com",
        "x.io", "plain text: nothing here", "dev.online", "the .org domain", "w w w.example", "TLD.EDU",
    ]

    func testTheGatesAreFalseOnlyWhereTheExpressionsCannotMatch() {
        for text in lines {
            if matches(InternetDetector.email, text) { XCTAssertTrue(InternetDetector.mayHoldEmail(text), text) }
            if matches(InternetDetector.url, text) { XCTAssertTrue(InternetDetector.mayHoldURL(text), text) }
        }
    }

    func testRunningTextIsNotSearched() {
        for text in ["Revenue grew strongly in the third quarter.", "e.g. the end.", "version 1.2.3 of the tool",
                     "plain text: nothing here"] {
            XCTAssertFalse(InternetDetector.mayHoldEmail(text), text)
            XCTAssertFalse(InternetDetector.mayHoldURL(text), text)
        }
        XCTAssertTrue(InternetDetector.mayHoldURL("ſhop.ſtore"), "not ASCII: always searched")
        XCTAssertTrue(InternetDetector.mayHoldURL("Visit shop.example.COM.my now"))
        XCTAssertTrue(InternetDetector.mayHoldURL("WWW.Example.Co.Uk/page"))
    }

    /// What is found is the same with and without the gates (the whole detector on these lines).
    func testDetectionFindsTheSameURLsAndEmails() {
        for text in lines {
            let line = LineText(line: 0, words: text.split(separator: " ").map {
                Word(text: String($0), confidence: 95, box: Box(x: 0, y: 0, width: 10, height: 10))
            })
            let found = InternetDetector.find(in: line).map { "\($0.type) \($0.value)" }
            var expected: [String] = []
            for m in line.matches(InternetDetector.email) { expected.append("email \(line.substring(m.range).lowercased())") }
            XCTAssertEqual(found.filter { $0.hasPrefix("email") }, expected, text)
            if !matches(InternetDetector.url, line.text) { XCTAssertFalse(found.contains { $0.hasPrefix("url") }, text) }
        }
    }
}

/// The month-name date patterns are skipped on lines where they cannot match.
final class MonthNameGateTests: XCTestCase {
    func testTheGateIsFalseOnlyWhereTheMonthPatternsCannotMatch() {
        let rules = LocaleRules(settings: DetectionSettings())
        let months = DateDetector.monthRegexes(rules)
        let patterns = [months.dayMonthYear, months.monthDayYear, months.monthYear, months.daysMonthYear, months.monthDaysYear]
        let lines = ["Market share grew 5 percent in 2024", "The decision of 12 May 2024", "MAR 2024", "Mar. 3, 2024",
                     "21stMarch 2024", "3-5 March 2024", "March 3-5, 2024", "summary 2024", "1 Sept 2023", "sept.2023",
                     "Decimal 12 2024", "12 dec2024", "12 DECEMBER 24", "On 5 jun 99", "may 2024", "Mayor 2024", "août 2024",
                     "12 mars 2024", "Dezember 5 2024", "Table 3 (2024)"]
        for text in lines {
            let ns = text as NSString
            let matches = patterns.contains { $0.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)) != nil }
            if matches { XCTAssertTrue(months.gate.mayHoldMonthName(text), text) }
        }
        for text in ["Market share grew 5 percent in 2024", "summary 2024", "Decimal 12 2024", "Mayor 2024", "Table 3 (2024)"] {
            XCTAssertFalse(months.gate.mayHoldMonthName(text), text)
        }
        XCTAssertTrue(months.gate.mayHoldMonthName("août 2024"), "not ASCII: always searched")
        XCTAssertTrue(MonthNameGate(names: ["märz", "mai"]).mayHoldMonthName("Market 2024"), "non-ASCII names: always searched")
    }
}

/// The numeric date patterns are skipped on lines without a repeated separator, and the digit
/// test reads ASCII from its bytes (the same answer as ICU's `\d`).
final class TextGatesTests: XCTestCase {
    func testNumericDatePatternsNeedARepeatedSeparator() {
        let lines = ["25/12/2018", "2024-03-21", "1.5.10", "12 / 25 / 2018", "Revenue 2024 grew 5.3 percent",
                     "pages 10-12 of 2024", "v1.2 and 3/4", "03.04.24 - 05.04.24", "12-25-2018", "25/12-2018"]
        for text in lines {
            let ns = text as NSString
            let matches = [DateDetector.numeric, DateOrderHint.numericDate].contains {
                $0.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)) != nil
            }
            if matches { XCTAssertTrue(TextGates.repeatsADateSeparator(text), text) }
        }
        XCTAssertFalse(TextGates.repeatsADateSeparator("Revenue 2024 grew 5.3 percent"))
        XCTAssertFalse(TextGates.repeatsADateSeparator("pages 10-12 of 2024"))
        XCTAssertFalse(TextGates.repeatsADateSeparator("v1.2 and 3/4"))
    }

    func testTheDigitTestAgreesWithICU() {
        for text in ["Revenue", "Invoice 2024", "½ Ⅻ ²", "رقم ٣", "電話 ０３", "café", "naïve 7", ""] {
            XCTAssertEqual(TextGates.containsDecimalDigit(text), text.range(of: #"\d"#, options: .regularExpression) != nil, text)
        }
    }
}

/// Runs of pieces shorter than the shortest identifier are not checked.
final class IdentifierLengthGateTests: XCTestCase {
    func testRunsShorterThanEightCharactersAreNotTried() {
        XCTAssertFalse(IdentifierDetector.mayBeIdentifier(length: 7))
        XCTAssertTrue(IdentifierDetector.mayBeIdentifier(length: 8), "an ISSN has 8")
        // No check accepts fewer (the gate relies on it).
        for s in ["1234567", "DE12345", "0378595", "1Z12345", "9781234", "RA12345"] {
            XCTAssertFalse(Checksums.iban(s) || Checksums.ups(s) || Checksums.s10(s) || Checksums.isbn13(s)
                           || Checksums.isbn10(s) || Checksums.issn(s) || Checksums.fedex12(s) || Checksums.dhl10(s), s)
        }
        XCTAssertTrue(Checksums.issn("03785955"), "the shortest: 8")
    }
}
