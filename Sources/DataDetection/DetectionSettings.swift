import DocumentModel
import Foundation

/// The settings of data detection (the pipeline file's `data_detection:` section).
///
/// `locale` decides how dates, numbers and phone numbers are read: day/month order, decimal and
/// grouping separators, the default currency and the default phone region. `countries` (ISO 3166
/// alpha-2) adds regions for phone numbers and, when no locale is given, the first country's
/// conventions stand in for it. `currencies` (ISO 4217) are the currencies to expect: the first
/// is the default for amounts written without a symbol, and ambiguous symbols ("$", "kr") resolve
/// to one of them when they can. See docs/data-detection.md.
public struct DetectionSettings: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var types: Set<DataType>
    public var locale: String?
    public var countries: [String]
    public var currencies: [String]

    public init(enabled: Bool = true, types: Set<DataType> = Set(DataType.allCases), locale: String? = nil,
                countries: [String] = [], currencies: [String] = []) {
        self.enabled = enabled; self.types = types; self.locale = locale
        self.countries = countries.map { $0.uppercased() }; self.currencies = currencies.map { $0.uppercased() }
    }

    /// What is wrong with these settings (unknown country or currency codes, a malformed locale),
    /// one message per problem; empty when they are fine. For the pipeline file's validation.
    public func problems() -> [String] {
        var out: [String] = []
        if let locale, locale.range(of: #"^[a-zA-Z]{2,3}([_-][A-Za-z]{4})?([_-]([A-Za-z]{2}|\d{3}))?$"#,
                                    options: .regularExpression) == nil {
            out.append("locale '\(locale)' is not a locale identifier like en_US or de_DE")
        }
        let regions = Set(Locale.Region.isoRegions.map(\.identifier))
        for c in countries where !regions.contains(c) { out.append("'\(c)' is not an ISO 3166 country code") }
        let codes = Set(Locale.commonISOCurrencyCodes)
        for c in currencies where !codes.contains(c) { out.append("'\(c)' is not an ISO 4217 currency code") }
        return out
    }
}
