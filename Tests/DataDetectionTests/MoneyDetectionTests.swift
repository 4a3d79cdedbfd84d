import DocumentModel
import DataDetection
import XCTest

final class MoneyDetectionTests: XCTestCase {
    func money(_ d: DataDetector, _ lines: [String]) -> [String] {
        d.found(.money, in: lines).map { "\($0.value) \($0.currency ?? "-")" }
    }

    func testReceiptAmountsInRinggit() {
        let my = DataDetector(settings: .init(locale: "en_MY"))
        XCTAssertEqual(money(my, ["TOTAL: 9.00", "CASH 10.00"]), ["9.00 MYR", "10.00 MYR"])
        XCTAssertEqual(money(my, ["TOTAL:9.00", "CHANGE 1.00"]), ["9.00 MYR", "1.00 MYR"])
        XCTAssertEqual(money(my, ["Total Incl. GST RM 12.50"]), ["12.50 MYR"])
        XCTAssertEqual(money(my, ["CASH RM1,234.50"]), ["1234.50 MYR"])
        XCTAssertEqual(money(my, ["Rounding Adj -0.01", "Total 9.10"]), ["-0.01 MYR", "9.10 MYR"])
        // Item lines count once the page speaks of money.
        XCTAssertEqual(money(my, ["2 x 2.20 4.40 SR", "Total 4.40", "Cash 5.00"]), ["2.20 MYR", "4.40 MYR", "4.40 MYR", "5.00 MYR"])
        let found = my.found(.money, in: ["TOTAL:9.00", "CASH 10.00"])[0]
        XCTAssertEqual(found.text, "9.00")
        XCTAssertLessThan(found.boxes[0].width, 200, "a match inside a word gets part of its box")
    }

    func testSymbolsCodesAndLocales() {
        XCTAssertEqual(money(DataDetector(settings: .init(locale: "en_US")), ["Amount due $1,234.56"]), ["1234.56 USD"])
        XCTAssertEqual(money(DataDetector(settings: .init(locale: "en_CA")), ["Amount due $12.00"]), ["12.00 CAD"])
        XCTAssertEqual(money(DataDetector(settings: .init(locale: "de_DE")), ["Summe 1.234,56 €"]), ["1234.56 EUR"])
        XCTAssertEqual(money(DataDetector(settings: .init(locale: "de_DE")), ["Betrag 1.234,56", "Bar 1.300,00 €"]),
                       ["1234.56 EUR", "1300.00 EUR"])
        XCTAssertEqual(money(DataDetector(settings: .init(locale: "fr_FR")), ["Total 1 234,56 EUR"]), ["1234.56 EUR"])
        XCTAssertEqual(money(DataDetector(), ["Price: EUR 20"]), ["20 EUR"])
        XCTAssertEqual(money(DataDetector(settings: .init(currencies: ["SEK"])), ["Att betala 120 kr"]), ["120 SEK"])
        // With no locale, the page's marks give unmarked amounts their currency.
        XCTAssertEqual(money(DataDetector(), ["Subtotal £10.00", "VAT £2.00", "Total 12.00"]), ["10.00 GBP", "2.00 GBP", "12.00 GBP"])
        XCTAssertEqual(money(DataDetector(), ["Subtotal 10.00", "Total GBP 12.00"]), ["10.00 GBP", "12.00 GBP"])
        // One symbol alone may be scan noise: it marks its own amount only.
        XCTAssertEqual(money(DataDetector(), ["Subtotal 10.00", "Qty 1.00 ¥"]), ["10.00 -", "1.00 JPY"])
    }

    func testNumbersThatAreNotMoney() {
        let my = DataDetector(settings: .init(locale: "en_MY"))
        // No money on the page: bare decimals are measurements, also beside one "total" in a paper.
        XCTAssertEqual(money(my, ["Length 10.25", "Width 3.50"]), [])
        XCTAssertEqual(money(DataDetector(), ["Method Error Time", "baseline 3.13 10.50", "ours 3.33 9.14",
                                              "Total error 3.20 (lower is better)", "in networks with taxonomies 2.10"]), [])
        // Units, percentages, one decimal, separators against the locale.
        XCTAssertEqual(money(my, ["Total weight 2.50 kg", "GST 6.00%", "Total 10.2", "Total 12,50", "Cash 5.00", "Change 1.00"]),
                       ["5.00 MYR", "1.00 MYR"])
        XCTAssertEqual(money(DataDetector(settings: .init(locale: "de_DE")), ["Summe 1,234.56", "Bar 5,00 €"]), ["5.00 EUR"])
        // "RM 28 60": the decimal point is lost, 28 would be wrong.
        XCTAssertEqual(money(my, ["TOTAL RM 28 60", "Total 28.60", "Cash 30.00"]), ["28.60 MYR", "30.00 MYR"])
        // A symbol of an unexpected currency, not against an amount with decimals, is noise.
        XCTAssertEqual(money(my, ["18/03/ 1€", "Qty £2 Of"]), [])
        XCTAssertEqual(money(DataDetector(), ["€ 00"]), [])
    }
}
