import DocumentModel
import Foundation

/// The reading conventions detection takes from the settings' locale (CLDR data through
/// Foundation's `Locale` and `DateFormatter`): day/month order, number separators, the default
/// currency and phone region, and month names in the locale's language (English names are
/// always known too).
struct LocaleRules: Sendable {
    enum DateOrder: String, Sendable { case dayFirst, monthFirst, yearFirst }

    /// The locale's numeric date order; nil when no locale or country was given.
    var dateOrder: DateOrder?
    var decimalSeparator: Character
    var groupingSeparator: Character
    /// True when the locale decides the separators (else both "." and "," are read by shape).
    var separatorsKnown: Bool
    var defaultCurrency: String?
    /// The currencies the settings expect (ISO 4217).
    var currencies: [String]
    var currencySymbol: String?
    /// Phone regions to read national numbers in, most likely first.
    var regions: [String]
    /// Lower-cased month names and abbreviations (without a trailing dot) → month 1...12.
    var months: [String: Int]

    init(settings: DetectionSettings) {
        let identifier = settings.locale ?? settings.countries.first.map { "en_\($0)" }
        let locale = identifier.map { Locale(identifier: $0) }
        if let locale, let format = DateFormatter.dateFormat(fromTemplate: "yMd", options: 0, locale: locale) {
            let d = format.firstIndex(of: "d"), m = format.firstIndex(of: "M"), y = format.firstIndex(of: "y")
            if let d, let m, let y {
                dateOrder = y < d && y < m ? .yearFirst : (d < m ? .dayFirst : .monthFirst)
            }
        }
        if let locale, let dec = locale.decimalSeparator?.first, let group = locale.groupingSeparator?.first {
            decimalSeparator = dec
            // French and others group with a (narrow) no-break space: OCR and PDFs give a space.
            groupingSeparator = group.isWhitespace ? " " : group
            separatorsKnown = true
        } else {
            decimalSeparator = "."; groupingSeparator = ","; separatorsKnown = false
        }
        currencies = settings.currencies
        defaultCurrency = settings.currencies.first ?? locale?.currency?.identifier
        currencySymbol = locale?.currencySymbol
        var regions = settings.countries
        if let region = locale?.region?.identifier, !regions.contains(region) { regions.insert(region, at: 0) }
        self.regions = regions
        var months: [String: Int] = [:]
        for loc in [Locale(identifier: "en_US"), locale].compactMap({ $0 }) {
            let f = DateFormatter()
            f.locale = loc
            for symbols in [f.monthSymbols, f.shortMonthSymbols, f.standaloneMonthSymbols, f.shortStandaloneMonthSymbols] {
                for (i, name) in symbols.enumerated() {
                    let key = name.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
                    if key.count >= 3, key.rangeOfCharacter(from: .decimalDigits) == nil { months[key] = i + 1 }
                }
            }
        }
        months["sept"] = 9
        self.months = months
    }
}
