import DocumentModel
import Foundation

/// EU VAT identification numbers (VIES formats): the country prefix and its format, and the
/// check digits where the member state publishes them (AT, BE, DE, ES, FR, IT, NL, and DK, FI,
/// LU, PL, PT, SE, SI whose rules are simple weights). Other states: the format alone.
enum VATNumber {
    /// Format (after the prefix) per member state.
    static let formats: [String: String] = [
        "AT": "U\\d{8}", "BE": "[01]\\d{9}", "BG": "\\d{9,10}", "CY": "\\d{8}[A-Z]", "CZ": "\\d{8,10}", "DE": "\\d{9}",
        "DK": "\\d{8}", "EE": "\\d{9}", "EL": "\\d{9}", "ES": "[0-9A-Z]\\d{7}[0-9A-Z]", "FI": "\\d{8}",
        "FR": "[0-9A-HJ-NP-Z]{2}\\d{9}", "HR": "\\d{11}", "HU": "\\d{8}", "IE": "\\d[0-9A-Z+*]\\d{5}[A-Z]{1,2}",
        "IT": "\\d{11}", "LT": "(\\d{9}|\\d{12})", "LU": "\\d{8}", "LV": "\\d{11}", "MT": "\\d{8}",
        "NL": "\\d{9}B\\d{2}", "PL": "\\d{10}", "PT": "\\d{9}", "RO": "[1-9]\\d{1,9}", "SE": "\\d{10}01",
        "SI": "\\d{8}", "SK": "\\d{10}", "XI": "(\\d{9}|\\d{12})",
    ]

    /// `formats`, compiled once, anchored to the whole body.
    static let compiledFormats: [String: NSRegularExpression] = formats.mapValues { .make("^" + $0 + "$") }

    enum Verdict { case invalid, formatOnly, checked }

    static func check(_ s: String) -> Verdict {
        let country = String(s.prefix(2)), body = String(s.dropFirst(2))
        guard let format = compiledFormats[country], format.matches(anywhereIn: body) else { return .invalid }
        let d = body.compactMap(\.wholeNumberValue)
        switch country {
        case "AT":
            let digits = Array(d)
            var sum = 0
            for (i, v) in digits.prefix(7).enumerated() { sum += i % 2 == 0 ? v : (v * 2 / 10 + v * 2 % 10) }
            return (10 - (sum + 4) % 10) % 10 == digits[7] ? .checked : .invalid
        case "BE":
            let n = Int(body)!, head = n / 100, check = n % 100
            return 97 - head % 97 == check ? .checked : .invalid
        case "DE":
            var product = 10
            for v in d.prefix(8) {
                var sum = (v + product) % 10
                if sum == 0 { sum = 10 }
                product = (2 * sum) % 11
            }
            var check = 11 - product
            if check == 10 { check = 0 }
            return check == d[8] ? .checked : .invalid
        case "FR":
            let key = body.prefix(2)
            guard let k = Int(key) else { return .formatOnly }   // letter keys: no public rule
            let siren = Int(body.suffix(9))!
            return (12 + 3 * (siren % 97)) % 97 == k ? .checked : .invalid
        case "IT":
            return Checksums.luhn(body) ? .checked : .invalid
        case "NL":
            // Before 2020: mod 11 over the nine digits; since: ISO 7064 mod 97 over "NL" + body.
            let nine = Array(d.prefix(9))
            let sum = zip(nine.prefix(8), [9, 8, 7, 6, 5, 4, 3, 2]).reduce(0) { $0 + $1.0 * $1.1 }
            if sum % 11 == nine[8] && sum % 11 != 10 { return .checked }
            return Checksums.mod97(s) == 1 ? .checked : .invalid
        case "ES": return spanish(body) ? .checked : .invalid
        case "DK":
            return zip(d, [2, 7, 6, 5, 4, 3, 2, 1]).reduce(0) { $0 + $1.0 * $1.1 } % 11 == 0 ? .checked : .invalid
        case "FI":
            let sum = zip(d.prefix(7), [7, 9, 10, 5, 8, 4, 2]).reduce(0) { $0 + $1.0 * $1.1 }
            let check = sum % 11 == 0 ? 0 : 11 - sum % 11
            return check == d[7] ? .checked : .invalid
        case "LU":
            return Int(body.prefix(6))! % 89 == Int(body.suffix(2))! ? .checked : .invalid
        case "PL":
            let c = zip(d.prefix(9), [6, 5, 7, 2, 3, 4, 5, 6, 7]).reduce(0) { $0 + $1.0 * $1.1 } % 11
            return c != 10 && c == d[9] ? .checked : .invalid
        case "PT":
            let sum = zip(d.prefix(8), [9, 8, 7, 6, 5, 4, 3, 2]).reduce(0) { $0 + $1.0 * $1.1 }
            let check = 11 - sum % 11 >= 10 ? 0 : 11 - sum % 11
            return check == d[8] ? .checked : .invalid
        case "SE":
            return Checksums.luhn(String(body.prefix(10))) ? .checked : .invalid
        case "SI":
            let sum = zip(d.prefix(7), [8, 7, 6, 5, 4, 3, 2]).reduce(0) { $0 + $1.0 * $1.1 }
            let check = 11 - sum % 11
            return check != 11 && check % 10 == d[7] ? .checked : .invalid
        default: return .formatOnly
        }
    }

    /// Spain: DNI (8 digits + letter), NIE (X/Y/Z + 7 digits + letter), or CIF (entity letter,
    /// 7 digits, a digit or letter computed from them).
    static func spanish(_ b: String) -> Bool {
        let letters = Array("TRWAGMYFPDXBNJZSQVHLCKE")
        let c = Array(b)
        if let n = Int(String(c[0..<8])), c[8].isLetter { return letters[n % 23] == c[8] }
        if let lead = ["X": "0", "Y": "1", "Z": "2"][c[0]], let n = Int(lead + String(c[1..<8])), c[8].isLetter {
            return letters[n % 23] == c[8]
        }
        guard "ABCDEFGHJNPQRSUVW".contains(c[0]), let d = Checksums.digits(String(c[1..<8])) else { return false }
        var sum = 0
        for (i, v) in d.enumerated() { sum += i % 2 == 0 ? (v * 2 / 10 + v * 2 % 10) : v }
        let check = (10 - sum % 10) % 10
        let letter = Array("JABCDEFGHI")[check]
        return c[8] == Character(String(check)) || c[8] == letter
    }
}
