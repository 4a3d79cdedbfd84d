import XCTest
@testable import Pipeline

final class RecentlyUsedTests: XCTestCase {
    func testKeepsTheMostRecentlyUsedValuesUpToItsCapacity() {
        var cache = RecentlyUsed<String, Int>(capacity: 2)
        var made = 0
        func value(_ key: String) -> Int { cache.value(for: key) { made += 1; return made } }
        XCTAssertEqual(value("eng"), 1)
        XCTAssertEqual(value("fra"), 2)
        XCTAssertEqual(value("eng"), 1, "kept, and now the most recently used")
        XCTAssertEqual(value("rus"), 3, "full: the least recently used (fra) goes")
        XCTAssertEqual(value("eng"), 1)
        XCTAssertEqual(value("fra"), 4, "made again")
        XCTAssertEqual(made, 4)
    }
}
