import Foundation

/// The words that, near a candidate, make it a flight number, a tracking number, an ISBN, an
/// ISSN or a VAT number. Each is the expression `\b(word|word|…)` over a line lower-cased;
/// one pass over a line's bytes tells every label on it (`Label.kinds(in:)`).
///
/// The pass answers exactly as the expressions do on lines of printable ASCII (0x20–0x7E):
/// there a word start (`\b` before a letter) is the line's start or a byte that is not an
/// ASCII letter, digit or "_", and lower-casing is ASCII's. Other lines (accents, tabs, the
/// Kelvin sign that lower-cases to "k") are searched with the expressions.
enum Label: Int, CaseIterable, Sendable {
    case flight, tracking, vat, isbn, issn

    /// The words, lower case; a space stands for one optional white-space character (`\s?`).
    var words: [String] {
        switch self {
        case .flight:
            return ["flight", "flt", "boarding", "departure", "departs", "arrival", "arrives", "airline", "airport", "itinerary",
                    "pnr", "e-ticket", "flug", "abflug", "ankunft", "vol", "embarquement", "vuelo", "embarque", "volo", "penerbangan"]
        case .tracking:
            return ["track", "tracking", "trace", "sendung", "shipment", "shipping", "parcel", "package", "paket", "colis",
                    "waybill", "airway", "awb", "consignment", "dhl", "fedex", "ups", "usps", "courier", "delivery", "envío",
                    "spedizione", "zending"]
        case .vat:
            // "ust" also finds "ustid", "ust-id" and "ust.-id".
            return ["vat", "ust", "mwst", "tva", "iva", "btw", "moms", "alv", "dph", "pdv", "nip", "cif", "nif", "p. iva",
                    "partita", "tax", "steuer", "uid"]
        case .isbn: return ["isbn"]
        case .issn: return ["issn"]
        }
    }

    /// `\b(word|…)`, for lines the byte pass does not answer.
    var regex: NSRegularExpression { Self.regexes[rawValue] }

    private static let regexes: [NSRegularExpression] = allCases.map { label in
        .make(#"\b("# + label.words.map {
            NSRegularExpression.escapedPattern(for: $0).replacingOccurrences(of: " ", with: #"\s?"#)
        }.joined(separator: "|") + ")")
    }

    /// A set of labels, one bit each.
    struct Kinds: OptionSet, Sendable {
        let rawValue: UInt8
        init(rawValue: UInt8) { self.rawValue = rawValue }
        init(_ label: Label) { rawValue = 1 << UInt8(label.rawValue) }
    }

    /// The ASCII words by their first byte, with their label.
    private static let byFirstByte: [[(word: [UInt8], kinds: Kinds)]] = {
        var table = [[(word: [UInt8], kinds: Kinds)]](repeating: [], count: 128)
        for label in allCases {
            for word in label.words where word.utf8.allSatisfy({ $0 < 0x80 }) {
                let bytes = Array(word.utf8)
                table[Int(bytes[0])].append((bytes, Kinds(label)))
            }
        }
        return table
    }()

    /// The labels on a line, from its bytes; nil when the line is not printable ASCII.
    static func kinds(in bytes: [UInt8]) -> Kinds? {
        guard TextGates.isPrintableASCII(bytes) else { return nil }
        var found: Kinds = []
        TextGates.forEachWordStart(in: bytes) { i, b in
            for entry in byFirstByte[Int(b)] where !found.contains(entry.kinds) && TextGates.has(entry.word, in: bytes, at: i) {
                found.insert(entry.kinds)
            }
            return false
        }
        return found
    }
}
