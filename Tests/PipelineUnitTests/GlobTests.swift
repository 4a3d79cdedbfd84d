import XCTest
@testable import Pipeline

final class GlobTests: XCTestCase {
    /// (pattern, path, expected)
    static let table: [(String, String, Bool)] = [
        ("**/*", "a.pdf", true),
        ("**/*", "x/y/z.tif", true),
        ("**/*.pdf", "scan.pdf", true),
        ("**/*.pdf", "2024/05/scan.pdf", true),
        ("**/*.pdf", "2024/05/scan.pdf.bak", false),
        ("**/*.pdf", "scan.PDF", false),
        ("*.pdf", "scan.pdf", true),
        ("*.pdf", "sub/scan.pdf", false),
        ("sub/*.pdf", "sub/scan.pdf", true),
        ("sub/*.pdf", "sub/deeper/scan.pdf", false),
        ("sub/**/*.pdf", "sub/scan.pdf", true),
        ("sub/**/*.pdf", "sub/a/b/c/scan.pdf", true),
        ("sub/**/*.pdf", "other/scan.pdf", false),
        ("**/drafts/**", "drafts/x.pdf", true),
        ("**/drafts/**", "a/b/drafts/c/x.pdf", true),
        ("**/drafts/**", "a/drafts.pdf", false),
        ("**", "anything/at/all", true),
        ("**", "", true),
        ("a/**", "a", true),
        ("a/**/b/**/c", "a/b/c", true),
        ("a/**/b/**/c", "a/x/b/y/z/c", true),
        ("a/**/b/**/c", "a/x/y/z/c", false),
        ("**/**/x", "x", true),
        ("?.tif", "a.tif", true),
        ("?.tif", "ab.tif", false),
        ("page[0-9].png", "page7.png", true),
        ("page[0-9].png", "pagex.png", false),
        ("page[!0-9].png", "pagex.png", true),
        ("*", ".hidden", true),
        ("*.pdf", "a/b", false),
        ("exact/name.pdf", "exact/name.pdf", true),
        ("exact/name.pdf", "exact//name.pdf", true),
        ("./exact/name.pdf", "exact/name.pdf", true),
        ("literal\\*.pdf", "literal*.pdf", true),
        ("literal\\*.pdf", "literalx.pdf", false),
        ("dir/", "dir", true),
    ]

    func testTable() {
        for (pattern, path, expected) in Self.table {
            XCTAssertEqual(Glob(pattern).matches(path), expected, "Glob(\"\(pattern)\").matches(\"\(path)\")")
        }
    }

    func testIgnoreCase() {
        XCTAssertTrue(Glob("**/*.pdf", ignoreCase: true).matches("A/SCAN.PDF"))
        XCTAssertFalse(Glob("**/*.pdf", ignoreCase: false).matches("A/SCAN.PDF"))
    }

    func testManyDoubleStarsStayFast() {
        // Would be exponential with naive backtracking; the table keeps it linear-ish.
        let pattern = Array(repeating: "**", count: 30).joined(separator: "/") + "/nomatch"
        let path = Array(repeating: "d", count: 60).joined(separator: "/")
        XCTAssertFalse(Glob(pattern).matches(path))
    }

    func testProblems() {
        XCTAssertNil(Glob.problem(with: "**/*.pdf"))
        XCTAssertEqual(Glob.problem(with: ""), "the pattern is empty")
        XCTAssertNotNil(Glob.problem(with: "/abs/*.pdf"))
        XCTAssertNotNil(Glob.problem(with: "a/../b"))
    }
}
