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

    enum CodingKeys: String, CodingKey { case enabled, types, locale, countries, currencies }

    /// Missing keys take their defaults, so `{}` is the default settings.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(enabled: try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? true,
                  types: try c.decodeIfPresent(Set<DataType>.self, forKey: .types) ?? Set(DataType.allCases),
                  locale: try c.decodeIfPresent(String.self, forKey: .locale),
                  countries: try c.decodeIfPresent([String].self, forKey: .countries) ?? [],
                  currencies: try c.decodeIfPresent([String].self, forKey: .currencies) ?? [])
    }

    /// Types are written sorted, so the same settings always encode to the same bytes (a stage
    /// fingerprint can hash them).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(enabled, forKey: .enabled)
        try c.encode(types.sorted(), forKey: .types)
        try c.encodeIfPresent(locale, forKey: .locale)
        try c.encode(countries, forKey: .countries)
        try c.encode(currencies, forKey: .currencies)
    }

    /// What is wrong with these settings (unknown country or currency codes, a malformed locale),
    /// one message per problem; empty when they are fine. For the pipeline file's validation.
    public func problems() -> [String] {
        var out: [String] = []
        if let locale { out += Self.localeProblems(locale) }
        let regions = Set(Locale.Region.isoRegions.map(\.identifier))
        for c in countries where !regions.contains(c) { out.append("'\(c)' is not an ISO 3166 country code") }
        let codes = Set(Locale.commonISOCurrencyCodes)
        for c in currencies where !codes.contains(c) { out.append("'\(c)' is not an ISO 4217 currency code") }
        return out
    }

    /// A locale must be a language ISO 639 knows, and a region ISO 3166 knows (`xx_YY` is
    /// neither); a language's name (`english`, `Deutsch`) is answered with its identifiers.
    static func localeProblems(_ locale: String) -> [String] {
        let shape = #"^[a-zA-Z]{2,3}([_-][A-Za-z]{4})?([_-]([A-Za-z]{2}|\d{3}))?$"#
        guard locale.range(of: shape, options: .regularExpression) != nil else {
            let hint = suggestions(forLanguageNamed: locale).map { " (did you mean \($0)?)" } ?? ""
            return ["locale '\(locale)' is not a locale identifier like en_US or de_DE\(hint)"]
        }
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        let languages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
        var out: [String] = []
        if !languages.contains(parts[0].lowercased()) {
            out.append("locale '\(locale)': '\(parts[0])' is not an ISO 639 language code (en, de, fr…)")
        }
        if parts.count > 1, parts.last!.count != 4 {
            let region = parts.last!
            let regions = Set(Locale.Region.isoRegions.map(\.identifier))
            if !regions.contains(region.uppercased()) {
                let hint = region.uppercased() == "UK" ? " (the United Kingdom is GB: en_GB)" : ""
                out.append("locale '\(locale)': '\(region)' is not an ISO 3166 region code (US, DE, MY…)\(hint)")
            }
        }
        return out
    }

    /// `english` → "'en_US', 'en_GB' or another en_ locale".
    static func suggestions(forLanguageNamed name: String) -> String? {
        let english = Locale(identifier: "en_US")
        let wanted = name.lowercased()
        for code in Locale.LanguageCode.isoLanguageCodes.map(\.identifier) where code.count == 2 {
            let names = [english.localizedString(forLanguageCode: code), Locale(identifier: code).localizedString(forLanguageCode: code)]
            guard names.contains(where: { $0?.lowercased() == wanted }) else { continue }
            let usual = code == "en" ? ["en_US", "en_GB"] : ["\(code)_\(code.uppercased())"]
            let known = Set(Locale.availableIdentifiers)
            let listed = usual.filter(known.contains)
            return (listed.isEmpty ? "" : listed.map { "'\($0)'" }.joined(separator: ", ") + " or ") + "another \(code)_ locale"
        }
        return nil
    }
}
