import DocumentModel
import DataDetection
import XCTest

/// Check-digit identifiers. Valid and invalid numbers were checked with python-stdnum 2.2
/// (IBAN, ISBN, ISSN, EU VAT) or are the carriers' published examples (UPS 1Z999AA10123456784,
/// UPU S10 AA473124829GB, FedEx 986578788855, DHL 3318810025); the USPS number's check digit
/// was computed with an independent GS1 mod-10 in Python.
final class IdentifierDetectionTests: XCTestCase {
    let d = DataDetector()

    func testIBAN() {
        XCTAssertEqual(d.values(.iban, in: ["IBAN: DE89 3704 0044 0532 0130 00"]), ["DE89370400440532013000"])
        XCTAssertEqual(d.values(.iban, in: ["GB82WEST12345698765432"]), ["GB82WEST12345698765432"])
        XCTAssertEqual(d.values(.iban, in: ["IBAN: DE89 3704 0044 0532 0130 01", "DE89 3704 0044 0532 0130"]), [])
        let found = d.found(.iban, in: ["IBAN: DE89 3704 0044 0532 0130 00 BIC"])[0]
        XCTAssertEqual(found.text, "DE89 3704 0044 0532 0130 00")
        XCTAssertEqual(found.firstWord, WordIndex(line: 0, word: 1))
        XCTAssertEqual(found.lastWord, WordIndex(line: 0, word: 6))
    }

    func testTrackingNumbersNeedTheirCheckDigit() {
        XCTAssertEqual(d.found(.trackingNumber, in: ["1Z 999 AA1 01 2345 678 4"]).map { "\($0.carrier!) \($0.value)" }, ["ups 1Z999AA10123456784"])
        XCTAssertEqual(d.values(.trackingNumber, in: ["1Z999AA10123456785"]), [])
        XCTAssertEqual(d.found(.trackingNumber, in: ["Item AA473124829GB"]).map(\.carrier), ["upu"])
        XCTAssertEqual(d.values(.trackingNumber, in: ["Item AA473124828GB"]), [])
        XCTAssertEqual(d.found(.trackingNumber, in: ["9400 1118 9922 3397 3462 70"]).map(\.carrier), ["usps"])
        XCTAssertEqual(d.values(.trackingNumber, in: ["9400 1118 9922 3397 3462 71"]), [])
        // A row of table figures is no tracking number, even when its 22 digits pass mod 10 (issue 38).
        XCTAssertEqual(d.values(.trackingNumber, in: ["9866 271918 27.6 110587 11.2"]), [])
        XCTAssertEqual(d.values(.trackingNumber, in: ["Tracking: 9866 271918 276 110587 112"]), [])
        XCTAssertEqual(d.values(.trackingNumber, in: ["9400111899223397346270"]), ["9400111899223397346270"])
        // Weak check digits need a shipping label nearby.
        XCTAssertEqual(d.found(.trackingNumber, in: ["FedEx tracking 986578788855"]).map(\.carrier), ["fedex"])
        XCTAssertEqual(d.values(.trackingNumber, in: ["FedEx tracking 986578788856"]), [])
        XCTAssertEqual(d.values(.trackingNumber, in: ["Invoice 986578788855"]), [])
        XCTAssertEqual(d.found(.trackingNumber, in: ["DHL Waybill", "3318810025"]).map(\.carrier), ["dhl"])
        XCTAssertEqual(d.values(.trackingNumber, in: ["DHL Waybill", "3318810026"]), [])
        XCTAssertEqual(d.values(.trackingNumber, in: ["Customer no. 3318810025"]), [])
    }

    func testISBNAndISSN() {
        XCTAssertEqual(d.values(.isbn, in: ["ISBN 978-3-16-148410-0"]), ["9783161484100"])
        XCTAssertEqual(d.values(.isbn, in: ["ISBN 978-3-16-148410-1"]), [])
        XCTAssertEqual(d.values(.isbn, in: ["ISBN 0-306-40615-2"]), ["0306406152"])
        XCTAssertEqual(d.values(.isbn, in: ["Order 0-306-40615-2"]), [], "ISBN-10 needs its label")
        XCTAssertEqual(d.values(.issn, in: ["ISSN 0317-8471"]), ["03178471"])
        XCTAssertEqual(d.values(.issn, in: ["ISSN 0317-8472"]), [])
        XCTAssertEqual(d.values(.issn, in: ["Ref 0317-8471"]), [])
    }

    func testEUVATNumbers() {
        let valid = ["DE136695976", "FR40303265045", "IT00743110157", "NL004495445B01", "BE0403170701", "ATU13585627",
                     "ESA28017895", "ES12345678Z", "ESX1234567L", "DK13585628", "PL5260250274", "SE556036079301",
                     "FI20774740", "PT501964843", "LU15027442", "SI50223054"]
        for n in valid { XCTAssertEqual(d.values(.vatID, in: ["VAT \(n)"]), [n], n) }
        let invalid = ["DE136695977", "FR41303265045", "IT00743110158", "NL004495446B01", "BE0403170702", "ATU13585628",
                       "ESA28017896", "DK13585627", "FI20774741", "PL5260250275", "SE556036079302"]
        for n in invalid { XCTAssertEqual(d.values(.vatID, in: ["VAT \(n)"]), [], n) }
        XCTAssertEqual(d.values(.vatID, in: ["USt-IdNr.: DE 136 695 976"]), ["DE136695976"])
        // A state without a public check rule: its format and a VAT label.
        XCTAssertEqual(d.values(.vatID, in: ["VAT no. CZ12345678"]), ["CZ12345678"])
        XCTAssertEqual(d.values(.vatID, in: ["Part CZ12345678"]), [])
    }

    func testFlightNumbersOnlyInAFlightContext() {
        XCTAssertEqual(d.values(.flightNumber, in: ["Boarding pass", "Flight LH 400 Frankfurt"]), ["LH400"])
        XCTAssertEqual(d.values(.flightNumber, in: ["Flight BA0117 Gate B12 Seat 23A"]), ["BA117"])
        XCTAssertEqual(d.values(.flightNumber, in: ["Invoice LH 400", "Total 12.00"]), [])
        // A shop receipt's payment terminal is no flight context, and an amount is no flight.
        XCTAssertEqual(d.values(.flightNumber, in: ["SUBTOTAL INCL. GST 6.00% RM 47,70", "TERMINAL: PRE", "VISA 47,70"]), [])
        XCTAssertEqual(d.values(.flightNumber, in: ["Flight departs 14:05", "MH 370.5 km"]), [])
    }
}
