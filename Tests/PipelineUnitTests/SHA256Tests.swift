import Foundation
@testable import Pipeline
import XCTest

/// Document identity is the SHA-256 of the file's bytes: the digests stored by earlier runs (with
/// GLib's implementation) must come out the same from libcrypto's.
final class SHA256Tests: XCTestCase {
    func testKnownDigests() {
        // FIPS 180-2 examples.
        XCTAssertEqual(SHA256.hex(of: ""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(of: "abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func testAFileHashedInPiecesIsItsWholeDigest() throws {
        // A million 'a's (FIPS 180-2), fed as InputFile feeds a file: in pieces of up to 1 MiB.
        let h = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 300_000)
        for size in [300_000, 300_000, 300_000, 100_000] { piece.prefix(size).withUnsafeBytes { h.update($0) } }
        XCTAssertEqual(h.hexDigest(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        XCTAssertEqual(h.hexDigest(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
