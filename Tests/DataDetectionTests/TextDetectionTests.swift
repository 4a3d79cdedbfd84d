import DocumentModel
import DataDetection
import Foundation
import XCTest

final class TextDetectionTests: XCTestCase {
    let d = DataDetector()

    func testEmails() {
        XCTAssertEqual(d.values(.email, in: ["Contact: Billing@Example.COM."]), ["billing@example.com"])
        XCTAssertEqual(d.values(.email, in: ["first.last+tag@mail.example.co.uk"]), ["first.last+tag@mail.example.co.uk"])
        XCTAssertEqual(d.values(.email, in: ["user@localhost", "a@b", "@handle", "x@y.z1"]), [])
    }

    func testURLs() {
        XCTAssertEqual(d.values(.url, in: ["Visit https://Example.com/Path?q=1."]), ["https://example.com/Path?q=1"])
        XCTAssertEqual(d.values(.url, in: ["Website: www.shop.com.my"]), ["http://www.shop.com.my/"])
        XCTAssertEqual(d.values(.url, in: ["POWERED BY EXAMPLE.COM"]), ["http://example.com/"])
        XCTAssertEqual(d.values(.url, in: ["(see example.org/docs)"]), ["http://example.org/docs"])
        XCTAssertEqual(d.values(.url, in: ["SDN.BHD", "No.32", "e.g. this", "mail me@example.com"]), [])
        // A URL broken at the end of a line goes on with the next line (issue 38).
        XCTAssertEqual(d.values(.url, in: ["see http://lua-users.org/lists/lua-l/2008-", "March/000123.html for the thread"]),
                       ["http://lua-users.org/lists/lua-l/2008-March/000123.html"])
        XCTAssertEqual(d.found(.url, in: ["see http://lua-users.org/lists/lua-l/2008-", "March/000123.html."]).first?.lastWord,
                       WordIndex(line: 1, word: 0))
        XCTAssertEqual(d.values(.url, in: ["Go to example.com", "today"]), ["http://example.com/"], "no path: no join")
    }

    /// OCR noise around a DataMatrix label read "IDAutomation.com" as "ID.utomation.com" (issue 38
    /// item 8): a bare host mixing labels in capitals and in lower case is a misread, not a URL.
    /// Hosts written in one case, or with a scheme, "www." or a path, are still URLs.
    func testBareHostsMixingCapitalAndLowerCaseLabelsAreNotURLs() {
        XCTAssertEqual(d.values(.url, in: ["ID.utomation.com"]), [])
        XCTAssertEqual(d.values(.url, in: ["=| ID.utomation.com ™ 4"]), [])
        XCTAssertEqual(d.values(.url, in: ["id.UTOMATION.com"]), [])
        XCTAssertEqual(d.values(.url, in: ["IDAutomation.com"]), ["http://idautomation.com/"])
        XCTAssertEqual(d.values(.url, in: ["Docs.example.org"]), ["http://docs.example.org/"])
        XCTAssertEqual(d.values(.url, in: ["EXAMPLE.com", "SHOP.EXAMPLE.COM.MY", "shop.example.com.my"]),
                       ["http://example.com/", "http://shop.example.com.my/", "http://shop.example.com.my/"])
        XCTAssertEqual(d.values(.url, in: ["https://ID.utomation.com"]), ["https://id.utomation.com/"], "a scheme is explicit")
        XCTAssertEqual(d.values(.url, in: ["ID.utomation.com/labels"]), ["http://id.utomation.com/labels"], "so is a path")
    }

    func testAddressesOverConsecutiveLines() {
        let lines = ["ACME TRADING SDN BHD", "NO.32 & 33, JALAN SR 1/9, SEKSYEN 9,", "TAMAN SERDANG RAYA,",
                     "43300 SERI KEMBANGAN, SELANGOR", "Tel: 03-8942 1234"]
        let found = d.found(.address, in: lines)
        XCTAssertEqual(found.map(\.value), ["NO.32 & 33, JALAN SR 1/9, SEKSYEN 9, TAMAN SERDANG RAYA, 43300 SERI KEMBANGAN, SELANGOR"])
        XCTAssertEqual(found[0].boxes.count, 3, "one box per line")
        XCTAssertEqual(found[0].firstWord, WordIndex(line: 1, word: 0))
        XCTAssertEqual(d.values(.address, in: ["Musterfirma GmbH", "Hauptstraße 5", "10115 Berlin"]), ["Hauptstraße 5, 10115 Berlin"])
        XCTAssertEqual(d.values(.address, in: ["1600 Amphitheatre Parkway", "Mountain View, CA 94043"]),
                       ["1600 Amphitheatre Parkway, Mountain View, CA 94043"])
        // A street line without a postcode line, or a postcode alone, is not an address.
        XCTAssertEqual(d.values(.address, in: ["12 Main Street", "is where we met", "in 1999"]), [])
        XCTAssertEqual(d.values(.address, in: ["Order 40170 items", "Total 12.00"]), [])
    }

    func testSettingsChooseTypesAndCheckCodes() {
        let onlyDates = DataDetector(settings: .init(types: [.date]))
        XCTAssertEqual(onlyDates.detect(in: page(["25/12/2018 billing@example.com TOTAL 9.00"])).map(\.type), [.date])
        XCTAssertEqual(DataDetector(settings: .init(enabled: false)).detect(in: page(["25/12/2018"])), [])
        XCTAssertEqual(DetectionSettings(locale: "en_MY", countries: ["MY"], currencies: ["MYR"]).problems(), [])
        XCTAssertEqual(DetectionSettings(locale: "english", countries: ["XX"], currencies: ["ABC"]).problems().count, 3)
        XCTAssertEqual(DataType(rawValue: "tracking_number"), .trackingNumber)
    }

    func testSettingsCodeWithDefaultsAndStableBytes() throws {
        let decoded = try JSONDecoder().decode(DetectionSettings.self, from: Data(#"{"locale": "de_DE"}"#.utf8))
        XCTAssertEqual(decoded, DetectionSettings(locale: "de_DE"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let a = try encoder.encode(DetectionSettings(types: [.url, .email, .date, .money]))
        let b = try encoder.encode(DetectionSettings(types: [.money, .date, .email, .url]))
        XCTAssertEqual(a, b)
        XCTAssertEqual(try JSONDecoder().decode(DetectionSettings.self, from: a).types, [.url, .email, .date, .money])
    }

    func testConfidenceFollowsOCR() {
        let sure = d.detect(in: page(["billing@example.com"], confidence: 95))[0].confidence
        let unsure = d.detect(in: page(["billing@example.com"], confidence: 30))[0].confidence
        XCTAssertGreaterThan(sure, unsure)
        XCTAssert((0...1).contains(unsure))
    }
}
