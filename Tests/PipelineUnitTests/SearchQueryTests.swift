import XCTest
@testable import Pipeline

/// What people type into `quire search` (issue 38, item 6).
final class SearchQueryTests: XCTestCase {
    func testWhatPeopleTypeBecomesFTS5() throws {
        let cases: [(String, String)] = [
            ("invoice total", "invoice total"),
            ("invoice NEAR total", "NEAR(invoice total)"),
            ("invoice NEAR/3 total", "NEAR(invoice total, 3)"),
            ("\"delivery schedule\" NEAR leeds", "NEAR(\"delivery schedule\" leeds)"),
            ("a NEAR b NEAR/4 c", "NEAR(a b c, 4)"),
            ("18/03/2024", "\"18/03/2024\""),
            ("2024-03-15 OR INV-2024-0042", "\"2024-03-15\" OR \"INV-2024-0042\""),
            ("total: 208.20", "\"total:\" \"208.20\""),
            ("Quarterl*", "Quarterl*"),
            ("NEAR(Leeds warehouse, 2)", "NEAR(Leeds warehouse, 2)"),
            ("(invoice OR receipt) NOT draft", "( invoice OR receipt ) NOT draft"),
            ("near the end", "near the end"),
            ("café", "café"),
        ]
        for (typed, expected) in cases {
            XCTAssertEqual(try SearchQuery.fts5(typed), expected, typed)
        }
    }

    func testWhatCannotBeUnderstoodIsExplained() {
        let cases: [(String, String)] = [
            ("\"unbalanced", "never closed"),
            ("invoice AND", "AND needs something to search for on each side"),
            ("OR total", "OR needs something"),
            ("NEAR total", "NEAR needs a word or phrase on each side"),
            ("(invoice", "'(' is never closed"),
            ("invoice)", "closes no '('"),
            ("   ", "nothing to search for"),
        ]
        for (typed, message) in cases {
            XCTAssertThrowsError(try SearchQuery.fts5(typed), typed) { error in
                XCTAssertTrue((error as? SearchQuery.Problem)?.message.contains(message) == true, "\(typed): \(error)")
            }
        }
    }
}
