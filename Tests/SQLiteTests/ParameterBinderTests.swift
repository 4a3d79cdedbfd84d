import Foundation
import XCTest
@testable import SQLite

/// A statement run with typed binds (`Statement.execute(binding:)`, the rows of a page's words and
/// lines) stores what the same values bound as `[SQLiteBindable?]` store: type and value of every
/// column, NULLs included, and a reused statement keeps no value of the row before.
extension SQLiteTests {
    func testTypedBindsStoreWhatTheBindableArrayStores() throws {
        let db = try Database(path: dir.appendingPathComponent("t.sqlite").path)
        try db.execute(script: "CREATE TABLE t(way TEXT, a, b, c, d, e, f, g)")
        let sql = "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        let rows: [(Int64, Int, String, Double, Bool, Int?, Double?)] = [
            (7, -3, "Größe ✓ \"quoted\"", 0.1, true, 12, 13.5),
            (Int64.max, 0, "", -2.25e-7, false, nil, nil),
            (1, Int.min, "a\u{0}b-less", 1e300, true, -1, 0),
        ]
        for r in rows {
            try db.execute(sql, "array", r.0, r.1, r.2, r.3, r.4, r.5, r.6)
            try db.cachedStatement(sql).execute { p in
                try p.bind("typed"); try p.bind(r.0); try p.bind(r.1); try p.bind(r.2); try p.bind(r.3)
                try p.bind(r.4); try p.bind(r.5); try p.bind(r.6)
            }
        }
        let column = "quote(a), typeof(a), quote(b), typeof(b), quote(c), typeof(c), quote(d), typeof(d), quote(e), typeof(e), quote(f), typeof(f), quote(g), typeof(g)"
        let read = { (way: String) in
            try db.query("SELECT \(column) FROM t WHERE way = ? ORDER BY rowid", [way]) { r in (0..<14).map { r.string($0) } }
        }
        let array = try read("array"), typed = try read("typed")
        XCTAssertEqual(array.count, 3)
        XCTAssertEqual(typed, array)
        XCTAssertEqual(typed[1][10], "NULL", "a nil after a value is NULL, not the value before")
    }

    func testAFailedBindThrowsWithTheStatementsSQL() throws {
        let db = try Database(path: dir.appendingPathComponent("t.sqlite").path)
        try db.execute(script: "CREATE TABLE t(a)")
        XCTAssertThrowsError(try db.cachedStatement("INSERT INTO t VALUES (?)").execute { p in
            try p.bind(1); try p.bind(2)
        }) { error in
            XCTAssertTrue((error as! SQLiteError).description.contains("INSERT INTO t VALUES (?)"))
        }
    }
}
