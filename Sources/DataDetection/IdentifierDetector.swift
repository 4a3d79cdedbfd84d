import DocumentModel
import Foundation

/// IBANs, tracking numbers, ISBNs, ISSNs and EU VAT numbers: accepted only when their check
/// digit is right (a VAT number of a state without a public rule: its format and a VAT label).
///
/// These are often printed in groups ("DE89 3704 0044 0532 0130 00", "978-3-16-148410-0"), so a
/// line is cut into alphanumeric pieces joined by one space, "-" or "."; every run of consecutive
/// pieces is tried, compacted, and the longest valid run from each start wins. Check digits
/// that pass by chance too often (DHL's mod 7 over 10 digits, FedEx's 12 and 15 digits, USPS's
/// 20 digits, ISBN-10, ISSN) also need a label nearby ("tracking", "DHL", "ISBN", …).
enum IdentifierDetector {
    static let trackingLabel = NSRegularExpression.make(
        #"\b(track|tracking|trace|sendung|shipment|shipping|parcel|package|paket|colis|waybill|airway|awb|consignment|dhl|fedex|ups|usps|courier|delivery|envío|spedizione|zending)"#)
    static let vatLabel = NSRegularExpression.make(
        #"\b(vat|ust|ustid|ust-id|ust\.-?id|mwst|tva|iva|btw|moms|alv|dph|pdv|nip|cif|nif|p\.\s?iva|partita|tax|steuer|uid)"#)
    static let isbnLabel = NSRegularExpression.make(#"\bisbn"#)
    static let issnLabel = NSRegularExpression.make(#"\bissn"#)

    static func find(in line: LineText, context: PageContext) -> [Candidate] {
        let units = Array(line.text.utf16)
        let pieces = Self.pieces(in: units)
        // Every identifier holds a digit (each check below reads one; every VAT format has `\d`):
        // a run of pieces without one is not tried, and a line without one has none. Pieces are
        // ASCII: a piece's length is its UTF-16 length.
        let numeric = pieces.map { units[$0].contains { $0 >= 0x30 && $0 <= 0x39 } }
        guard numeric.contains(true) else { return [] }
        var out: [Candidate] = []
        var start = 0
        while start < pieces.count {
            var best: Candidate?
            var compact = ""
            var length = 0
            var grouping = Grouping()
            var firstNumeric: Int?
            for end in start..<min(pieces.count, start + 9) {
                if end > start {
                    let gap = pieces[end - 1].upperBound..<pieces[end].lowerBound
                    guard gap.count == 1, [0x20, 0x2D, 0x2E].contains(units[gap.lowerBound]) else { break }
                    if units[gap.lowerBound] == 0x2E { grouping.hasDot = true }
                }
                grouping.lengths.append(pieces[end].count)
                length += pieces[end].count
                guard length <= 34 else { break }
                if firstNumeric == nil, numeric[end] { firstNumeric = end }
                guard let from = firstNumeric else { continue }
                // The compact text, built once a digit is in the run.
                let added = from == end ? start...end : end...end
                for k in added { compact += line.substring(pieces[k]).uppercased() }
                let range = pieces[start].lowerBound..<pieces[end].upperBound
                if mayBeIdentifier(length: length),
                   let c = identify(compact, grouping: grouping, line: line, range: range, context: context) { best = c }
            }
            if let best { out.append(best); start = pieces.firstIndex { $0.lowerBound >= best.spans[0].range.upperBound } ?? pieces.count } else { start += 1 }
        }
        return out
    }

    /// The shortest identifier `identify` accepts: ISSN and VAT numbers (8 characters); IBANs
    /// have 15 or more, tracking numbers 10 or more, ISBNs 10 or 13. Shorter runs are not tried.
    static let shortestLength = 8

    /// False for a run too short to be any identifier (its compact text's length: pieces are ASCII).
    static func mayBeIdentifier(length: Int) -> Bool { length >= shortestLength }

    /// The ranges of the runs of ASCII letters and digits (`[A-Za-z0-9]+`) in a line's UTF-16 units.
    static func pieces(in units: [UInt16]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start: Int?
        for (i, unit) in units.enumerated() {
            let alnum = (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A)
            if alnum, start == nil { start = i }
            if !alnum, let s = start { out.append(s..<i); start = nil }
        }
        if let s = start { out.append(s..<units.count) }
        return out
    }

    /// How the pieces of a candidate were printed.
    struct Grouping {
        var lengths: [Int] = []
        /// A "." between pieces: "27.6" is a decimal, not part of a number's grouping.
        var hasDot = false

        /// Tracking numbers are printed whole or in groups of four ("9400 1000 0000 0000 0000 00"),
        /// never as a row of table figures ("9866 271918 27.6 110587 11.2").
        var looksLikeTracking: Bool {
            !hasDot && (lengths.count == 1 || (lengths.dropLast().allSatisfy { $0 == 4 } && lengths.last! <= 4))
        }
    }

    private static func identify(_ s: String, grouping: Grouping, line: LineText, range: Range<Int>, context: PageContext) -> Candidate? {
        let pieceCount = grouping.lengths.count
        func label(_ r: NSRegularExpression, _ within: Int = 2) -> Bool { context.hasLabel(r, near: line.line, within: within) }
        func make(_ type: DataType, _ evidence: Double, carrier: String? = nil) -> Candidate {
            Candidate(type, s, line: line.line, range: range, evidence: evidence, carrier: carrier)
        }
        let allDigits = s.allSatisfy(\.isNumber)
        if Checksums.iban(s) { return make(.iban, 0.98) }
        if Checksums.ups(s) { return make(.trackingNumber, 0.97, carrier: "ups") }
        if Checksums.s10(s), Locale.Region.isoRegions.contains(where: { $0.identifier == String(s.suffix(2)) }) {
            return make(.trackingNumber, 0.95, carrier: "upu")
        }
        if allDigits {
            let tracking = grouping.looksLikeTracking
            if tracking, s.count == 22, s.hasPrefix("9"), Checksums.gs1(s) { return make(.trackingNumber, 0.95, carrier: "usps") }
            if Checksums.isbn13(s) { return make(.isbn, label(isbnLabel, 1) ? 0.97 : 0.85) }
            let tracked = tracking && label(trackingLabel)
            if tracked {
                if s.count == 20, Checksums.gs1(s) { return make(.trackingNumber, 0.85, carrier: "usps") }
                if s.count == 15, Checksums.gs1(s) { return make(.trackingNumber, 0.85, carrier: "fedex") }
                if s.count == 12, Checksums.fedex12(s) { return make(.trackingNumber, 0.85, carrier: "fedex") }
                if s.count == 10, Checksums.dhl10(s) { return make(.trackingNumber, 0.8, carrier: "dhl") }
            }
        }
        if s.count == 10, Checksums.isbn10(s), label(isbnLabel, 1) { return make(.isbn, 0.95) }
        if s.count == 8, pieceCount == 2, Checksums.issn(s), label(issnLabel, 1) { return make(.issn, 0.95) }
        if s.count >= 8, let first = s.first, first.isLetter, s.dropFirst().first?.isLetter == true {
            switch VATNumber.check(s) {
            case .checked: return make(.vatID, label(vatLabel, 1) ? 0.97 : 0.9)
            case .formatOnly where label(vatLabel, 1): return make(.vatID, 0.75)
            default: break
            }
        }
        return nil
    }
}
