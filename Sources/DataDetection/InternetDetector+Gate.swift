/// Cheap tests run before the email and URL expressions: most lines of running text hold no
/// "@" and no host, and are then not searched at all (the expressions find the same either way).
extension InternetDetector {
    /// False only where `email` cannot match: it needs an "@".
    static func mayHoldEmail(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "@"))
    }

    /// False only where `url` cannot match. Each of its three forms needs, in any case, "://"
    /// (a scheme), "www", or a "." right before a generic top-level domain (a bare host). Lines
    /// that are not ASCII are always searched: ICU's case-insensitive letters take in some
    /// non-ASCII ones (the long s "ſ" matches "s", the Kelvin sign "k").
    static func mayHoldURL(_ text: String) -> Bool { mayHoldURL(Array(text.utf8)) }

    /// The same, from the text's UTF-8 bytes.
    static func mayHoldURL(_ bytes: [UInt8]) -> Bool {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return true }
        let lower = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        func has(_ word: [UInt8], at i: Int) -> Bool {
            i + word.count <= lower.count && lower[i..<i + word.count].elementsEqual(word)
        }
        for i in lower.indices {
            switch lower[i] {
            case UInt8(ascii: ":") where has(Self.schemeMark, at: i): return true
            case UInt8(ascii: "w") where has(Self.wwwMark, at: i): return true
            case UInt8(ascii: ".") where Self.domainMarks.contains(where: { has($0, at: i + 1) }): return true
            default: continue
            }
        }
        return false
    }

    private static let schemeMark = Array("://".utf8)
    private static let wwwMark = Array("www".utf8)
    private static let domainMarks = genericTLDs.map { Array($0.utf8) }
}
