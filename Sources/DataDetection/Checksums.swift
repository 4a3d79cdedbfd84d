import DocumentModel
/// Check-digit rules of the identifiers detection accepts. Each takes the compact upper-case
/// form (letters and digits only) and says whether its check digit is right.
enum Checksums {
    static func digits(_ s: String) -> [Int]? {
        let d = s.compactMap(\.wholeNumberValue)
        return d.count == s.count ? d : nil
    }

    /// GS1 / USPS / FedEx Ground mod 10: weights 3, 1, 3… from the right of the data digits.
    static func gs1(_ s: String) -> Bool {
        guard let d = digits(s), d.count >= 2 else { return false }
        let data = d.dropLast()
        let sum = data.reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10 == d.last!
    }

    /// Luhn (Italian VAT numbers).
    static func luhn(_ s: String) -> Bool {
        guard let d = digits(s), d.count >= 2 else { return false }
        var sum = 0
        for (i, v) in d.reversed().enumerated() { sum += i % 2 == 1 ? (v * 2 > 9 ? v * 2 - 9 : v * 2) : v }
        return sum % 10 == 0
    }

    /// ISO 7064 mod 97-10 over letters (A = 10 … Z = 35) and digits: IBAN after moving the first
    /// four characters to the end.
    static func mod97(_ s: String) -> Int? {
        var rest = 0
        for ch in s {
            if let v = ch.wholeNumberValue { rest = (rest * 10 + v) % 97 } else if let a = ch.asciiValue, a >= 65, a <= 90 {
                rest = (rest * 100 + Int(a) - 55) % 97
            } else { return nil }
        }
        return rest
    }

    /// UPS "1Z": the 15 characters after "1Z" (letters as (ASCII − 63) mod 10), odd positions
    /// plus twice the even ones, check = (10 − sum mod 10) mod 10.
    static func ups(_ s: String) -> Bool {
        let chars = Array(s)
        guard chars.count == 18, s.hasPrefix("1Z") else { return false }
        var sum = 0
        for (i, ch) in chars[2..<17].enumerated() {
            let v: Int
            if let d = ch.wholeNumberValue { v = d } else if let a = ch.asciiValue, a >= 65, a <= 90 { v = (Int(a) - 63) % 10 } else { return false }
            sum += i % 2 == 0 ? v : 2 * v
        }
        return chars[17].wholeNumberValue == (10 - sum % 10) % 10
    }

    /// UPU S10 (international postal items, "RR123456785DE"): weights 8 6 4 2 3 5 9 7, check =
    /// 11 − sum mod 11, 10 → 0, 11 → 5.
    static func s10(_ s: String) -> Bool {
        let c = Array(s)
        guard c.count == 13, c[0...1].allSatisfy(\.isLetter), c[11...12].allSatisfy(\.isLetter),
              let d = digits(String(c[2...10])) else { return false }
        let sum = zip(d.prefix(8), [8, 6, 4, 2, 3, 5, 9, 7]).reduce(0) { $0 + $1.0 * $1.1 }
        var check = 11 - sum % 11
        if check == 10 { check = 0 } else if check == 11 { check = 5 }
        return d[8] == check
    }

    /// FedEx Express 12 digits: weights 3 1 7 over the first 11, sum mod 11 mod 10.
    static func fedex12(_ s: String) -> Bool {
        guard let d = digits(s), d.count == 12 else { return false }
        let w = [3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1]
        return zip(d.prefix(11), w).reduce(0) { $0 + $1.0 * $1.1 } % 11 % 10 == d[11]
    }

    /// DHL Express 10 digits: the first nine as a number mod 7.
    static func dhl10(_ s: String) -> Bool {
        guard let d = digits(s), d.count == 10, let n = Int(s.prefix(9)) else { return false }
        return n % 7 == d[9]
    }

    /// ISBN-10: Σ (10 − i) · dᵢ ≡ 0 mod 11, "X" = 10 in the last place.
    static func isbn10(_ s: String) -> Bool {
        let c = Array(s)
        guard c.count == 10, let d = digits(String(c[0..<9])) else { return false }
        let last = c[9] == "X" ? 10 : c[9].wholeNumberValue
        guard let last else { return false }
        let sum = zip(d, (2...10).reversed()).reduce(0) { $0 + $1.0 * $1.1 } + last
        return sum % 11 == 0
    }

    /// ISBN-13 (978/979 + EAN-13 check digit).
    static func isbn13(_ s: String) -> Bool { s.count == 13 && (s.hasPrefix("978") || s.hasPrefix("979")) && ean13(s) }

    /// EAN-13: weights 1, 3, 1… from the left.
    static func ean13(_ s: String) -> Bool { s.count == 13 && gs1(s) }

    /// ISSN: weights 8…2 over seven digits, check = (11 − sum mod 11) mod 11, 10 = "X".
    static func issn(_ s: String) -> Bool {
        let c = Array(s)
        guard c.count == 8, let d = digits(String(c[0..<7])) else { return false }
        let sum = zip(d, (2...8).reversed()).reduce(0) { $0 + $1.0 * $1.1 }
        let check = (11 - sum % 11) % 11
        return check == 10 ? c[7] == "X" : c[7].wholeNumberValue == check
    }

    /// IBAN lengths by country (ISO 13616 registry).
    static let ibanLengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29, "BY": 28,
        "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18,
        "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22,
        "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20,
        "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15,
        "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SC": 31, "SE": 24, "SI": 19,
        "SK": 24, "SM": 27, "ST": 25, "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
    ]

    static func iban(_ s: String) -> Bool {
        guard s.count >= 15, let length = ibanLengths[String(s.prefix(2))], s.count == length,
              s.dropFirst(2).prefix(2).allSatisfy(\.isNumber) else { return false }
        return mod97(String(s.dropFirst(4) + s.prefix(4))) == 1
    }
}
