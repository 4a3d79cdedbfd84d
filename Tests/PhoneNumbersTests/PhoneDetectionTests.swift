import DataDetection
import DocumentModel
@testable import PhoneNumbers
import XCTest

/// Phone numbers through the real libphonenumber.
final class PhoneDetectionTests: XCTestCase {
    let library = PhoneNumberLibrary()

    func page(_ lines: [String]) -> PageText {
        PageText(source: .ocr, lines: lines.enumerated().map { i, text in
            var x = 0
            let words = text.split(separator: " ").map { token -> Word in
                defer { x += 20 * token.count + 20 }
                return Word(text: String(token), confidence: 90, box: Box(x: x, y: 40 * i, width: 20 * token.count, height: 30))
            }
            return Line(text: text, confidence: 90, box: Box.enclosing(words.map(\.box))!, words: words, stage: .fast)
        })
    }

    func phones(_ settings: DetectionSettings, _ lines: [String]) -> [DetectedData] {
        DataDetector(settings: settings, phoneNumbers: library).detect(in: page(lines)).filter { $0.type == .phone }
    }

    func testTheLibraryFindsAndFormatsNumbers() {
        let found = library.findNumbers(in: "Tél: 03-8912 3456, ou +49 30 1234567", region: "MY")
        XCTAssertEqual(found.map(\.e164), ["+60389123456", "+49301234567"])
        // UTF-16 offsets, also after a non-ASCII character.
        XCTAssertEqual(found.first?.utf16Range, 5..<17)
        XCTAssertEqual(library.e164("(202) 456-1111", region: "US"), "+12024561111")
        XCTAssertNil(library.e164("12345", region: "US"))
        XCTAssertNil(library.e164("not a number", region: "DE"))
    }

    func testPhonesByLocaleAndCountries() {
        let my = phones(.init(locale: "en_MY"), ["TEL : 0122648835 FAX : 603-62592420"])
        XCTAssertEqual(my.map(\.value), ["+60122648835", "+60362592420"])
        XCTAssertEqual(my.map(\.text), ["0122648835", "603-62592420"])
        XCTAssertEqual(my[0].firstWord, WordIndex(line: 0, word: 2))
        XCTAssertEqual(phones(.init(locale: "de_DE"), ["Telefon: 030 1234567"]).map(\.value), ["+49301234567"])
        XCTAssertEqual(phones(.init(countries: ["US"]), ["Call (202) 456-1111 today"]).map(\.value), ["+12024561111"])
        // Without a region only international numbers are read.
        XCTAssertEqual(phones(.init(), ["Tel +44 20 7946 0958", "Tel 020 7946 0958"]).map(\.value), ["+442079460958"])
    }

    /// Without a region libphonenumber reads only numbers after a plus sign, so a line without
    /// one is not handed to it; with a region every line is.
    func testWithoutARegionOnlyLinesWithAPlusAreAsked() {
        let national = ["Call 020 7946 0958 now", "Tel 0049 30 1234567", "tel: (415) 555-2671", "011 44 20 7946 0958",
                        "Ruf 030 1234567", "TEL : 0122648835 FAX : 603-62592420", "Tél: 03-8912 3456", "１２３４５６７８９０"]
        for text in national {
            XCTAssertFalse(PhoneNumberLibrary.mayHoldNumber(text, region: "ZZ"), text)
            // The fact the gate stands on, asked of the library itself.
            XCTAssertEqual(library.matches(in: text, region: "ZZ").map(\.e164), [], text)
            XCTAssertTrue(PhoneNumberLibrary.mayHoldNumber(text, region: "GB"), text)
        }
        XCTAssertEqual(library.findNumbers(in: "Call 020 7946 0958 now", region: "GB").map(\.e164), ["+442079460958"])
        for text in ["Tel +44 20 7946 0958", "Tel ＋44 20 7946 0958", "é+44 20 7946 0958"] {
            XCTAssertTrue(PhoneNumberLibrary.mayHoldNumber(text, region: "ZZ"), text)
            XCTAssertEqual(library.findNumbers(in: text, region: "ZZ").map(\.e164), ["+442079460958"], text)
        }
        XCTAssertFalse(PhoneNumberLibrary.mayHoldNumber("ｅ＿ｆ 44", region: "ZZ"), "other fullwidth forms are not a plus")
    }

    func testNumbersThatAreNotPhones() {
        let my = DetectionSettings(locale: "en_MY")
        // Bare digit runs without a phone label: tax and invoice numbers.
        XCTAssertEqual(phones(my, ["GST Reg No. 001637511168", "Invoice 0122648835"]).map(\.value), [])
        // Dates, times and amounts keep their text.
        XCTAssertEqual(phones(my, ["Date: 21-03-2018 13:29:51", "TOTAL RM 1234.50"]).map(\.value), [])
        XCTAssertEqual(phones(.init(locale: "en_US"), ["Tel 555-0000-99999"]).map(\.value), [])
    }

    /// The stamp names the library file actually loaded, so a new libphonenumber (new numbering
    /// metadata) changes the detect stage's fingerprint.
    func testLibraryStampNamesTheLoadedLibrary() {
        let stamp = PhoneNumberLibrary.libraryStamp
        XCTAssertTrue(stamp.contains("libphonenumber.so"), stamp)
        let size = Int(stamp.split(separator: ":").dropFirst().first ?? "") ?? 0
        XCTAssertGreaterThan(size, 100_000, stamp)
    }
}
