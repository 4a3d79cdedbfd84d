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

    /// A Latin-1 name (byte 0xE9) is listed by its exact bytes, shown with `\xE9`, and opened.
    func testANameThatIsNotUTF8IsListedAndOpenedByItsBytes() throws {
        let name: [UInt8] = Array("r".utf8) + [0xE9] + Array("sum".utf8) + [0xE9] + Array(".pdf".utf8)
        let path = FilePath(root).appending(name)
        let fd = path.withCString { open($0, O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(write(fd, "%PDF-1.4", 8), 8)
        close(fd)
        let result = Discovery().walk([InputSpec(root: root, include: ["*.pdf"])])
        let found = try XCTUnwrap(result.files.first { $0.pathBytes != nil })
        XCTAssertEqual(found.path, root + "/r\\xE9sum\\xE9.pdf")
        XCTAssertEqual(found.pathBytes, path.bytes)
        XCTAssertTrue(result.warnings.isEmpty, "\(result.warnings)")
        let file = try InputFile(found.filePath)
        XCTAssertEqual(FileKind.sniff(try file.head()), .pdf)
        XCTAssertEqual(try file.sha256(), SHA256.hex(of: "%PDF-1.4"))
    }

    func testDisplayEscapesOnlyTheBytesThatAreNotUTF8() {
        XCTAssertEqual(FilePath(bytes: Array("caf".utf8) + [0xE9]).display, "caf\\xE9")
        XCTAssertEqual(FilePath("café/naïve.pdf").display, "café/naïve.pdf")
        XCTAssertNil(FilePath("café").bytesIfNotUTF8)
        // A truncated sequence and a stray continuation byte around valid text.
        XCTAssertEqual(FilePath(bytes: [0xC3, 0x41, 0x80, 0xC3, 0xA9]).display, "\\xC3A\\x80é")
    }

    /// The database reached through a symbolic link to its folder is still the database.
    func testTheDatabaseIsRecognisedByDeviceAndInodeUnderAnotherSpelling() throws {
        try FileManager.default.createSymbolicLink(atPath: "\(root!)/other/up", withDestinationPath: root)
        var discovery = Discovery()
        discovery.ignoredFiles = [Discovery.FileID(try XCTUnwrap(FilePath("\(root!)/q.sqlite").statInfo()))]
        var input = InputSpec(root: root + "/other", include: ["**/*"], followSymlinks: true)
        input.linkTargets = [root]   // the link leads out of the root: allowed by name (issue 31, item 9)
        let result = discovery.walk([input])
        XCTAssertFalse(result.files.contains { $0.path.hasSuffix("q.sqlite") }, "\(result.files.map(\.path))")
        XCTAssertTrue(result.files.contains { $0.path.hasSuffix("up/top.pdf") })
    }

    /// A regular file swapped for a FIFO between listing and reading fails at once (opening a
    /// FIFO for reading would wait for a writer for ever).
    func testAFileSwappedForAFIFOAfterListingFailsWithoutBlocking() throws {
        let listed = Discovery().walk([InputSpec(root: root, include: ["top.pdf"])])
        let top = try XCTUnwrap(listed.files.first)
        XCTAssertEqual(unlink(top.path), 0)
        XCTAssertEqual(mkfifo(top.path, 0o644), 0)
        XCTAssertThrowsError(try InputFile(top.filePath)) { error in
            XCTAssertTrue("\(error)".hasSuffix("top.pdf: not a regular file (a FIFO (named pipe)); quire reads only regular files"),
                          "\(error)")
        }
        XCTAssertThrowsError(try InputFile(FilePath("/dev/zero"))) { error in
            XCTAssertTrue("\(error)".contains("a character device"), "\(error)")
        }
    }
}
