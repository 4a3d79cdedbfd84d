import DocumentModel
import DataDetection
import XCTest

final class DateDetectionTests: XCTestCase {
    func testNumericDateFollowsTheLocale() {
        XCTAssertEqual(DataDetector(settings: .init(locale: "en_US")).values(.date, in: ["Date: 03/04/2024"]), ["2024-03-04"])
        XCTAssertEqual(DataDetector(settings: .init(locale: "en_GB")).values(.date, in: ["Date: 03/04/2024"]), ["2024-04-03"])
        XCTAssertEqual(DataDetector(settings: .init(locale: "de_DE")).values(.date, in: ["Datum: 03.04.2024"]), ["2024-04-03"])
    }

    func testADayAboveTwelveDecidesWhateverTheLocale() {
        XCTAssertEqual(DataDetector(settings: .init(locale: "en_US")).values(.date, in: ["25/12/2018"]), ["2018-12-25"])
        XCTAssertEqual(DataDetector(settings: .init(locale: "en_GB")).values(.date, in: ["12/25/2018"]), ["2018-12-25"])
    }

    func testWithoutALocaleTheDocumentsOtherDatesDecide() {
        let detector = DataDetector()
        let monthFirst = DateOrderHint(pages: [page(["Invoice 12/25/2023"])])
        XCTAssertEqual(detector.values(.date, in: ["Due 03/04/2024"], hint: monthFirst), ["2024-03-04"])
        let dayFirst = DateOrderHint(pages: [page(["Invoice 25/12/2023"])])
        XCTAssertEqual(detector.values(.date, in: ["Due 03/04/2024"], hint: dayFirst), ["2024-04-03"])
        // The page's own deciding date, with no hint.
        XCTAssertEqual(detector.values(.date, in: ["Sent 12/25/2023", "Due 03/04/2024"]), ["2023-12-25", "2024-03-04"])
        // Nothing decides: day first, with a lower confidence than a decided date.
        let open = detector.found(.date, in: ["Due 03/04/2024"])
        XCTAssertEqual(open.map(\.value), ["2024-04-03"])
        XCTAssertLessThan(open[0].confidence, detector.found(.date, in: ["Due 25/04/2024"])[0].confidence)
        XCTAssertEqual(DateOrderHint.merged([monthFirst, monthFirst, dayFirst]), DateOrderHint(dayFirst: 1, monthFirst: 2))
    }

    func testReceiptDatesAndTwoDigitYears() {
        let my = DataDetector(settings: .init(locale: "en_MY"))
        XCTAssertEqual(my.values(.date, in: ["DATE:25/12/2018 11:49:20"]), ["2018-12-25"])
        XCTAssertEqual(my.values(.date, in: ["12-03-18 CASHIER 01"]), ["2018-03-12"])
        XCTAssertEqual(my.values(.date, in: ["Date 18/03/18"]), ["2018-03-18"])
        XCTAssertEqual(my.values(.date, in: ["born 01/02/75"]), ["1975-02-01"])
        XCTAssertEqual(my.values(.date, in: ["21 - 03 - 2018"]), ["2018-03-21"])
    }

    /// OCR's misreadings of a receipt date: a separator read as a space, letters for digits,
    /// a speck beside a separator. Read with a lower confidence than a clean date, and only when
    /// the repaired text is a valid date.
    func testDatesAsOCRMisreadsThem() {
        let my = DataDetector(settings: .init(locale: "en_MY"))
        XCTAssertEqual(my.values(.date, in: ["27.03 2018 No : CS-20243"]), ["2018-03-27"])
        XCTAssertEqual(my.values(.date, in: ["27 03/2018"]), ["2018-03-27"])
        XCTAssertEqual(my.values(.date, in: ["02:49PH $65287 0S-~05-17"]), ["2017-05-05"])
        XCTAssertEqual(my.values(.date, in: ["Date l0/O3/2018"]), ["2018-03-10"])
        XCTAssertLessThan(my.found(.date, in: ["27.03 2018"])[0].confidence, my.found(.date, in: ["27.03.2018"])[0].confidence)
        // Still not dates: an amount and a year, a product code, a word with a few digits, a
        // pair of decimals, a month that does not exist once repaired, a phone number.
        XCTAssertEqual(my.values(.date, in: ["12.00 2018", "1.10 2018", "INV-2O24-0042", "SOLD-05-17 BOX",
                                             "10.2 12.5", "Ol/SS/2018", "03-2163 2766"]), [])
        // A clean date keeps its own reading; the repair never overrides it.
        XCTAssertEqual(my.values(.date, in: ["Date:05/05/17"]), ["2017-05-05"])
    }

    func testISOAndWrittenDates() {
        let d = DataDetector(settings: .init(locale: "en_US"))
        XCTAssertEqual(d.values(.date, in: ["Issued 2024-03-21"]), ["2024-03-21"])
        XCTAssertEqual(d.values(.date, in: ["on 25 Dec 2018 at noon"]), ["2018-12-25"])
        XCTAssertEqual(d.values(.date, in: ["December 25, 2018"]), ["2018-12-25"])
        XCTAssertEqual(d.values(.date, in: ["25-DEC-18"]), ["2018-12-25"])
        XCTAssertEqual(d.values(.date, in: ["Statement March 2024"]), ["2024-03"])
        XCTAssertEqual(DataDetector(settings: .init(locale: "de_DE")).values(.date, in: ["Berlin, 3. März 2024"]), ["2024-03-03"])
    }

    func testNumbersThatAreNotDates() {
        let d = DataDetector(settings: .init(locale: "en_US"))
        // A table of measurements: decimals and pairs, never dates.
        XCTAssertEqual(d.values(.date, in: ["Length 10.2 cm", "10.2 12.5 3.04", "03/04 ratio", "1.5.10 release"]), [])
        XCTAssertEqual(d.values(.date, in: ["31/02/2024", "2024-13-01", "1.234.567"]), [])
        XCTAssertEqual(d.values(.date, in: ["Tel 03-8912-3456"]), [])
    }

    func testDateRanges() {
        let d = DataDetector(settings: .init(locale: "en_GB"))
        XCTAssertEqual(d.values(.dateRange, in: ["Stay 12/03/2019 - 15/03/2019"]), ["2019-03-12/2019-03-15"])
        XCTAssertEqual(d.values(.dateRange, in: ["Conference 3–5 March 2024"]), ["2024-03-03/2024-03-05"])
        XCTAssertEqual(d.values(.dateRange, in: ["from 1 May 2024 to 31 May 2024"]), ["2024-05-01/2024-05-31"])
        // The range replaces its two dates; a backwards pair is two dates.
        XCTAssertEqual(d.values(.date, in: ["Stay 12/03/2019 - 15/03/2019"]), [])
        XCTAssertEqual(d.values(.date, in: ["15/03/2019 - 12/03/2019"]).count, 2)
    }

    func testTimes() {
        let d = DataDetector()
        XCTAssertEqual(d.values(.time, in: ["TIME 14:35"]), ["14:35"])
        XCTAssertEqual(d.values(.time, in: ["11:49:20"]), ["11:49:20"])
        XCTAssertEqual(d.values(.time, in: ["at 2:30 PM"]), ["14:30"])
        XCTAssertEqual(d.values(.time, in: ["doors 12:05 am"]), ["00:05"])
        XCTAssertEqual(d.values(.time, in: ["from 3 pm"]), ["15:00"])
        XCTAssertEqual(d.values(.time, in: ["rendez-vous 14h30"]), ["14:30"])
        XCTAssertEqual(d.values(.time, in: ["ratio 1:2", "score 25:61", "13:30 PM"]), [])
    }

    func testDurations() {
        let d = DataDetector()
        XCTAssertEqual(d.values(.duration, in: ["takes 2 hours"]), ["PT2H"])
        XCTAssertEqual(d.values(.duration, in: ["1 hour 30 minutes"]), ["PT1H30M"])
        XCTAssertEqual(d.found(.duration, in: ["payable within 30 days."]).map(\.text), ["30 days"])
        XCTAssertEqual(d.values(.duration, in: ["1.5 hrs"]), ["PT1.5H"])
        XCTAssertEqual(d.values(.duration, in: ["2h 30min"]), ["PT2H30M"])
        XCTAssertEqual(d.values(.duration, in: ["Lieferung in 14 Tagen"]), ["P14D"])
        XCTAssertEqual(d.values(.duration, in: ["5 s", "3 m", "12 apples"]), [])
    }
}
