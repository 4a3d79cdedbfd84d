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
    static func find(in line: LineText, context: PageContext) -> [Candidate] {
        let units = Array(line.text.utf16)
        let pieces = Self.pieces(in: units)
        // Every identifier holds a digit (each check below reads one; every VAT format has `\d`):
        // a run of pieces without one is not tried, and a line without one has none. Pieces are
        // ASCII: a piece's length is its UTF-16 length, and its text its units as bytes.
        let numeric = pieces.map { units[$0].contains { $0 >= 0x30 && $0 <= 0x39 } }
        guard numeric.contains(true) else { return [] }
        var out: [Candidate] = []
        var start = 0
        var compact: [UInt8] = []
        compact.reserveCapacity(34)
        while start < pieces.count {
            var best: Candidate?
            compact.removeAll(keepingCapacity: true)
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
                // The compact text (upper case), built once a digit is in the run.
                let added = from == end ? start...end : end...end
                for k in added { for u in units[pieces[k]] { compact.append(u >= 0x61 ? UInt8(u) - 0x20 : UInt8(u)) } }
                let range = pieces[start].lowerBound..<pieces[end].upperBound
                if mayBeIdentifier(length: length), mayBeIdentifier(compact, pieceCount: grouping.lengths.count),
                   let c = identify(String(decoding: compact, as: UTF8.self), grouping: grouping, line: line, range: range,
                                    context: context) { best = c }
            }
            if let best { out.append(best); start = pieces.firstIndex { $0.lowerBound >= best.spans[0].range.upperBound } ?? pieces.count } else { start += 1 }
        }
        return out
    }

    /// False only where `identify` accepts nothing: a compact text (upper-case ASCII letters and
    /// digits) of none of the shapes its checks start from: an IBAN's (a country's length,
    /// digits third and fourth), UPS's "1Z" and 18 characters, UPU S10's (two letters, nine
    /// digits, two letters), digits only, an ISBN-10's (nine digits, then a digit or "X"), eight
    /// characters in two pieces (ISSN), or a VAT number's (a member state's two letters, and a
    /// digit third in the body: every state's format has one there once the body has six
    /// characters or more).
    static func mayBeIdentifier(_ c: [UInt8], pieceCount: Int) -> Bool {
        func digit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func letter(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
        let n = c.count
        guard n >= 8 else { return c.allSatisfy(digit) }
        if c.allSatisfy(digit) || (n == 8 && pieceCount == 2) { return true }
        if n == 10, c[0..<9].allSatisfy(digit), digit(c[9]) || c[9] == UInt8(ascii: "X") { return true }
        if n == 18, c[0] == 0x31, c[1] == 0x5A { return true }
        guard letter(c[0]), letter(c[1]) else { return false }
        let country = String(decoding: c[0..<2], as: UTF8.self)
        if digit(c[4]), VATNumber.formats[country] != nil { return true }
        if n >= 4, digit(c[2]), digit(c[3]), Checksums.ibanLengths[country] == n { return true }
        return n == 13 && letter(c[11]) && letter(c[12]) && c[2...10].allSatisfy(digit)
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
        func label(_ l: Label, _ within: Int = 2) -> Bool { context.hasLabel(l, near: line.line, within: within) }
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
            if Checksums.isbn13(s) { return make(.isbn, label(.isbn, 1) ? 0.97 : 0.85) }
            let tracked = tracking && label(.tracking)
            if tracked {
                if s.count == 20, Checksums.gs1(s) { return make(.trackingNumber, 0.85, carrier: "usps") }
                if s.count == 15, Checksums.gs1(s) { return make(.trackingNumber, 0.85, carrier: "fedex") }
                if s.count == 12, Checksums.fedex12(s) { return make(.trackingNumber, 0.85, carrier: "fedex") }
                if s.count == 10, Checksums.dhl10(s) { return make(.trackingNumber, 0.8, carrier: "dhl") }
            }
        }
        if s.count == 10, Checksums.isbn10(s), label(.isbn, 1) { return make(.isbn, 0.95) }
        if s.count == 8, pieceCount == 2, Checksums.issn(s), label(.issn, 1) { return make(.issn, 0.95) }
        if s.count >= 8, let first = s.first, first.isLetter, s.dropFirst().first?.isLetter == true {
            switch VATNumber.check(s) {
            case .checked: return make(.vatID, label(.vat, 1) ? 0.97 : 0.9)
            case .formatOnly where label(.vat, 1): return make(.vatID, 0.75)
            default: break
            }
        }
        return nil
    }
}
