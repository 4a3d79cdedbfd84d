/// A word's characters read from its UTF-8 bytes when every byte is printable ASCII (0x20–0x7E):
/// then each byte is one `Character` ("\r\n", the one ASCII pair that joins, is excluded), and a
/// letter is exactly `A`–`Z` or `a`–`z`. Layout's per-character tests (text-like lines, real words
/// of display math) run on every word of a page; walking `Character`s with their Unicode property
/// look-ups was ≈ 7 % of a born-digital page's CPU. Other words take the `Character` path, so
/// both give the same answers.
enum PrintableASCII {
    /// `body` over `text`'s bytes when they are all printable ASCII; nil otherwise.
    static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let result: R?? = text.utf8.withContiguousStorageIfAvailable { bytes -> R? in
            for b in bytes where b < 0x20 || b > 0x7E { return nil }
            return body(bytes)
        }
        return result ?? nil
    }

    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
}
