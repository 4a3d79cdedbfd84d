import Foundation
import XCTest
@testable import Pipeline

/// Walking input folders on a real file system: globs, symlinks and loops, the database itself.
final class DiscoveryTests: XCTestCase {
    var root: String!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "quire-discovery-\(UUID().uuidString)"
        let fm = FileManager.default
        for dir in ["a/b", "skip", "other"] { try fm.createDirectory(atPath: "\(root!)/\(dir)", withIntermediateDirectories: true) }
        for file in ["top.pdf", "a/one.pdf", "a/b/two.png", "a/b/notes.txt", "skip/three.pdf", "other/four.pdf", "q.sqlite"] {
            XCTAssertTrue(fm.createFile(atPath: "\(root!)/\(file)", contents: Data("x".utf8)))
        }
        try fm.createSymbolicLink(atPath: "\(root!)/a/b/loop", withDestinationPath: "\(root!)/a")
        try fm.createSymbolicLink(atPath: "\(root!)/linked.pdf", withDestinationPath: "\(root!)/other/four.pdf")
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func names(_ result: Discovery.Result) -> [String] {
        result.files.map { String($0.path.dropFirst(root.count + 1)) }
    }

    func testIncludeExcludeAndTheDatabaseIsNeverAnInput() {
        var discovery = Discovery()
        discovery.ignoredPaths = ["\(root!)/q.sqlite"]
        let result = discovery.walk([InputSpec(root: root, include: ["**/*.pdf", "**/*.png", "*.sqlite"], exclude: ["skip/**"])])
        XCTAssertEqual(names(result), ["a/b/two.png", "a/one.pdf", "other/four.pdf", "top.pdf"])
        XCTAssertTrue(result.warnings.isEmpty)
    }

    func testSymlinksAreSkippedUnlessFollowedAndLoopsAreDetected() {
        let plain = Discovery().walk([InputSpec(root: root, include: ["**/*.pdf"])])
        XCTAssertFalse(names(plain).contains("linked.pdf"))
        XCTAssertFalse(names(plain).contains { $0.contains("loop") })

        let followed = Discovery().walk([InputSpec(root: root, include: ["**/*.pdf"], followSymlinks: true)])
        XCTAssertTrue(names(followed).contains("linked.pdf"))
        XCTAssertEqual(followed.warnings.count, 1, "\(followed.warnings)")
        XCTAssertTrue(followed.warnings[0].contains("symbolic link loop"), followed.warnings[0])
        // Each file once, even though the loop leads back into a/.
        XCTAssertEqual(names(followed).filter { $0.hasSuffix("one.pdf") }.count, 1)
    }

    func testAMissingRootIsAWarningNotAFailure() {
        let result = Discovery().walk([InputSpec(root: root + "/nowhere"), InputSpec(root: root, include: ["top.pdf"])])
        XCTAssertEqual(names(result), ["top.pdf"])
        XCTAssertEqual(result.warnings.count, 1)
    }
}
