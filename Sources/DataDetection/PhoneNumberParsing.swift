import DocumentModel
/// A phone number found in a text by a phone-number library.
public struct PhoneNumberMatch: Sendable, Hashable {
    /// Where the number is, as UTF-16 offsets into the searched text (`NSRange` units).
    public var utf16Range: Range<Int>
    /// The number in E.164 ("+60312345678").
    public var e164: String
    public init(utf16Range: Range<Int>, e164: String) { self.utf16Range = utf16Range; self.e164 = e164 }
}

/// Finds valid phone numbers in text. Declared here so DataDetection stays free of C; the
/// `PhoneNumbers` target implements it over libphonenumber. Without one, phones are not detected.
public protocol PhoneNumberParsing: Sendable {
    /// Valid numbers in `text`; numbers written without a country code are read as numbers of
    /// `region` (ISO 3166 alpha-2).
    func findNumbers(in text: String, region: String) -> [PhoneNumberMatch]
}
