import CGLib
import Foundation

/// SHA-256 through GLib's `GChecksum` (already linked via poppler-glib; Foundation on Linux has
/// no CryptoKit). https://docs.gtk.org/glib/struct.Checksum.html
final class SHA256 {
    private let checksum: OpaquePointer

    init() {
        // g_checksum_new: "Returns: the newly created GChecksum … Free with g_checksum_free()".
        checksum = g_checksum_new(G_CHECKSUM_SHA256)
    }
    deinit { g_checksum_free(checksum) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        g_checksum_update(checksum, base.assumingMemoryBound(to: guchar.self), gssize(bytes.count))
    }

    func update(_ string: String) {
        var s = string
        s.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// The lowercase hex digest; "the string … is owned by the checksum and should not be freed".
    func hexDigest() -> String { String(cString: g_checksum_get_string(checksum)) }

    static func hex(of string: String) -> String {
        let h = SHA256(); h.update(string); return h.hexDigest()
    }
}
