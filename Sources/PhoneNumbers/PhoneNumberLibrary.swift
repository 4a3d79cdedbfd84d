import DocumentModel
import DataDetection
import Foundation
import PhoneNumberShim

/// Phone-number finding and validation with Google's libphonenumber (Debian
/// `libphonenumber-dev`, C++, through the plain-C `PhoneNumberShim`):
/// `PhoneNumberUtil::FindNumbers` at the VALID leniency, numbers formatted as E.164.
/// See https://github.com/google/libphonenumber.
///
/// libphonenumber's `PhoneNumberUtil` is a process-wide, thread-safe singleton that the library
/// owns; the matches the shim returns are copied into Swift values and freed before each call
/// returns, so this type holds no C state and is `Sendable`.
public struct PhoneNumberLibrary: PhoneNumberParsing {
    /// How many invalid candidates the matcher may try after the last valid one (libphonenumber's
    /// `max_tries`), bounding the work on long digit-heavy lines.
    public var maxTries: Int32

    public init(maxTries: Int32 = 64) { self.maxTries = maxTries }

    public func findNumbers(in text: String, region: String) -> [PhoneNumberMatch] {
        Self.mayHoldNumber(text, region: region) ? matches(in: text, region: region) : []
    }

    /// libphonenumber's matches, always asked.
    func matches(in text: String, region: String) -> [PhoneNumberMatch] {
        var count: Int32 = 0
        // phone_find_numbers: "a fresh array owned by the caller: free it with phone_matches_free".
        guard let matches = phone_find_numbers(text, region, phone_Leniency_Valid, maxTries, &count) else { return [] }
        defer { phone_matches_free(matches, count) }
        let utf8 = Array(text.utf8)
        var out: [PhoneNumberMatch] = []
        for i in 0..<Int(count) {
            let m = matches[i]
            guard let e164 = m.e164, m.start >= 0, Int(m.start) + Int(m.length) <= utf8.count else { continue }
            // The shim reports UTF-8 byte offsets; callers work in UTF-16 (NSRange) units.
            let start = utf16Offset(utf8: utf8, byte: Int(m.start))
            let end = utf16Offset(utf8: utf8, byte: Int(m.start) + Int(m.length))
            out.append(PhoneNumberMatch(utf16Range: start..<end, e164: String(cString: e164)))
        }
        return out
    }

    /// False when libphonenumber cannot find a number in `text` for `region`, known without
    /// calling it: without a region ("ZZ", quire's default) it reads only numbers written with
    /// their country code after a plus sign (its `kPlusChars`: "+" or the fullwidth "＋"). Its
    /// matcher (ICU regular expressions set up for each search) was 6 % of a worker's time on
    /// born-digital pages, nearly all of it on lines without a plus.
    static func mayHoldNumber(_ text: String, region: String) -> Bool {
        guard region == "ZZ" else { return true }
        var bytes = text.utf8.makeIterator()
        while let b = bytes.next() {
            if b == 0x2B { return true }
            // U+FF0B FULLWIDTH PLUS SIGN: EF BC 8B.
            if b == 0xEF, bytes.next() == 0xBC, bytes.next() == 0x8B { return true }
        }
        return false
    }

    /// One number parsed on its own (`Parse` + `IsValidNumber`), as E.164; nil when it is not
    /// a valid number of `region` (or, with "+", of its own country).
    public func e164(_ number: String, region: String) -> String? {
        guard let p = phone_parse_valid_e164(number, region) else { return nil }
        defer { phone_free(p) }
        return String(cString: p)
    }

    private func utf16Offset(utf8: [UInt8], byte: Int) -> Int {
        String(decoding: utf8[0..<byte], as: UTF8.self).utf16.count
    }
}

extension PhoneNumberLibrary {
    /// The libphonenumber shared object this process loaded (its path, size and modification
    /// time): a new library brings new numbering metadata, so it is part of a stage fingerprint.
    public static let libraryStamp: String = {
        let path = String(cString: phone_library_path())
        guard !path.isEmpty else { return "libphonenumber" }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let attributes = try? FileManager.default.attributesOfItem(atPath: resolved)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        let mtime = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(resolved):\(size):\(Int(mtime))"
    }()
}
