import DocumentModel
import XCTest

/// `DocumentDate.choose`: first page near the top, else a labelled date, else the most frequent.
final class DocumentDateTests: XCTestCase {
    typealias C = DocumentDate.Candidate

    func testTheOrderOfTheRules() {
        let top = C(page: 1, top: 0.1, value: "2024-03-14", line: "Bristol, 14 March 2024")
        let labelled = C(page: 1, top: 0.6, value: "2024-02-01", line: "Invoice date: 01/02/2024")
        let often = [C(page: 2, top: 0.5, value: "2024-01-05", line: "delivered 5 Jan 2024"),
                     C(page: 2, top: 0.7, value: "2024-01-05", line: "paid 5 Jan 2024")]
        XCTAssertEqual(DocumentDate.choose([labelled] + often + [top]), DocumentDate(value: "2024-03-14", source: .firstPageTop))
        XCTAssertEqual(DocumentDate.choose(often + [labelled]), DocumentDate(value: "2024-02-01", source: .labelled))
        XCTAssertEqual(DocumentDate.choose([C(page: 1, top: 0.5, value: "2023-12-31", line: "x")] + often),
                       DocumentDate(value: "2024-01-05", source: .mostFrequent))
        // A tie goes to the first in reading order; non-dates are ignored; none gives nil.
        XCTAssertEqual(DocumentDate.choose([C(page: 1, top: 0.5, value: "2023-12-31", line: "x"), often[0]])?.value, "2023-12-31")
        XCTAssertNil(DocumentDate.choose([C(page: 1, top: 0.1, value: "2019-03-12/2019-03-15", line: "range")]))
        XCTAssertNil(DocumentDate.choose([]))
    }
}
